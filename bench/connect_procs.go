package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// connectWorker is the hidden mode of souk bench in which a process opens
// its share of connect's websockets for a parent running with --procs
// (one process may hold at most its open-file limit of sockets).
const connectWorker = "connect-worker"

// workerSpec is what the parent sends a worker as its first line of input.
type workerSpec struct {
	Targets   []string `json:"targets"`
	UsersFile string   `json:"users_file"`
	// Total is every worker's connections, Procs the workers, Index this
	// one's: it opens the clients i of [0, Total) with i % Procs == Index,
	// client i at start + Ramp × i / Total, so the workers' ramps
	// interleave into one even ramp.
	Total int           `json:"total"`
	Procs int           `json:"procs"`
	Index int           `json:"index"`
	Ramp  time.Duration `json:"ramp"`
}

// workerReport is one line of a worker's output (JSON).
type workerReport struct {
	// Event is "ready" (set up, waiting for the start), "progress" (every
	// 250 ms), "opened" (every connection answered or given up) or
	// "final" (after the stop, before closing the sockets).
	Event   string `json:"event"`
	Opened  int64  `json:"opened"`
	Failed  int64  `json:"failed"`
	Dropped int64  `json:"dropped"`
	// LastOpenNs is when the last connect answer came (unix ns; 0: none).
	LastOpenNs int64            `json:"last_open_ns,omitempty"`
	Refused    map[string]int64 `json:"refused,omitempty"`
	// Handshake is the dial-to-connect histogram (with "opened").
	Handshake  *hdrhistogram.Snapshot `json:"handshake,omitempty"`
	CPUSeconds float64                `json:"cpu_s"`
	FileLimit  uint64                 `json:"open_file_limit,omitempty"`
	Error      string                 `json:"error,omitempty"`
}

// runConnectWorker is a worker's life: read the spec, set up, say ready,
// wait for "start <unix ns>", open the share over the ramp, report, hold
// until "stop" (or the end of input), report again and close.
func runConnectWorker(ctx context.Context, in io.Reader, out io.Writer) error {
	lines := bufio.NewScanner(in)
	var outMu sync.Mutex
	enc := json.NewEncoder(out)
	send := func(w workerReport) {
		w.CPUSeconds = round2(cpuTime().Seconds())
		outMu.Lock()
		_ = enc.Encode(w)
		outMu.Unlock()
	}
	if !lines.Scan() {
		return errors.New("connect-worker: no spec on standard input")
	}
	var spec workerSpec
	if err := json.Unmarshal(lines.Bytes(), &spec); err != nil {
		return fmt.Errorf("connect-worker: spec: %w", err)
	}
	if spec.Procs < 1 || spec.Index < 0 || spec.Index >= spec.Procs || spec.Total < 0 || len(spec.Targets) == 0 {
		return errors.New("connect-worker: bad spec")
	}
	users, err := readUsers(spec.UsersFile)
	if err != nil {
		send(workerReport{Event: "final", Error: err.Error()})
		return err
	}
	limit := raiseFileLimit()
	r := &runner{o: &Options{Quiet: true}, env: Env{Stderr: io.Discard}, targets: spec.Targets, users: users}
	pool, err := newPool(runtime.GOMAXPROCS(0))
	if err != nil {
		return err
	}
	defer pool.stop()
	defer pool.closeAll()
	pool.sources = loopbackSources(spec.Targets)
	op := newOpener(r, pool)
	var clients []*client
	var idx []int
	for i := spec.Index; i < spec.Total; i += spec.Procs {
		clients = append(clients, &client{idx: i, user: r.user(i), target: r.target(i), connected: make(chan struct{}),
			handle: func(_ *client, _ *wsConn, action, payload []byte) {
				if string(action) == string(errorAction) {
					op.refuse(payload)
				}
			}})
		idx = append(idx, i)
	}
	status := func(event string) workerReport {
		return workerReport{Event: event, Opened: op.opened.Load(), Failed: op.failed.Load(), Dropped: pool.closedByPeer.Load()}
	}
	send(workerReport{Event: "ready", FileLimit: limit})
	if !lines.Scan() {
		return nil // the parent gave up
	}
	word, ns, _ := strings.Cut(lines.Text(), " ")
	at, err := strconv.ParseInt(ns, 10, 64)
	if word != "start" || err != nil {
		return fmt.Errorf("connect-worker: want start <unix ns>, got %q", lines.Text())
	}
	stopProgress := make(chan struct{})
	var progress sync.WaitGroup
	progress.Add(1)
	go func() {
		defer progress.Done()
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stopProgress:
				return
			case <-t.C:
				send(status("progress"))
			}
		}
	}()
	op.openEvenly(ctx, clients, time.Unix(0, at), func(i int) time.Duration {
		return time.Duration(int64(spec.Ramp) * int64(idx[i]) / int64(max(spec.Total, 1)))
	})
	opened := status("opened")
	op.mu.Lock()
	if !op.lastOpen.IsZero() {
		opened.LastOpenNs = op.lastOpen.UnixNano()
	}
	h, _ := op.handshake.total(0, len(op.handshake.count))
	op.mu.Unlock()
	opened.Handshake = h.Export()
	opened.Refused = op.refusals()
	send(opened)
	for lines.Scan() && lines.Text() != "stop" {
	}
	close(stopProgress)
	progress.Wait()
	send(status("final"))
	return nil
}

// connectWorkers are the worker processes of one connect --procs run, and
// their latest figures.
type connectWorkers struct {
	cmds   []*exec.Cmd
	stdins []io.WriteCloser
	dir    string
	total  int // connections of every worker

	mu     sync.Mutex
	latest []workerReport // guarded by mu: each worker's last line
	opened []workerReport // guarded by mu: each worker's "opened" line
	final  []workerReport // guarded by mu
	// lines gets each worker's index when it sent a line that changes
	// its phase (ready, opened, final) or when its output ended.
	lines chan int
	ended []bool // guarded by mu
}

// startWorkers starts procs connect workers from binary and waits until
// every one is set up.
func startWorkers(ctx context.Context, r *runner, binary string, procs, total int, ramp time.Duration) (*connectWorkers, error) {
	dir, err := os.MkdirTemp("", "souk-bench-workers-*")
	if err != nil {
		return nil, err
	}
	w := &connectWorkers{dir: dir, total: total, latest: make([]workerReport, procs), opened: make([]workerReport, procs),
		final: make([]workerReport, procs), ended: make([]bool, procs), lines: make(chan int, 4*procs)}
	usersPath := filepath.Join(dir, "bench-users.json")
	b, err := json.Marshal(r.users)
	if err == nil {
		err = os.WriteFile(usersPath, b, 0o600)
	}
	if err != nil {
		w.stop()
		return nil, err
	}
	for k := range procs {
		spec, _ := json.Marshal(workerSpec{Targets: r.targets, UsersFile: usersPath, Total: total, Procs: procs, Index: k, Ramp: ramp})
		cmd := exec.CommandContext(ctx, binary, "bench", connectWorker)
		cmd.Stderr = r.env.Stderr
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		stdin, err := cmd.StdinPipe()
		if err != nil {
			w.stop()
			return nil, err
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			w.stop()
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			w.stop()
			return nil, fmt.Errorf("start connect worker %d: %w", k, err)
		}
		w.cmds, w.stdins = append(w.cmds, cmd), append(w.stdins, stdin)
		go w.read(k, stdout)
		if _, err := stdin.Write(append(spec, '\n')); err != nil {
			w.stop()
			return nil, fmt.Errorf("connect worker %d: %w", k, err)
		}
	}
	if err := w.await(ctx, "ready", time.Minute); err != nil {
		w.stop()
		return nil, err
	}
	return w, nil
}

// read takes worker k's report lines until its output ends.
func (w *connectWorkers) read(k int, stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		var rep workerReport
		if json.Unmarshal(sc.Bytes(), &rep) != nil {
			continue
		}
		w.mu.Lock()
		w.latest[k] = rep
		switch rep.Event {
		case "opened":
			w.opened[k] = rep
		case "final":
			w.final[k] = rep
		}
		w.mu.Unlock()
		if rep.Event != "progress" {
			w.lines <- k
		}
	}
	w.mu.Lock()
	w.ended[k] = true
	w.mu.Unlock()
	w.lines <- k
}

// await waits until every worker's latest line is event, or fails when a
// worker ends first or limit passes.
func (w *connectWorkers) await(ctx context.Context, event string, limit time.Duration) error {
	deadline := time.After(limit)
	for {
		w.mu.Lock()
		all := true
		for k := range w.cmds {
			if w.ended[k] && w.latest[k].Event != event {
				err := w.latest[k].Error
				w.mu.Unlock()
				return fmt.Errorf("connect worker %d ended before %q: %s", k, event, err)
			}
			all = all && w.latest[k].Event == event
		}
		w.mu.Unlock()
		if all {
			return nil
		}
		select {
		case <-w.lines:
		case <-deadline:
			return fmt.Errorf("connect workers: not all %q after %s", event, limit)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// tell writes a line to every worker.
func (w *connectWorkers) tell(line string) {
	for _, in := range w.stdins {
		_, _ = io.WriteString(in, line+"\n")
	}
}

// sum adds up the workers' latest opened, failed and dropped counts and
// their CPU so far.
func (w *connectWorkers) sum() (opened, failed, dropped int64, cpu time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, l := range w.latest {
		opened, failed, dropped = opened+l.Opened, failed+l.Failed, dropped+l.Dropped
		cpu += time.Duration(l.CPUSeconds * float64(time.Second))
	}
	return
}

// stop ends the workers (closing their input: they close their sockets
// and exit) and removes their folder.
func (w *connectWorkers) stop() {
	for _, in := range w.stdins {
		_ = in.Close()
	}
	for _, cmd := range w.cmds {
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}
	_ = os.RemoveAll(w.dir)
}
