package cluster

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// peerEnv makes the test binary run one cluster node until it is killed:
// the failure-detection test runs its nodes as processes, so that one can
// be frozen and another killed as a crash would, and so that protoactor's
// own data races (DESIGN.md) stay out of the test process. Its value is
// the node's JSON peerSpec.
const peerEnv = "SOUK_CLUSTER_TEST_PEER"

// peerSpec says how a peer process starts.
type peerSpec struct {
	Name   string `json:"name"`
	Gossip string `json:"gossip"`
	Join   string `json:"join,omitempty"`
	// Report makes it print its view (a peerView) on stdout each time it changes.
	Report bool `json:"report,omitempty"`
}

// peerView is what a reporting peer prints.
type peerView struct {
	// Peers are the others in the topology it gave protoactor last: node
	// name → member id.
	Peers map[string]string `json:"peers"`
	Down  []string          `json:"down"` // member ids found gone by their refused addresses
}

func TestMain(m *testing.M) {
	if spec := os.Getenv(peerEnv); spec != "" {
		runPeer(spec)
		return
	}
	os.Exit(m.Run())
}

// runPeer runs a node until the process is killed.
func runPeer(raw string) {
	var spec peerSpec
	if err := json.Unmarshal([]byte(raw), &spec); err != nil {
		panic(err)
	}
	cfg := Config{NodeName: spec.Name, Gossip: spec.Gossip, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if spec.Join != "" {
		cfg.Join = []string{spec.Join}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	n, err := Start(ctx, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "peer:", err)
		os.Exit(1)
	}
	if !spec.Report {
		select {}
	}
	last := ""
	for range time.Tick(10 * time.Millisecond) {
		p := n.member.Load().provider
		v := peerView{Peers: map[string]string{}, Down: []string{}}
		for _, peer := range p.Peers() {
			v.Peers[peer.Node] = peer.MemberID
		}
		p.mu.Lock()
		for id := range p.down {
			v.Down = append(v.Down, id)
		}
		p.mu.Unlock()
		slices.Sort(v.Down)
		b, _ := json.Marshal(v)
		if string(b) != last {
			fmt.Println(string(b))
			last = string(b)
		}
	}
}

// peerProc is a running peer process.
type peerProc struct {
	proc   *os.Process
	exited chan struct{} // closed when its output ends

	mu     sync.Mutex
	view   peerView     // guarded by mu: the last it reported
	stderr bytes.Buffer // guarded by mu
}

// Write collects the process's error output.
func (p *peerProc) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.Write(b)
}

func (p *peerProc) last() peerView {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.view
}

// startPeer starts a peer process; it is killed at cleanup.
func startPeer(t *testing.T, spec peerSpec) *peerProc {
	t.Helper()
	raw, err := json.Marshal(spec)
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), peerEnv+"="+string(raw))
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	p := &peerProc{exited: make(chan struct{})}
	cmd.Stderr = p
	require.NoError(t, cmd.Start())
	p.proc = cmd.Process
	go func() {
		defer close(p.exited)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var v peerView
			if json.Unmarshal(sc.Bytes(), &v) == nil {
				p.mu.Lock()
				p.view = v
				p.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGCONT)
		_ = cmd.Process.Kill()
		<-p.exited
		_ = cmd.Wait()
	})
	return p
}

// failure says why a peer did not report: whether it exited, and the end
// of its error output.
func (p *peerProc) failure() string {
	state := "it runs"
	select {
	case <-p.exited:
		state = "it exited"
	default:
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.stderr.Bytes()
	return state + ": " + string(out[max(0, len(out)-2000):])
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// TestKilledPeerLeavesBeforeMemberlistsVerdict: a peer whose process is
// killed is out of the topology as soon as its addresses refuse
// connections, not after memberlist's suspicion time; a peer frozen for a
// second and a half (a node starved of CPU) is not taken for dead.
func TestKilledPeerLeavesBeforeMemberlistsVerdict(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three node processes")
	}
	t.Parallel()
	seed := freeAddr(t)
	observer := startPeer(t, peerSpec{Name: "observer", Gossip: seed, Report: true})
	frozen := startPeer(t, peerSpec{Name: "frozen", Gossip: "127.0.0.1:0", Join: seed})
	killed := startPeer(t, peerSpec{Name: "killed", Gossip: "127.0.0.1:0", Join: seed})
	require.Eventually(t, func() bool { return len(observer.last().Peers) == 2 },
		45*time.Second, 20*time.Millisecond, "the three nodes see each other: %+v; observer: %s; frozen: %s; killed: %s", observer.last(),
		observer.failure(), frozen.failure(), killed.failure())
	killedID := observer.last().Peers["killed"]

	require.NoError(t, frozen.proc.Signal(syscall.SIGSTOP))
	thaw := time.Now().Add(1500 * time.Millisecond)
	for time.Now().Before(thaw.Add(time.Second)) {
		if time.Now().After(thaw) {
			require.NoError(t, frozen.proc.Signal(syscall.SIGCONT))
		}
		v := observer.last()
		require.Len(t, v.Peers, 2, "a frozen peer is not taken for dead: %+v", v)
		require.Empty(t, v.Down)
		time.Sleep(20 * time.Millisecond)
	}

	require.NoError(t, killed.proc.Kill())
	require.Eventually(t, func() bool { return len(observer.last().Peers) == 1 }, 20*time.Second, 10*time.Millisecond)
	v := observer.last()
	assert.Contains(t, v.Peers, "frozen")
	assert.NotContains(t, v.Peers, "killed")
	assert.Equal(t, []string{killedID}, v.Down,
		"taken out because its addresses refused connections, not by memberlist's verdict")
}

func TestRefused(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	assert.False(t, refused(addr), "something listens (even if it never accepts)")
	require.NoError(t, ln.Close())
	// A test running beside may take the freed port at once; of a few
	// freed ports, one is still free when asked.
	seen := refused(addr)
	for range 4 {
		if seen {
			break
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr = ln.Addr().String()
		require.NoError(t, ln.Close())
		seen = refused(addr)
	}
	assert.True(t, seen, "nothing listens")
}
