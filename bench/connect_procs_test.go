package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// TestConnectProcsSmoke: connect --procs opens the websockets in worker
// processes of the souk binary and merges their figures; the node's
// descriptors are read at idle and while the sockets are held.
func TestConnectProcsSmoke(t *testing.T) {
	t.Parallel()
	rep, fields := smoke(t, "connect", "--conns", "40", "--procs", "2", "--ramp", "200ms", "--duration", "1s")
	require.NotNil(t, rep.Connection)
	assert.EqualValues(t, 40, rep.Connection.Opened, "both workers' connections, merged")
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	assert.Positive(t, rep.Connection.PerSecond)
	assert.Positive(t, rep.Connection.HandshakeMs.P99, "the workers' handshake histograms, merged")
	assert.EqualValues(t, 2, rep.Params["procs"])
	assert.Contains(t, fields, "bytes_per_conn")
	require.Len(t, rep.Server, 1)
	s := rep.Server[0]
	assert.True(t, s.Collected)
	assert.Positive(t, s.FDsIdle)
	assert.GreaterOrEqual(t, s.FDsHeld, s.FDsIdle+40, "every socket is one of the node's descriptors")
	assert.Greater(t, s.FDLimit, s.FDsIdle)
	assert.Positive(t, rep.Client.CPUSeconds, "the workers' CPU counts as the client's")
}

// TestConnectAtNodeFileLimit: a node out of descriptors answers the
// connections past its limit at once (503, not left in the listen queue
// until the client's 10 s timeout), keeps serving those it holds, and takes
// new ones once descriptors are free again.
func TestConnectAtNodeFileLimit(t *testing.T) {
	t.Parallel()
	require.NoError(t, buildErr)
	dir := t.TempDir()
	usersPath := filepath.Join(dir, "users.json")
	out, err := exec.Command(soukBinary, "seed", "--bench-users", "150", "--bench-users-file", usersPath, "--data", dir).CombinedOutput()
	require.NoError(t, err, string(out))
	ports, err := freePorts(2)
	require.NoError(t, err)
	url, debug := "http://127.0.0.1:"+ports[0], "127.0.0.1:"+ports[1]
	logf, err := os.Create(filepath.Join(dir, "node.log"))
	require.NoError(t, err)
	defer logf.Close()
	cmd := exec.Command(soukBinary, "serve", "--http", "127.0.0.1:"+ports[0], "--debug-addr", debug, "--data", dir,
		"--ws-max-per-addr", "0", "--ws-max-guests-per-addr", "0", "--log-format", "json")
	cmd.Stdout, cmd.Stderr = logf, logf
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	const limit = 100
	require.NoError(t, unix.Prlimit(cmd.Process.Pid, unix.RLIMIT_NOFILE, &unix.Rlimit{Cur: limit, Max: limit}, nil))
	ready := func() bool {
		resp, err := http.Get(url + "/readyz")
		if err != nil {
			return false
		}
		_ = resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}
	require.Eventually(t, ready, 60*time.Second, 100*time.Millisecond, "the node serves")
	fds, ok := processFDs(cmd.Process.Pid)
	require.True(t, ok)
	require.Equal(t, limit, fds.limit)
	require.Less(t, fds.open, limit/2, "room for some connections")

	run := func(conns int) *Report {
		path := filepath.Join(t.TempDir(), "report.json")
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		var stdout, stderr bytes.Buffer
		err := Main(ctx, []string{"connect", "--target", url, "--debug-addr", debug, "--users-file", usersPath,
			"--conns", strconv.Itoa(conns), "--ramp", "0", "--duration", "1s", "--json", path, "--quiet"},
			Env{Stdout: &stdout, Stderr: &stderr, Version: "test", Binary: soukBinary})
		require.NoError(t, err, stderr.String())
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		var rep Report
		require.NoError(t, json.Unmarshal(raw, &rep))
		require.NotNil(t, rep.Connection)
		return &rep
	}
	began := time.Now()
	rep := run(150)
	took := time.Since(began)
	c := rep.Connection
	assert.Positive(t, c.Opened)
	assert.Less(t, c.Opened, int64(limit), "no more sockets than descriptors")
	assert.EqualValues(t, 150, c.Opened+c.Failed, "every other one refused")
	assert.Zero(t, c.Dropped, "the sockets it holds stay open")
	assert.Less(t, took, 9*time.Second, "refused at once, not after the client's 10 s timeout")
	// Once the clients' closes reach it, its descriptors are free for new
	// requests again (while it holds every one, even /readyz is refused).
	assert.Eventually(t, ready, 10*time.Second, 50*time.Millisecond, "still serving")
	// The first run's sockets are closed: the descriptors are free again.
	rep = run(20)
	assert.EqualValues(t, 20, rep.Connection.Opened)
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	log, _ := os.ReadFile(logf.Name())
	assert.Contains(t, string(log), "refusing new connections with 503")
	assert.Less(t, strings.Count(string(log), "Accept error"), 10, "no accept loop")
}

func TestProcsRefusedOutsideConnect(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"chat", "--procs", "2"},
		{"connect", "--procs", "0"},
		{"connect", "--procs", "65"},
	} {
		var stderr bytes.Buffer
		err := Main(context.Background(), args, Env{Stdout: &bytes.Buffer{}, Stderr: &stderr})
		assert.ErrorIs(t, err, ErrUsage, "%v", args)
		assert.Contains(t, stderr.String(), "--procs", "%v says why", args)
	}
}

func TestLoopbackSources(t *testing.T) {
	t.Parallel()
	src := loopbackSources([]string{"http://127.0.0.1:8080", "http://localhost:1"})
	assert.Nil(t, src, "a host name: the system chooses")
	src = loopbackSources([]string{"http://127.0.0.1:8080"})
	require.Len(t, src, connectSources)
	assert.Equal(t, "127.0.0.2", src[0].String())
	assert.Nil(t, loopbackSources([]string{"http://10.0.0.1:8080"}), "not loopback")
}
