package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// eventWindow is a slice of a run after one of its events, in seconds of
// the run: the report's phases are cut at them.
type eventWindow struct {
	name     string
	from, to float64
}

// settleLimit bounds each wait of a rolling restart (the others agreeing a
// node left or came back, its clients reconnecting).
const settleLimit = 60 * time.Second

// failover runs scale's hard events instead of adding a node: with
// --kill-node, the node hosting the most rooms is SIGKILLed at --add-at
// (and, with --restart-node, started again under the same id without
// --join --restart-after later); with --rolling-restart, every node in
// turn is stopped gracefully and started again once the others agree it
// left and its clients reconnected. status reads the cluster's views (nil:
// the bench cannot). It returns the windows after each event.
func (cr *chatRun) failover(ctx context.Context, status *statusReader, event func(string)) []eventWindow {
	r, o := cr.r, cr.r.o
	// The publishers go on until 5 s after the last event.
	defer func() { cr.holdUntil.Store(time.Now().Add(5 * time.Second).UnixNano()) }()
	if !sleepCtx(ctx, o.AddAt) {
		return nil
	}
	if o.RollingRestart {
		return cr.rollingRestart(ctx, status, event)
	}
	victim, rooms := cr.victim(ctx, status)
	at := cr.since()
	cr.killed.Store(victim)
	victim.kill()
	event(fmt.Sprintf("node %d killed (SIGKILL), hosting %s", victim.id, rooms))
	windows := []eventWindow{{name: "5 s after the kill", from: at, to: at + 5}}
	if !o.RestartNode || !sleepCtx(ctx, o.RestartAfter) {
		return windows
	}
	event(fmt.Sprintf("node %d restarting under the same id, without --join", victim.id))
	seen, err := r.cl.restartNode(ctx, victim, nil)
	if err != nil {
		event("restart failed: " + err.Error())
		return windows
	}
	at = cr.since()
	if seen.notReady > 0 {
		event(fmt.Sprintf("node %d ready again after %s; not ready before (%d answers of 503: %s)", victim.id,
			seen.took.Round(10*time.Millisecond), seen.notReady, seen.reason))
	} else {
		event(fmt.Sprintf("node %d ready again after %s", victim.id, seen.took.Round(10*time.Millisecond)))
	}
	moved := cr.moveBack(ctx, victim.url)
	event(fmt.Sprintf("%d listeners moved back to node %d", moved, victim.id))
	windows = append(windows, eventWindow{name: "5 s after the restart", from: at, to: at + 5})
	if !o.ThenAdd {
		return windows
	}
	event(fmt.Sprintf("node %d starting", r.cl.size()+1))
	added, err := r.cl.addNode(ctx)
	if err != nil {
		event("adding a node failed: " + err.Error())
		return windows
	}
	at = cr.since()
	moved = cr.moveShare(ctx, added.url, 4)
	event(fmt.Sprintf("node %d ready, %d listeners moved to it", added.id, moved))
	return append(windows, eventWindow{name: "5 s after the node was added", from: at, to: at + 5})
}

// moveShare moves every nth listener to target, as moveBack does.
func (cr *chatRun) moveShare(ctx context.Context, target string, nth int) int {
	return cr.moveTo(ctx, target, func(i int, _ *member) bool { return i%nth == 0 })
}

// since is the time since the measured run began, in seconds.
func (cr *chatRun) since() float64 { return round2(time.Since(cr.start).Seconds()) }

// victim is the running node hosting the most room grains (per
// admin.clusterStatus), or the last running one when no node says.
func (cr *chatRun) victim(ctx context.Context, status *statusReader) (*node, string) {
	var running []*node
	for _, n := range cr.r.cl.all() {
		if n.running() {
			running = append(running, n)
		}
	}
	best, bestRooms := running[len(running)-1], -1
	if status != nil {
		if st, err := status.read(ctx); err == nil {
			for _, n := range running {
				if v, ok := st.node(n.id); ok && v.Grains["room"] > bestRooms {
					best, bestRooms = n, v.Grains["room"]
				}
			}
		}
	}
	if bestRooms < 0 {
		return best, "an unknown number of rooms (no cluster status)"
	}
	return best, fmt.Sprintf("%d of %d rooms", bestRooms, cr.r.o.Rooms)
}

// rollingRestart stops each node gracefully in turn, waits until the
// others agree it left and every listener is connected and joined again
// elsewhere, starts it again under the same id (joining the others), waits
// until all agree, and moves its first listeners back to it.
func (cr *chatRun) rollingRestart(ctx context.Context, status *statusReader, event func(string)) []eventWindow {
	var windows []eventWindow
	for _, n := range cr.r.cl.all() {
		at := cr.since()
		event(fmt.Sprintf("node %d stopping (rolling restart)", n.id))
		n.stopNode(20 * time.Second)
		event(fmt.Sprintf("node %d stopped", n.id))
		if err := cr.settle(ctx, status, n.url, cr.r.cl.size()-1); err != nil {
			event(fmt.Sprintf("node %d: %v", n.id, err))
			return windows
		}
		event(fmt.Sprintf("node %d left: the others agree and its listeners are back", n.id))
		var join []string
		for _, other := range cr.r.cl.all() {
			if other != n && other.running() {
				join = append(join, other.gossip)
			}
		}
		if _, err := cr.r.cl.restartNode(ctx, n, join); err != nil {
			event(fmt.Sprintf("node %d: restart failed: %v", n.id, err))
			return windows
		}
		event(fmt.Sprintf("node %d ready again", n.id))
		moved := cr.moveBack(ctx, n.url)
		if err := cr.settle(ctx, status, "", cr.r.cl.size()); err != nil {
			event(fmt.Sprintf("node %d: %v", n.id, err))
			return windows
		}
		event(fmt.Sprintf("node %d back: all agree, %d listeners moved back", n.id, moved))
		windows = append(windows, eventWindow{name: "node " + strconv.Itoa(n.id) + " restarting", from: at, to: cr.since()})
	}
	return windows
}

// settle waits until every listener is connected and joined on a node
// other than gone, and the cluster status (when it can be read) agrees on
// nodes nodes.
func (cr *chatRun) settle(ctx context.Context, status *statusReader, gone string, nodes int) error {
	deadline := time.Now().Add(settleLimit)
	for {
		listeners := cr.settled(gone)
		agreed := status == nil
		if !agreed {
			st, err := status.read(ctx)
			agreed = err == nil && st.Agree && len(st.Nodes) == nodes
		}
		if listeners && agreed {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not settled after %s (listeners back: %v, cluster agrees: %v)", settleLimit, listeners, agreed)
		}
		if !sleepCtx(ctx, 200*time.Millisecond) {
			return ctx.Err()
		}
	}
}

// settled reports whether every listener's socket is open, joined, and
// not on gone.
func (cr *chatRun) settled(gone string) bool {
	for _, m := range cr.members {
		cl := m.client.Load()
		c := cl.conn.Load()
		if cl.target == gone || c == nil || c.closed.Load() || !cl.joined.Load() {
			return false
		}
	}
	return true
}

// moveBack closes, from the client's side, the sockets of the listeners
// whose first socket went to target and that now are elsewhere, and opens
// them again on target, resuming after their last seq, as a client sent
// back there by its load balancer would. It returns how many moved.
func (cr *chatRun) moveBack(ctx context.Context, target string) int {
	return cr.moveTo(ctx, target, func(_ int, m *member) bool { return m.firstTarget == target })
}

// moveTo closes, from the client's side, the sockets of the listeners
// pick chooses that are not on target, and opens them again on target,
// resuming after their last seq. It returns how many moved.
func (cr *chatRun) moveTo(ctx context.Context, target string, pick func(i int, m *member) bool) int {
	moved := 0
	for i, m := range cr.members {
		old := m.client.Load()
		if !pick(i, m) || old.target == target {
			continue
		}
		if c := old.conn.Load(); c != nil {
			c.close()
		}
		moved++
		go cr.reopen(ctx, m, old, func(int) string { return target })
	}
	return moved
}

// statusReader reads admin.clusterStatus through a running own node as a
// bench member, whom the seed made an administrator.
type statusReader struct {
	r      *runner
	client *http.Client
	token  string
}

// clusterStatus is the part of admin.clusterStatus's answer the bench reads.
type clusterStatus struct {
	Nodes  []nodeStatus `json:"nodes"`
	Agree  bool         `json:"agree"`
	Issues []string     `json:"issues"`
}

// nodeStatus is one node's view in admin.clusterStatus.
type nodeStatus struct {
	Node    string         `json:"node"`
	Serving bool           `json:"serving"`
	Grains  map[string]int `json:"grains"`
}

// newStatusReader signs in (before the load: a sign-in's password hash
// takes a node's CPU for a while).
func newStatusReader(ctx context.Context, r *runner) (*statusReader, error) {
	client := &http.Client{Timeout: 5 * time.Second}
	tokens, err := signIn(ctx, client, r, 1)
	if err != nil {
		return nil, err
	}
	return &statusReader{r: r, client: client, token: tokens[0]}, nil
}

// read asks the running nodes in turn until one answers.
func (s *statusReader) read(ctx context.Context) (*clusterStatus, error) {
	var errs []error
	for _, url := range s.r.cl.urls() {
		body, _, err := callAction(ctx, s.client, url+"/api/request", map[string]any{"action": "admin.clusterStatus",
			"lang": "en", "authToken": s.token, "data": map[string]any{}})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		var st clusterStatus
		if err := json.Unmarshal(body, &st); err != nil {
			return nil, fmt.Errorf("admin.clusterStatus: %w", err)
		}
		return &st, nil
	}
	return nil, errors.Join(append(errs, errors.New("no node answered admin.clusterStatus"))...)
}

// node is the view of the own node id, as the status names it (node-<id>).
func (st *clusterStatus) node(id int) (nodeStatus, bool) {
	for _, n := range st.Nodes {
		if strings.TrimPrefix(n.Node, "node-") == strconv.Itoa(id) {
			return n, true
		}
	}
	return nodeStatus{}, false
}

// eventPhases cuts a run at its event windows: before the first, each
// window, and after each; each with the acknowledgement latency of the
// messages first sent in it and the longest stall around it.
func (cr *chatRun) eventPhases(all *series, windows []eventWindow, end float64) []Phase {
	type cut struct {
		name string
		a, b float64
	}
	cuts := []cut{{"before", 0, windows[0].from}}
	for i, win := range windows {
		cuts = append(cuts, cut{win.name, win.from, win.to})
		next := end
		if i+1 < len(windows) {
			next = windows[i+1].from
		}
		if next-win.to >= 1 {
			cuts = append(cuts, cut{"after " + strings.TrimPrefix(win.name, "5 s after "), win.to, next})
		}
	}
	bounds := make([][2]float64, len(cuts))
	for i, c := range cuts {
		bounds[i] = [2]float64{c.a, max(c.a, min(c.b, end))}
	}
	w := cr.window()
	stalls := cr.longestStalls(w, bounds, nil)
	killed := cr.killed.Load()
	var survivors []float64
	if killed != nil {
		survivors = cr.longestStalls(w, bounds, func(m *member) bool { return m.firstTarget != killed.url })
	}
	out := make([]Phase, 0, len(cuts))
	for i, c := range cuts {
		a, b := bounds[i][0], bounds[i][1]
		h, n := all.total(int(a), int(math.Ceil(b)))
		ack := cr.acks.latency(a, b)
		p := Phase{Name: c.name, FromS: round2(a), ToS: round2(b), DeliveriesPerS: round2(float64(n) / max(b-a, 0.001)),
			LatencyMs: latencyOf(h), AckLatencyMs: &ack, LongestStallMs: &stalls[i]}
		if killed != nil {
			p.LongestStallSurvivorsMs = &survivors[i]
		}
		if cr.pm != nil {
			pm := cr.pm.acks.latency(a, b)
			p.PMAckLatencyMs = &pm
		}
		out = append(out, p)
	}
	return out
}

// failoverHeadline adds the figures of a run with --kill-node or
// --rolling-restart: out-of-order deliveries, the longest stalls (the 2 s
// target is the grains' failover, seen by listeners on the nodes that
// lived; those of the killed node also reconnect), and the senders'
// acknowledgement latency in each event's window.
func (cr *chatRun) failoverHeadline(rep *Report) {
	zero := func(v float64) bool { return v == 0 }
	l := rep.Listeners
	rep.figure("out-of-order deliveries", float64(l.OutOfOrder), "", "0", zero)
	rep.figure("listeners stalled over 2 s", float64(l.StalledOverTarget), "", "", nil)
	for _, p := range rep.Phases {
		if p.Name == "before" || strings.HasPrefix(p.Name, "after ") {
			continue
		}
		if p.LongestStallSurvivorsMs != nil && strings.Contains(p.Name, "kill") {
			rep.figure("longest stall, listeners on the nodes left, "+p.Name, *p.LongestStallSurvivorsMs, "ms", "≤ 2000",
				func(v float64) bool { return v <= float64(stallTarget/time.Millisecond) })
		}
		rep.figure("longest stall, any listener, "+p.Name, *p.LongestStallMs, "ms", "", nil)
		rep.figure("ack latency p99, "+p.Name, p.AckLatencyMs.P99, "ms", "", nil)
		rep.figure("ack latency max, "+p.Name, p.AckLatencyMs.Max, "ms", "", nil)
		if p.PMAckLatencyMs != nil {
			rep.figure("private message ack latency p99, "+p.Name, p.PMAckLatencyMs.P99, "ms", "", nil)
		}
	}
	if len(rep.Phases) > 0 {
		before := rep.Phases[0]
		rep.figure("ack latency p99, before", before.AckLatencyMs.P99, "ms", "", nil)
		if before.PMAckLatencyMs != nil {
			rep.figure("private message ack latency p99, before", before.PMAckLatencyMs.P99, "ms", "", nil)
		}
	}
}
