package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSeededNodeAloneIsNotReady starts a node whose seed never answers: it
// says it is not ready (503 with the reason) and refuses websockets, so a
// load balancer sends its clients to nodes that serve.
func TestSeededNodeAloneIsNotReady(t *testing.T) {
	dataDir, db := clusterTestStore(t)
	dead := freeAddr(t) // nothing listens there
	n := launchNode(t, nodeArgs(dataDir, db, 2, freeAddr(t), "--join", dead))
	// A node given seeds expects peers, even when its database records no
	// other live node.
	require.Eventually(t, func() bool {
		status, body := n.readyz()
		return status == http.StatusServiceUnavailable && strings.Contains(body, "cut off")
	}, 20*time.Second, 100*time.Millisecond)
	time.Sleep(2 * time.Second)
	status, body := n.readyz()
	require.Equal(t, http.StatusServiceUnavailable, status, "it stays not ready: %s", body)

	req, err := http.NewRequest(http.MethodGet, n.base+"/api/ws", nil)
	require.NoError(t, err)
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Sec-WebSocket-Version", "13")
	req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, res.StatusCode, "websockets are refused")
	require.NotEmpty(t, res.Header.Get("Retry-After"))
}

// TestNodesFindEachOtherInTheDatabase starts two nodes on one database,
// neither given the other's address: the second finds the first through
// the database's record of live nodes and is ready only once it joined.
// The first is then killed (SIGKILL) and restarted without seeds, after the
// survivor's gossip forgot it: it joins the survivor from the record, and
// is not ready before.
func TestNodesFindEachOtherInTheDatabase(t *testing.T) {
	dataDir, db := clusterTestStore(t)
	args := func(id int, gossip string) []string { return nodeArgs(dataDir, db, id, gossip, "--log-level", "debug") }
	gossip1 := freeAddr(t)
	n1 := startMediaNode(t, args(1, gossip1))
	n2 := launchNode(t, args(2, freeAddr(t)))
	n2.waitReady(t, 30*time.Second)
	require.True(t, strings.Contains(n1.log()+n2.log(), "gossip: joined"), "one joined the other from the record:\n%s\n%s", n1.log(), n2.log())

	// Kill node 1; node 2 serves alone once node 1's record is stale.
	require.NoError(t, n1.cmd.Process.Kill())
	<-n1.done
	n2.waitReady(t, 30*time.Second)
	// Give node 2's gossip the time to declare node 1 dead and forget it.
	time.Sleep(8 * time.Second)
	n2.waitReady(t, 10*time.Second)

	// Node 1 comes back exactly as it started, without seeds.
	n1 = launchNode(t, args(1, gossip1))
	n1.waitReady(t, 30*time.Second)
	require.Eventually(t, func() bool {
		status1, _ := n1.readyz()
		status2, _ := n2.readyz()
		return status1 == http.StatusOK && status2 == http.StatusOK
	}, 30*time.Second, 100*time.Millisecond, "node 1 joined node 2 again:\n%s", n1.log())

	// The operator's view through either node: both nodes, agreeing.
	admin := demoLogin(asAdmin)
	t.Setenv("SOUK_ADMIN_PASSWORD", admin.Password)
	var out, errOut strings.Builder
	require.Eventually(t, func() bool {
		out.Reset()
		errOut.Reset()
		return run(context.Background(), []string{"cluster", "status", "--target", n1.base, "--user", admin.Email},
			&out, &errOut) == nil && strings.Contains(out.String(), "2 nodes, all views agree")
	}, 30*time.Second, 200*time.Millisecond, "cluster status: %s %s", out.String(), errOut.String())
	require.Contains(t, out.String(), "2 nodes, all views agree", "node 1:\n%s\nnode 2:\n%s", n1.log(), n2.log())
	require.Contains(t, out.String(), "node-1")
	require.Contains(t, out.String(), "node-2")

	t.Setenv("SOUK_ADMIN_PASSWORD", demoLogin(asMember).Password)
	err := run(context.Background(), []string{"cluster", "status", "--target", n2.base, "--user", demoLogin(asMember).Email},
		&out, &errOut)
	require.ErrorContains(t, err, "403", "members may not see it")
}
