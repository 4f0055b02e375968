package bench

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// bytesPerConnTarget is DESIGN.md's memory target per idle connection.
const bytesPerConnTarget = 10 << 10

// runConnect opens --conns authenticated websockets over --ramp, holds them
// idle for --duration and reads the server's memory before and after.
func runConnect(ctx context.Context, r *runner) (*Report, error) {
	o := r.o
	rep := newReport("connect", r.env.Version, o)
	rep.Params["conns"], rep.Params["ramp"], rep.Params["duration"] = o.Conns, o.Ramp.String(), o.Duration.String()
	if o.Procs > 1 {
		rep.Params["procs"] = o.Procs
	}
	probe := newServerProbe(ctx, r.targets, r.debug)
	// After the probe's first reading: its keep-alive connection to the
	// node's debug listener is one of the node's descriptors from now on.
	fdsIdle := r.nodeFDs()
	var load connectLoad
	if o.Procs > 1 {
		binary := r.env.Binary
		w, err := startWorkers(ctx, r, binary, o.Procs, o.Conns, o.Ramp)
		if err != nil {
			return nil, err
		}
		defer w.stop()
		load = w
	} else {
		l, err := newLocalConnect(r)
		if err != nil {
			return nil, err
		}
		defer l.close()
		load = l
	}
	r.extraCPU = load.cpu

	start := time.Now()
	stop := make(chan struct{})
	done := make(chan struct{})
	series := newSeries(start, time.Second)
	go func() {
		defer close(done)
		r.measure(ctx, start, stop, func() string {
			opened, failed, dropped := load.counts()
			return fmt.Sprintf("connections %d/%d  failed %d  dropped %d", opened-dropped, o.Conns, failed, dropped)
		})
	}()
	sampler := make(chan struct{})
	go func() {
		defer close(sampler)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case now := <-t.C:
				opened, _, dropped := load.counts()
				series.add(now, 0)
				series.count[series.bucket(now)] = opened - dropped
			}
		}
	}()

	ramp, err := load.open(ctx, o.Ramp)
	if err != nil {
		close(stop)
		<-done
		<-sampler
		return nil, err
	}
	opened, _, _ := load.counts()
	r.logf("%d connections open in %s; holding them idle for %s", opened, ramp.Round(time.Millisecond), o.Duration)
	sleepCtx(ctx, o.Duration)
	fdsHeld := r.nodeFDs()
	servers := probe.finish(ctx)
	if err := load.hold(ctx); err != nil {
		rep.Notes = append(rep.Notes, err.Error())
	}
	close(stop)
	<-done
	<-sampler

	opened, failed, dropped := load.counts()
	rep.DurationS = round2(time.Since(start).Seconds())
	rep.Connection = &ConnFigures{Opened: opened, Failed: failed, Dropped: dropped,
		PerSecond: round2(float64(opened) / max(ramp.Seconds(), 0.001)), RampS: round2(ramp.Seconds()),
		HandshakeMs: load.handshake()}
	rep.fail("connect failed", failed)
	rep.fail("dropped by the server", dropped)
	for k, v := range load.refusals() {
		rep.fail(k, v)
	}
	for i := range servers {
		if fds, ok := fdsIdle[servers[i].URL]; ok {
			servers[i].FDsIdle, servers[i].FDLimit = fds.open, fds.limit
			servers[i].FDsHeld = fdsHeld[servers[i].URL].open
		}
	}
	rep.Server = servers
	var grown int64
	for _, s := range servers {
		grown += s.HeapAfter - s.HeapBefore
	}
	if opened > 0 && len(servers) > 0 {
		rep.BytesPerConn = round2(float64(grown) / float64(opened))
	}
	for i := range series.count {
		rep.Buckets = append(rep.Buckets, Bucket{TS: float64(i + 1), Connections: series.count[i], ClientCores: r.clientCores(i)})
	}
	rep.figure("connections opened", float64(opened), "", fmt.Sprintf("%d", o.Conns), func(v float64) bool { return int(v) == o.Conns })
	rep.figure("connections per second (ramp-up)", rep.Connection.PerSecond, "/s", "", nil)
	rep.figure("handshake p99", rep.Connection.HandshakeMs.P99, "ms", "", nil)
	if len(servers) == 1 && servers[0].FDLimit > 0 {
		// What one node can hold: its descriptor limit less those it
		// needs besides the sockets while holding them (listeners,
		// database connections, epoll, NATS, the bench's /metrics
		// connection, the listener's reserve).
		s := servers[0]
		others := s.FDsHeld - int(opened-dropped)
		rep.figure(fmt.Sprintf("node descriptors at idle (limit %d)", s.FDLimit), float64(s.FDsIdle), "", "", nil)
		if s.FDsHeld > 0 && others > 0 {
			rep.figure("connections the node can hold (limit − its other descriptors)", float64(s.FDLimit-others), "", "", nil)
		}
	}
	if len(servers) > 0 {
		rep.figure("server memory per idle connection", rep.BytesPerConn, "bytes", "≤ 10240", func(v float64) bool { return v <= bytesPerConnTarget })
		if !servers[0].Collected {
			rep.Notes = append(rep.Notes, "the server's heap was read without a forced collection (no pprof address): bytes_per_conn includes garbage")
		}
	}
	return rep, nil
}

// connectLoad opens connect's websockets and holds them: in this process,
// or in --procs worker processes.
type connectLoad interface {
	// open opens every connection over ramp and returns how long it took,
	// to the last connect answer.
	open(ctx context.Context, ramp time.Duration) (time.Duration, error)
	// hold is called once the server was measured: a worker's sockets
	// drops are counted until then.
	hold(ctx context.Context) error
	counts() (opened, failed, dropped int64)
	handshake() Latency
	refusals() map[string]int64
	// cpu is the CPU the load's other processes used (none in-process).
	cpu() time.Duration
}

// localConnect is connect's load in the bench process itself.
type localConnect struct {
	pool    *pool
	op      *opener
	clients []*client
}

func newLocalConnect(r *runner) (*localConnect, error) {
	pool, err := newPool(runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	pool.sources = loopbackSources(r.targets)
	l := &localConnect{pool: pool, op: newOpener(r, pool), clients: make([]*client, r.o.Conns)}
	for i := range l.clients {
		l.clients[i] = &client{idx: i, user: r.user(i), target: r.target(i), connected: make(chan struct{}),
			handle: func(_ *client, _ *wsConn, action, payload []byte) {
				if bytes.Equal(action, errorAction) {
					l.op.refuse(payload)
				}
			}}
	}
	return l, nil
}

func (l *localConnect) open(ctx context.Context, ramp time.Duration) (time.Duration, error) {
	return l.op.openAll(ctx, l.clients, ramp), nil
}

func (l *localConnect) hold(context.Context) error { return nil }

func (l *localConnect) counts() (opened, failed, dropped int64) {
	return l.op.opened.Load(), l.op.failed.Load(), l.pool.closedByPeer.Load()
}

func (l *localConnect) handshake() Latency         { return l.op.handshakeLatency() }
func (l *localConnect) refusals() map[string]int64 { return l.op.refusals() }
func (l *localConnect) cpu() time.Duration         { return 0 }

func (l *localConnect) close() {
	l.pool.stop()
	l.pool.closeAll()
}

// open starts the workers' common ramp a moment from now and waits until
// each has every connection answered or given up.
func (w *connectWorkers) open(ctx context.Context, ramp time.Duration) (time.Duration, error) {
	start := time.Now().Add(50 * time.Millisecond)
	w.tell("start " + strconv.FormatInt(start.UnixNano(), 10))
	// A worker dials 256 at a time, each for at most 10 s, then waits
	// at most 30 s for the connect answers.
	share := (w.total + len(w.cmds) - 1) / len(w.cmds)
	limit := ramp + time.Duration((share+255)/256)*10*time.Second + time.Minute
	if err := w.await(ctx, "opened", limit); err != nil {
		return 0, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var last int64
	for _, o := range w.opened {
		last = max(last, o.LastOpenNs)
	}
	if last == 0 {
		return time.Since(start), nil
	}
	return time.Unix(0, last).Sub(start), nil
}

// hold tells the workers to stop and takes their final counts (the
// sockets the server dropped while they held).
func (w *connectWorkers) hold(ctx context.Context) error {
	w.tell("stop")
	return w.await(ctx, "final", time.Minute)
}

func (w *connectWorkers) counts() (opened, failed, dropped int64) {
	opened, failed, dropped, _ = w.sum()
	return
}

func (w *connectWorkers) cpu() time.Duration {
	_, _, _, cpu := w.sum()
	return cpu
}

func (w *connectWorkers) handshake() Latency {
	w.mu.Lock()
	defer w.mu.Unlock()
	h := newHist()
	for _, o := range w.opened {
		if o.Handshake != nil {
			h.Merge(hdrhistogram.Import(o.Handshake))
		}
	}
	return latencyOf(h)
}

func (w *connectWorkers) refusals() map[string]int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := map[string]int64{}
	for _, o := range w.opened {
		for k, v := range o.Refused {
			out[k] += v
		}
	}
	return out
}

// fdCount is a process's open descriptors and its limit.
type fdCount struct{ open, limit int }

// nodeFDs counts the open descriptors of each own node (by URL), from
// /proc; nothing with --target.
func (r *runner) nodeFDs() map[string]fdCount {
	out := map[string]fdCount{}
	if r.cl == nil {
		return out
	}
	for _, n := range r.cl.all() {
		cmd, _ := n.process()
		if cmd == nil || cmd.Process == nil || !n.running() {
			continue
		}
		c, ok := processFDs(cmd.Process.Pid)
		if ok {
			out[n.url] = c
		}
	}
	return out
}

// processFDs reads /proc/<pid>/fd and the soft "Max open files" limit.
func processFDs(pid int) (fdCount, bool) {
	entries, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
	if err != nil {
		return fdCount{}, false
	}
	c := fdCount{open: len(entries)}
	limits, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/limits")
	for _, line := range strings.Split(string(limits), "\n") {
		if rest, ok := strings.CutPrefix(line, "Max open files"); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				c.limit, _ = strconv.Atoi(f[0])
			}
		}
	}
	return c, true
}

// connectSources is how many loopback addresses connect's sockets to
// loopback targets come from: a run of 20,000 then takes 2,500 ephemeral
// ports per address pair (of 28,232), and the TIME_WAIT of the runs
// before it does not run one out.
const connectSources = 8

// loopbackSources are the local addresses 127.0.0.2… for connect's dials
// when every target is on IPv4 loopback; nil otherwise (the system
// chooses).
func loopbackSources(targets []string) []net.IP {
	for _, t := range targets {
		u, err := url.Parse(t)
		if err != nil {
			return nil
		}
		ip := net.ParseIP(u.Hostname())
		if ip == nil || ip.To4() == nil || !ip.IsLoopback() {
			return nil
		}
	}
	out := make([]net.IP, connectSources)
	for i := range out {
		out[i] = net.IPv4(127, 0, 0, byte(2+i))
	}
	return out
}
