package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRollingRestart restarts a 3-node cluster one node at a time with
// the operator's procedure (souk cluster restart): each node is stopped
// gracefully, the others agree it left, it starts again and is waited for
// until every view agrees; at the end every node runs a new process and
// all three agree.
func TestRollingRestart(t *testing.T) {
	dataDir, db := clusterTestStore(t)
	const size = 3
	var https, gossips [size]string
	for i := range size {
		https[i], gossips[i] = freeAddr(t), freeAddr(t)
	}
	args := func(i int) []string {
		var seeds []string
		for j := range size {
			if j != i {
				seeds = append(seeds, gossips[j])
			}
		}
		a := []string{"serve", "--dev", "--http", https[i], "--data", dataDir, "--node-id", fmt.Sprint(i + 1),
			"--gossip", gossips[i], "--join", strings.Join(seeds, ",")}
		if db != "" {
			a = append(a, "--db", db)
		}
		return a
	}
	var mu sync.Mutex
	procs := map[string]*mediaNode{}
	var nodes []restartNode
	for i := range size {
		n := launchNode(t, args(i))
		name := fmt.Sprintf("node-%d", i+1)
		procs[name] = n
		nodes = append(nodes, restartNode{Name: name, URL: n.base})
	}
	for _, n := range procs {
		n.waitReady(t, 60*time.Second)
	}
	pids := map[string]int{}
	for name, n := range procs {
		pids[name] = n.cmd.Process.Pid
	}

	admin := demoLogin(asAdmin)
	var out bytes.Buffer
	r := rollingRestart{
		nodes: nodes, status: adminStatus(admin.Email, admin.Password), ready: readyStatus,
		stop: func(_ context.Context, n restartNode) error {
			mu.Lock()
			p := procs[n.Name]
			mu.Unlock()
			p.stop(t)
			return nil
		},
		start: func(_ context.Context, n restartNode) error {
			var i int
			_, err := fmt.Sscanf(n.Name, "node-%d", &i)
			require.NoError(t, err)
			p := launchNode(t, args(i-1))
			mu.Lock()
			procs[n.Name] = p
			mu.Unlock()
			return nil
		},
		settle: 60 * time.Second, poll: 100 * time.Millisecond, out: &out,
	}
	require.NoError(t, r.run(context.Background()), "%s", out.String())
	t.Log(out.String())

	for _, name := range []string{"node-1", "node-2", "node-3"} {
		assert.Contains(t, out.String(), name+": stopped; 2 nodes agree")
		assert.Contains(t, out.String(), name+": back, 3 nodes agree")
		assert.NotEqual(t, pids[name], procs[name].cmd.Process.Pid, "%s runs a new process", name)
	}
	assert.Contains(t, out.String(), "rolling restart of 3 nodes done")
	st, err := r.status(context.Background(), nodes[0].URL)
	require.NoError(t, err)
	assert.True(t, st.Agree, "%v", st.Issues)
	assert.Len(t, st.Nodes, size)
}

// TestRollingRestartRefusesADisagreeingCluster does not stop anything
// while a node that should be there is missing.
func TestRollingRestartRefusesADisagreeingCluster(t *testing.T) {
	dataDir, db := clusterTestStore(t)
	n := startMediaNode(t, nodeArgs(dataDir, db, 1, freeAddr(t)))
	admin := demoLogin(asAdmin)
	stopped := false
	var out bytes.Buffer
	err := rollingRestart{
		nodes:  []restartNode{{Name: "node-1", URL: n.base}, {Name: "node-2", URL: "http://127.0.0.1:1"}},
		status: adminStatus(admin.Email, admin.Password), ready: readyStatus,
		stop:   func(context.Context, restartNode) error { stopped = true; return nil },
		start:  func(context.Context, restartNode) error { return nil },
		settle: time.Second, poll: 100 * time.Millisecond, out: &out,
	}.run(context.Background())
	require.ErrorContains(t, err, "before the restart: the nodes did not agree")
	assert.Contains(t, err.Error(), "1 nodes answer, 2 expected")
	assert.False(t, stopped, "nothing is stopped")
}

// TestClusterRestartCommand checks the command's flags and that the
// operator's stop and start commands run through the shell with the
// node's name and address.
func TestClusterRestartCommand(t *testing.T) {
	var stderr bytes.Buffer
	for _, args := range [][]string{
		{"restart"},
		{"restart", "--node", "node-1=http://a", "--node", "node-2=http://b"},
		{"restart", "--node", "node-1=http://a", "--stop", "true", "--start", "true"},
	} {
		t.Setenv("SOUK_ADMIN_PASSWORD", "x")
		err := runCluster(context.Background(), args, &bytes.Buffer{}, &stderr)
		assert.ErrorIs(t, err, errUsage, "%v", args)
	}
	err := runCluster(context.Background(), []string{"restart", "--node", "node-1"}, &bytes.Buffer{}, &stderr)
	require.Error(t, err)
	assert.Contains(t, stderr.String(), "want NAME=URL")

	dir := t.TempDir()
	file := filepath.Join(dir, "ran")
	var stdout bytes.Buffer
	step := shellStep("echo {name} {url} >> "+file, &stdout, &stderr)
	require.NoError(t, step(context.Background(), restartNode{Name: "node-2", URL: "http://127.0.0.1:8082"}))
	got, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "node-2 http://127.0.0.1:8082\n", string(got))
	assert.Error(t, shellStep("exit 3", &stdout, &stderr)(context.Background(), restartNode{Name: "node-1"}))
}
