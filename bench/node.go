package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// UsersFile is the credentials file `souk seed --bench-users N` writes
// (the same JSON as app/benchusers.File: the bench talks to servers only,
// so it keeps its own copy of the shape).
type UsersFile struct {
	CreatedAt int64       `json:"createdAt"`
	Password  string      `json:"password"`
	Users     []BenchUser `json:"users"`
}

// BenchUser is one member's socket credentials.
type BenchUser struct {
	ID        string `json:"id"`
	Email     string `json:"email"`
	Signature string `json:"signature"`
	Timestamp string `json:"timestamp"`
}

// socketTokenAge is how long the server accepts a socket token.
const socketTokenAge = 24 * time.Hour

func readUsers(path string) (*UsersFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the bench members' file: %w (create it with: souk seed --bench-users N --bench-users-file %s)", err, path)
	}
	var f UsersFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("read the bench members' file %s: %w", path, err)
	}
	if len(f.Users) == 0 {
		return nil, fmt.Errorf("the bench members' file %s lists nobody", path)
	}
	if age := time.Since(time.UnixMilli(f.CreatedAt)); age > socketTokenAge-time.Hour {
		return nil, fmt.Errorf("the bench members' file %s is %s old: its socket tokens expire after 24 hours; run souk seed --bench-users again", path, age.Round(time.Minute))
	}
	return &f, nil
}

// node is a souk serve child process the bench started. A node stopped or
// killed may be started again under the same id and addresses (restart):
// the process fields then describe the new process.
type node struct {
	id     int
	http   string // its listener, 127.0.0.1:port
	url    string // http://127.0.0.1:port
	debug  string // host:port of pprof
	gossip string
	// natsListen and natsCluster are its embedded NATS server's addresses.
	natsListen, natsCluster string

	mu      sync.Mutex // guards the process fields below, replaced by a restart
	cmd     *exec.Cmd
	log     *os.File
	exited  chan struct{}
	exitErr error
}

// cluster is the nodes a run started and the folder they share.
type cluster struct {
	binary string
	dir    string
	db     string // empty: SQLite in dir, shared by the nodes
	users  *UsersFile
	// clustered starts every node as a cluster member (gossip, NATS routes),
	// so that more can join.
	clustered bool
	// keepLogs is where the nodes' logs are copied when they stop; empty: nowhere.
	keepLogs string

	mu    sync.Mutex
	nodes []*node // guarded by mu: a scale run adds one while clients reconnect
}

// startCluster seeds a fresh database with users bench members and rooms
// chat rooms and starts n nodes on loopback; clustered makes even a single
// one a cluster member. extraSeed are more flags of souk seed.
func startCluster(ctx context.Context, binary, db string, n, users, rooms int, clustered bool, keepLogs string,
	extraSeed ...string) (*cluster, error) {
	dir, err := os.MkdirTemp("", "souk-bench-*")
	if err != nil {
		return nil, err
	}
	cl := &cluster{binary: binary, dir: dir, db: db, clustered: clustered || n > 1, keepLogs: keepLogs}
	usersPath := filepath.Join(dir, "bench-users.json")
	seedArgs := append([]string{"seed", "--bench-users", strconv.Itoa(users), "--bench-users-file", usersPath,
		"--bench-rooms", strconv.Itoa(rooms)}, append(extraSeed, cl.dbArgs()...)...)
	seed := exec.CommandContext(ctx, binary, seedArgs...)
	out, err := seed.CombinedOutput()
	if err != nil {
		cl.stop()
		return nil, fmt.Errorf("souk seed: %w: %s", err, lastLines(string(out), 10))
	}
	if cl.users, err = readUsers(usersPath); err != nil {
		cl.stop()
		return nil, err
	}
	for range n {
		if _, err := cl.addNode(ctx); err != nil {
			cl.stop()
			return nil, err
		}
	}
	return cl, nil
}

func (cl *cluster) dbArgs() []string {
	args := []string{"--data", cl.dir}
	if cl.db != "" {
		args = append(args, "--db", cl.db)
	}
	return args
}

// addNode starts one more node, joining the first, and waits until it is ready.
func (cl *cluster) addNode(ctx context.Context) (*node, error) {
	for attempt := 1; ; attempt++ {
		n, err := cl.tryAddNode(ctx)
		if err == nil || !errors.Is(err, errPortTaken) || attempt == addNodeAttempts {
			return n, err
		}
	}
}

// addNodeAttempts bounds the starts of a node whose ports were taken.
const addNodeAttempts = 3

// errPortTaken marks a node that could not listen on a port freePorts
// found free: another process (a test running beside) took it between.
var errPortTaken = errors.New("a port was taken")

func (cl *cluster) tryAddNode(ctx context.Context) (*node, error) {
	ports, err := freePorts(5)
	if err != nil {
		return nil, err
	}
	n := &node{id: cl.size() + 1, http: "127.0.0.1:" + ports[0], url: "http://127.0.0.1:" + ports[0], debug: "127.0.0.1:" + ports[1],
		gossip: "127.0.0.1:" + ports[2], natsListen: "127.0.0.1:" + ports[3], natsCluster: "127.0.0.1:" + ports[4]}
	var join []string
	if first := cl.first(); first != nil {
		join = []string{first.gossip}
	}
	if err := cl.startProcess(n, join); err != nil {
		return nil, err
	}
	cl.mu.Lock()
	cl.nodes = append(cl.nodes, n)
	cl.mu.Unlock()
	if err := n.waitReady(ctx, 60*time.Second); err != nil {
		log := lastLines(readFile(n.logPath(cl)), 15)
		if exited(n) && strings.Contains(log, "address already in use") {
			cl.mu.Lock()
			cl.nodes = slices.DeleteFunc(cl.nodes, func(x *node) bool { return x == n })
			cl.mu.Unlock()
			err = errors.Join(err, errPortTaken)
		}
		return nil, fmt.Errorf("node %d: %w; its log ends with: %s", n.id, err, log)
	}
	return n, nil
}

// exited reports whether n's process has exited.
func exited(n *node) bool {
	select {
	case <-n.done():
		return true
	default:
		return false
	}
}

// restartNode starts a node that stopped (or was killed) again under the
// same id and addresses, joining join (none: it finds its peers through
// the shared database's record of live nodes, as a node restarted by hand
// without --join does), and waits until it is ready, telling what its
// /readyz answered before.
func (cl *cluster) restartNode(ctx context.Context, n *node, join []string) (readiness, error) {
	if !exited(n) {
		return readiness{}, fmt.Errorf("node %d is still running", n.id)
	}
	if err := cl.startProcess(n, join); err != nil {
		return readiness{}, err
	}
	seen, err := n.watchReady(ctx, 60*time.Second, 20*time.Millisecond)
	if err != nil {
		return seen, fmt.Errorf("node %d restarted: %w; its log ends with: %s", n.id, err, lastLines(readFile(n.logPath(cl)), 15))
	}
	return seen, nil
}

func (n *node) logPath(cl *cluster) string {
	return filepath.Join(cl.dir, "node"+strconv.Itoa(n.id)+".log")
}

// benchWarmConns are the PostgreSQL connections each node the bench
// starts opens as it starts: the nodes' default pool.
const benchWarmConns = 16

// startProcess starts n's souk serve process, seeded with join. Its log
// is appended to, so that a restarted node's log holds every life.
func (cl *cluster) startProcess(n *node, join []string) error {
	// Every bench client comes from loopback (no cap per address), and a
	// bench member writes in many rooms at once (no limit across rooms).
	args := append([]string{"serve", "--http", n.http,
		"--debug-addr", n.debug, "--node-id", strconv.Itoa(n.id), "--log-format", "json", "--ws-max-per-addr", "0",
		"--ws-max-guests-per-addr", "0", "--chat-member-limit", "0"}, cl.dbArgs()...)
	if cl.clustered {
		// A cluster member: gossip and NATS routes on loopback.
		args = append(args, "--gossip", n.gossip, "--nats-listen", n.natsListen, "--nats-cluster", n.natsCluster)
		if len(join) > 0 {
			args = append(args, "--join", strings.Join(join, ","))
		}
	}
	log, err := os.OpenFile(n.logPath(cl), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	cmd := exec.Command(cl.binary, args...)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if cl.db != "" {
		// A node that has served a while holds its pool open; the measured
		// load should not begin with every node opening its connections.
		// Through the environment, which a build without the setting
		// ignores (--node-binary).
		cmd.Env = append(os.Environ(), "SOUK_DB_WARM_CONNS="+strconv.Itoa(benchWarmConns))
	}
	if err := cmd.Start(); err != nil {
		_ = log.Close()
		return fmt.Errorf("start node %d: %w", n.id, err)
	}
	exited := make(chan struct{})
	n.mu.Lock()
	n.cmd, n.log, n.exited, n.exitErr = cmd, log, exited, nil
	n.mu.Unlock()
	go func() {
		err := cmd.Wait()
		n.mu.Lock()
		n.exitErr = err
		n.mu.Unlock()
		close(exited)
	}()
	return nil
}

// done is closed when n's current process has exited.
func (n *node) done() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.exited
}

func (n *node) process() (*exec.Cmd, *os.File) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.cmd, n.log
}

// running reports whether n's current process has not exited.
func (n *node) running() bool {
	select {
	case <-n.done():
		return false
	default:
		return true
	}
}

// kill ends n's process with SIGKILL, as a crash would, and waits for it.
func (n *node) kill() {
	cmd, _ := n.process()
	_ = cmd.Process.Signal(syscall.SIGKILL)
	<-n.done()
}

// waitReady polls /readyz until it answers 200.
func (n *node) waitReady(ctx context.Context, limit time.Duration) error {
	_, err := n.watchReady(ctx, limit, 100*time.Millisecond)
	return err
}

// readiness is what a starting node's /readyz answered before it said 200.
type readiness struct {
	// notReady counts its 503 answers, reason is the last one's reason.
	notReady int
	reason   string
	// took is from the first poll to the first 200.
	took time.Duration
}

// watchReady polls n's /readyz every poll until it says 200, at most
// limit, and tells what it answered before.
func (n *node) watchReady(ctx context.Context, limit, poll time.Duration) (readiness, error) {
	var seen readiness
	began := time.Now()
	deadline := began.Add(limit)
	client := &http.Client{Timeout: 2 * time.Second}
	exited := n.done()
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			n.mu.Lock()
			defer n.mu.Unlock()
			return seen, fmt.Errorf("exited: %v", n.exitErr)
		case <-ctx.Done():
			return seen, ctx.Err()
		case <-time.After(poll):
		}
		resp, err := client.Get(n.url + "/readyz")
		if err != nil {
			continue
		}
		var body struct {
			Reason string `json:"reason"`
		}
		_ = json.NewDecoder(io.LimitReader(resp.Body, 4096)).Decode(&body)
		_ = resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			seen.took = time.Since(began)
			return seen, nil
		case http.StatusServiceUnavailable:
			seen.notReady++
			seen.reason = body.Reason
		}
	}
	return seen, errors.New("not ready after " + limit.String())
}

// stopNode stops a node gracefully (SIGTERM), killing it after limit.
func (n *node) stopNode(limit time.Duration) {
	cmd, log := n.process()
	if cmd == nil || cmd.Process == nil {
		return
	}
	exited := n.done()
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(limit):
		_ = cmd.Process.Kill()
		<-exited
	}
	_ = log.Close()
}

// stop ends every node, keeps their logs in keepLogs (when set) and
// removes the folder.
func (cl *cluster) stop() {
	for _, n := range cl.all() {
		n.stopNode(15 * time.Second)
	}
	if cl.keepLogs != "" {
		if err := os.MkdirAll(cl.keepLogs, 0o755); err == nil {
			for _, n := range cl.all() {
				path := n.logPath(cl)
				_ = os.WriteFile(filepath.Join(cl.keepLogs, filepath.Base(path)), []byte(readFile(path)), 0o644)
			}
		}
	}
	_ = os.RemoveAll(cl.dir)
}

// all is every node started so far.
func (cl *cluster) all() []*node {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return append([]*node(nil), cl.nodes...)
}

func (cl *cluster) size() int { return len(cl.all()) }

// first is the first node, or nil before any.
func (cl *cluster) first() *node {
	if all := cl.all(); len(all) > 0 {
		return all[0]
	}
	return nil
}

// urls are the nodes still running.
func (cl *cluster) urls() []string {
	var out []string
	for _, n := range cl.all() {
		if n.running() {
			out = append(out, n.url)
		}
	}
	return out
}

// freePorts returns n loopback ports free right now.
func freePorts(n int) ([]string, error) {
	var lns []net.Listener
	defer func() {
		for _, ln := range lns {
			_ = ln.Close()
		}
	}()
	ports := make([]string, 0, n)
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		lns = append(lns, ln)
		ports = append(ports, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
	}
	return ports, nil
}

func readFile(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}

func lastLines(s string, n int) string {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) > n {
			lines = lines[1:]
		}
	}
	return strings.Join(lines, "\n")
}
