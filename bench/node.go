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

// node is a souk serve child process the bench started.
type node struct {
	id      int
	url     string // http://127.0.0.1:port
	debug   string // host:port of pprof
	gossip  string
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
	ports, err := freePorts(5)
	if err != nil {
		return nil, err
	}
	n := &node{id: cl.size() + 1, url: "http://127.0.0.1:" + ports[0], debug: "127.0.0.1:" + ports[1],
		gossip: "127.0.0.1:" + ports[2], exited: make(chan struct{})}
	// Every bench client comes from loopback (no cap per address), and a
	// bench member writes in many rooms at once (no limit across rooms).
	args := append([]string{"serve", "--http", "127.0.0.1:" + ports[0], "--debug-addr", n.debug,
		"--node-id", strconv.Itoa(n.id), "--log-format", "json", "--ws-max-per-addr", "0", "--ws-max-guests-per-addr", "0",
		"--chat-member-limit", "0"}, cl.dbArgs()...)
	if cl.clustered {
		// A cluster member: gossip and NATS routes on loopback.
		args = append(args, "--gossip", n.gossip, "--nats-listen", "127.0.0.1:"+ports[3], "--nats-cluster", "127.0.0.1:"+ports[4])
		if first := cl.first(); first != nil {
			args = append(args, "--join", first.gossip)
		}
	}
	if n.log, err = os.Create(filepath.Join(cl.dir, "node"+strconv.Itoa(n.id)+".log")); err != nil {
		return nil, err
	}
	n.cmd = exec.Command(cl.binary, args...)
	n.cmd.Stdout, n.cmd.Stderr = n.log, n.log
	n.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := n.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start a node: %w", err)
	}
	go func() { n.exitErr = n.cmd.Wait(); close(n.exited) }()
	cl.mu.Lock()
	cl.nodes = append(cl.nodes, n)
	cl.mu.Unlock()
	if err := n.waitReady(ctx, 60*time.Second); err != nil {
		return nil, fmt.Errorf("node %d: %w; its log ends with: %s", n.id, err, lastLines(readFile(n.log.Name()), 15))
	}
	return n, nil
}

// waitReady polls /readyz until it answers 200.
func (n *node) waitReady(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	client := &http.Client{Timeout: 2 * time.Second}
	for time.Now().Before(deadline) {
		select {
		case <-n.exited:
			return fmt.Errorf("exited: %v", n.exitErr)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		resp, err := client.Get(n.url + "/readyz")
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return errors.New("not ready after " + limit.String())
}

// stopNode stops a node gracefully (SIGTERM), killing it after limit.
func (n *node) stopNode(limit time.Duration) {
	if n.cmd.Process == nil {
		return
	}
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.exited:
	case <-time.After(limit):
		_ = n.cmd.Process.Kill()
		<-n.exited
	}
	_ = n.log.Close()
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
				name := filepath.Base(n.log.Name())
				_ = os.WriteFile(filepath.Join(cl.keepLogs, name), []byte(readFile(n.log.Name())), 0o644)
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
		select {
		case <-n.exited:
		default:
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
