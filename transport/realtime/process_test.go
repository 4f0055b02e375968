package realtime

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/persistence"
)

// The multi-node tests run each node in a child process of the test
// binary (TestNodeProcess), so that each process holds one cluster member:
// protoactor sets grpc's global logger at every member's start, which
// races with the grpc goroutines of the members already running (or not
// yet wound down) in the same process. Children are built with the same
// flags, -race included. A race in a child fails the test that started it,
// unless both of its accesses are made by third-party code: protoactor's
// member list and block list are read without their locks by its gossip
// (MemberList.ContainsMemberID, BlockList.IsBlocked and BlockedMembers),
// which the race detector reports in any cluster of several members. Those
// are logged and counted, not hidden; any race whose access is made by a
// souk function fails the test.

// nodeEnv carries a child's nodeSpec; TestNodeProcess runs only with it.
const nodeEnv = "SOUK_TEST_NODE"

// nodeSpec is what a child needs to start its node.
type nodeSpec struct {
	Seq       int
	DBURL     string
	DataDir   string
	Clustered bool
	Join      []string
	MaxRunes  int
}

// nodeInfo is what a child tells once its node serves.
type nodeInfo struct {
	Name    string
	WS      string
	Gossip  string
	Control string
}

// remoteNode is a node in a child process, reached on its control address.
type remoteNode struct {
	t      *testing.T
	info   nodeInfo
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	stdout *bytes.Buffer // written by the reading goroutine until done
	done   chan struct{} // closed once the process exited
	err    error         // why it exited; set before done is closed
}

// TestNodeProcess is a node of a multi-node test, run by startRemote in a
// child process; it does nothing when run as a test.
func TestNodeProcess(t *testing.T) {
	raw := os.Getenv(nodeEnv)
	if raw == "" {
		t.Skip("a node of the multi-node tests, started by them in a child process")
	}
	var spec nodeSpec
	require.NoError(t, json.Unmarshal([]byte(raw), &spec))
	cl := &rtCluster{t: t, clustered: spec.Clustered, dbURL: spec.DBURL, dataDir: spec.DataDir, seq: spec.Seq - 1,
		clock: &testClock{now: time.Now()}, maxRunes: spec.MaxRunes}
	n := cl.start(spec.Join...)

	stopped := make(chan struct{})
	var once sync.Once
	mux := http.NewServeMux()
	reply := func(w http.ResponseWriter, v any) { _ = json.NewEncoder(w).Encode(v) }
	mux.HandleFunc("GET /members", func(w http.ResponseWriter, _ *http.Request) { reply(w, n.members()) })
	mux.HandleFunc("GET /activations", func(w http.ResponseWriter, _ *http.Request) { reply(w, n.activations()) })
	mux.HandleFunc("POST /sessions", func(w http.ResponseWriter, r *http.Request) {
		var userID int64
		_ = json.NewDecoder(r.Body).Decode(&userID)
		nodes, err := n.sessionNodes(r.Context(), userID)
		if err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		reply(w, nodes)
	})
	mux.HandleFunc("POST /advance", func(w http.ResponseWriter, r *http.Request) {
		var d time.Duration
		_ = json.NewDecoder(r.Body).Decode(&d)
		cl.clock.Advance(d)
		reply(w, true)
	})
	mux.HandleFunc("POST /call", func(w http.ResponseWriter, r *http.Request) {
		var in remoteCall
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		ctx := action.WithRequest(r.Context(), &action.Request{Action: in.Action, Lang: "en", Viewer: in.Viewer})
		out, err := n.reg.Call(ctx, in.Action, in.Data)
		if err != nil {
			reply(w, remoteReply{Error: action.AsError(err)})
			return
		}
		b, _ := json.Marshal(out)
		reply(w, remoteReply{Reply: b})
	})
	mux.HandleFunc("POST /stop", func(w http.ResponseWriter, _ *http.Request) {
		once.Do(func() {
			n.stop()
			close(stopped)
		})
		reply(w, true)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	info, _ := json.Marshal(nodeInfo{Name: n.name, WS: n.wsURL, Gossip: n.gossip(), Control: "http://" + ln.Addr().String()})
	fmt.Printf("READY %s\n", info)
	<-stopped
	// Shutdown lets the /stop call finish its answer.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
}

type remoteCall struct {
	Action string          `json:"action"`
	Viewer action.Viewer   `json:"viewer"`
	Data   json.RawMessage `json:"data"`
}

type remoteReply struct {
	Reply json.RawMessage `json:"reply,omitempty"`
	Error *action.Error   `json:"error,omitempty"`
}

// startRemote starts the cluster's next node in a child process.
func (c *rtCluster) startRemote(join ...string) *rtNode {
	if _, child := os.LookupEnv(nodeEnv); child {
		c.t.Fatal("a node process starts no other")
	}
	t := c.t
	t.Helper()
	c.seq++
	spec, err := json.Marshal(nodeSpec{Seq: c.seq, DBURL: c.dbURL, DataDir: c.dataDir, Clustered: c.clustered, Join: join, MaxRunes: c.maxRunes})
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^TestNodeProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), nodeEnv+"="+string(spec))
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	r := &remoteNode{t: t, cmd: cmd, stderr: &bytes.Buffer{}, stdout: &bytes.Buffer{}, done: make(chan struct{})}
	cmd.Stderr = r.stderr
	require.NoError(t, cmd.Start())
	ready := make(chan nodeInfo, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "READY "); ok {
				var info nodeInfo
				if json.Unmarshal([]byte(rest), &info) == nil {
					ready <- info
				}
			} else {
				r.stdout.WriteString(sc.Text() + "\n")
			}
		}
		r.err = cmd.Wait()
		close(r.done)
	}()
	select {
	case r.info = <-ready:
	case <-r.done:
		t.Fatalf("node %d exited before it served: %v\n%s", c.seq, r.err, r.stderr)
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("node %d did not serve within 60s", c.seq)
	}
	db, err := persistence.Open(t.Context(), persistence.Config{URL: c.dbURL, DataDir: c.dataDir, Node: int64(500 + c.seq)})
	require.NoError(t, err)
	n := &rtNode{name: r.info.Name, db: db, wsURL: r.info.WS, remote: r}
	t.Cleanup(func() { n.stop() })
	c.nodes = append(c.nodes, n)
	return n
}

func (r *remoteNode) post(path string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	res, err := http.Post(r.info.Control+path, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		return fmt.Errorf("%s: %s", res.Status, b)
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// count reads a number the node reports (members, activations); -1 when it does not answer.
func (r *remoteNode) count(what string) int {
	res, err := http.Get(r.info.Control + "/" + what)
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	var n int
	if json.NewDecoder(res.Body).Decode(&n) != nil {
		return -1
	}
	return n
}

func (r *remoteNode) advance(d time.Duration) {
	var ok bool
	_ = r.post("/advance", d, &ok)
}

// call runs an action on the node as the viewer ctx carries.
func (r *remoteNode) call(ctx context.Context, name string, data json.RawMessage, out any) error {
	var res remoteReply
	if err := r.post("/call", remoteCall{Action: name, Viewer: action.RequestFrom(ctx).Viewer, Data: data}, &res); err != nil {
		return err
	}
	if res.Error != nil {
		return res.Error
	}
	return json.Unmarshal(res.Reply, out)
}

// stop stops the node gracefully and fails the test if the child found a
// race or failed otherwise.
func (r *remoteNode) stop() {
	var ok bool
	if err := r.post("/stop", nil, &ok); err != nil {
		r.t.Logf("node %s: stop: %v", r.info.Name, err)
	}
	select {
	case <-r.done:
	case <-time.After(30 * time.Second):
		_ = r.cmd.Process.Kill()
		<-r.done
	}
	ours, theirs := classifyRaces(r.stderr.String())
	failed := r.err != nil
	onlyTheirs := len(ours) == 0 && len(theirs) > 0 && onlyRaceFailures(r.stdout.String())
	switch {
	case len(ours) > 0:
		r.t.Errorf("node %s: %d data races in souk code:\n%s", r.info.Name, len(ours), strings.Join(ours, "\n"))
	case failed && !onlyTheirs:
		r.t.Errorf("node %s failed (%v):\n%s\n%s", r.info.Name, r.err, r.stdout, r.stderr)
	case len(theirs) > 0:
		r.t.Logf("node %s: %d data races inside protoactor/grpc (no souk function accesses the memory); first:\n%s",
			r.info.Name, len(theirs), theirs[0])
	}
}

// classifyRaces splits the race detector's reports into those where a
// souk function makes one of the two accesses and the others.
func classifyRaces(stderr string) (ours, theirs []string) {
	const header = "WARNING: DATA RACE"
	for _, report := range strings.Split(stderr, header)[1:] {
		report, _, _ = strings.Cut(report, "==================")
		if raceInOurCode(report) {
			ours = append(ours, header+report)
		} else {
			theirs = append(theirs, header+report)
		}
	}
	return ours, theirs
}

// raceInOurCode reports whether the first frame of either access that is
// not the runtime's belongs to a souk package.
func raceInOurCode(report string) bool {
	lines := strings.Split(report, "\n")
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if !(strings.HasPrefix(trimmed, "Read at") || strings.HasPrefix(trimmed, "Write at") ||
			strings.HasPrefix(trimmed, "Previous read at") || strings.HasPrefix(trimmed, "Previous write at")) {
			continue
		}
		for _, frame := range lines[i+1:] {
			frame = strings.TrimSpace(frame)
			if frame == "" {
				break
			}
			if strings.HasPrefix(frame, "/") || strings.HasPrefix(frame, "<") ||
				strings.HasPrefix(frame, "runtime.") || strings.HasPrefix(frame, "sync") || strings.HasPrefix(frame, "internal/") {
				continue
			}
			if strings.HasPrefix(frame, "souk/") {
				return true
			}
			break
		}
	}
	return false
}

// onlyRaceFailures reports whether the child's test output fails it for
// nothing but detected races.
func onlyRaceFailures(stdout string) bool {
	for _, line := range strings.Split(stdout, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "", line == "FAIL", strings.HasPrefix(line, "--- FAIL: TestNodeProcess"),
			strings.HasSuffix(line, "race detected during execution of test"), strings.HasPrefix(line, "PASS"),
			strings.HasPrefix(line, "ok"), strings.HasSuffix(line, "SQLite file"):
		default:
			return false
		}
	}
	return true
}
