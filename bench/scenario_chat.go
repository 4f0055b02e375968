package bench

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// sendInterval is how often one member sends by default: the server takes
// one message per member per room every 2 s, and the margin absorbs the
// server's queueing, which shortens the gaps it sees.
const (
	sendInterval    = 2500 * time.Millisecond
	minSendInterval = 2200 * time.Millisecond
	// drainLimit bounds the wait for the last messages after the load.
	drainLimit = 15 * time.Second
)

// Targets of DESIGN.md's table.
const (
	deliveriesTarget = 300_000
	p99HalfRateMs    = 50
	p99MoveMs        = 250
)

// chatRun is the state of a chat or scale run.
type chatRun struct {
	r       *runner
	op      *opener
	pool    *pool
	rooms   []*chatRoom
	members []*member
	start   time.Time

	acked, refused, retried, reconnects, resent, sendErrors atomic.Int64
	retriedCodes                                            sync.Map // refusal code → *atomic.Int64: messages sent again after retryAfterMs

	sendMarks             // when the publishers sent: stalls count inside
	acks      ackRecorder // each message's first send to its acknowledgement
	killed    atomic.Pointer[node]
	// pm sends private messages beside the chat (--pm-rate); nil without.
	pm *pmLoad
	// holdUntil (unix ns) keeps the publishers sending past --duration
	// while a node's restart is under way, and 5 s after it.
	holdUntil atomic.Int64

	// idPrefix begins every clientId of the run: a run on the same
	// members as one before it (find-max's steps, a second run against a
	// --target) must not send the keys the rooms already stored, or
	// they would answer them as replays and broadcast nothing.
	idPrefix string

	// conns is each connection's pairs (members) with --rooms-per-conn
	// above 1, by client idx; nil with one room a connection, whose
	// client idx is its member's. sendOrder is then the publishers' round
	// over cr.members (nil: in order).
	conns     [][]*member
	sendOrder []int

	mu       sync.Mutex
	inflight map[string]*pending // guarded by mu: by clientId, until acknowledged
}

// runChat runs chat (and scale, which adds a node while it runs).
func runChat(ctx context.Context, r *runner) (*Report, error) {
	o := r.o
	rep := newReport(o.Scenario, r.env.Version, o)
	publishers := o.publishers()
	interval := sendInterval
	rate := float64(publishers) / interval.Seconds()
	if o.Rate > 0 {
		rate = o.Rate
		interval = time.Duration(float64(publishers) / rate * float64(time.Second))
		if interval < minSendInterval {
			need := int(math.Ceil(rate * minSendInterval.Seconds()))
			return nil, fmt.Errorf("--rate %.0f needs at least %d publishers (the server takes one message per member every 2 s): raise --publishers or --members", rate, need)
		}
	}
	if o.Settle > 0 {
		rep.Params["settle"] = o.Settle.String()
	}
	for k, v := range map[string]any{"rooms": o.Rooms, "members": o.Members, "publishers": publishers,
		"rate": round2(rate), "size": o.Size, "rooms_per_conn": o.roomsPerConn(), "connections": o.chatConns(), "duration": o.Duration.String(), "ramp": o.Ramp.String()} {
		rep.Params[k] = v
	}
	if o.Scenario == "scale" {
		rep.Params["nodes"], rep.Params["add_at"], rep.Params["stop_node"] = o.Nodes, o.AddAt.String(), o.StopNode
		rep.Params["kill_node"], rep.Params["restart_node"], rep.Params["rolling_restart"] = o.KillNode, o.RestartNode, o.RollingRestart
		if o.RestartNode {
			rep.Params["restart_after"] = o.RestartAfter.String()
		}
		rep.Params["db"] = map[bool]string{true: "postgres", false: "sqlite"}[o.DB != ""]
	}

	pool, err := newPool(runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	defer pool.stop()
	defer pool.closeAll()
	cr := &chatRun{r: r, pool: pool, op: newOpener(r, pool), inflight: map[string]*pending{},
		idPrefix: "b" + strconv.FormatInt(time.Now().UnixNano(), 36) + "."}
	// The rooms must exist: souk seed --bench-rooms creates them.
	for i := range o.Rooms {
		cr.rooms = append(cr.rooms, &chatRoom{name: "bench-" + strconv.Itoa(i+1)})
	}
	clients, err := cr.newChatClients()
	if err != nil {
		return nil, err
	}
	if o.Scenario == "scale" {
		pool.onPeerClose = func(c *wsConn) {
			if cl, ok := c.tag.(*client); ok {
				go cr.reconnect(ctx, cl)
			}
		}
	}

	setup := time.Now()
	probe := newServerProbe(ctx, r.targets, r.debug)
	r.logf("opening %d connections (%d rooms × %d members, %d room(s) a connection)…", len(clients), o.Rooms, o.Members, o.roomsPerConn())
	ramp := cr.op.openAll(ctx, clients, o.Ramp)
	for _, cl := range clients {
		if c := cl.conn.Load(); c != nil {
			select {
			case <-cl.connected:
				cr.join(cl, -1)
			default:
			}
		}
	}
	joinWait := time.After(60 * time.Second)
	joined := 0
	for _, m := range cr.members {
		select {
		case <-m.joined:
			joined++
		case <-joinWait:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if o.Settle > 0 {
		r.logf("%d joined; settling for %s", joined, o.Settle)
		if !sleepCtx(ctx, o.Settle) {
			return nil, ctx.Err()
		}
	}
	r.logf("%d connections open in %s, %d joined; sending for %s", cr.op.opened.Load(), ramp.Round(time.Millisecond), joined, o.Duration)
	var status *statusReader
	if o.Scenario == "scale" && r.cl != nil && (o.KillNode || o.RollingRestart) {
		if status, err = newStatusReader(ctx, r); err != nil {
			r.logf("no cluster status (rooms' nodes, agreement): %v", err)
			status = nil
		}
	}

	if o.PMRate > 0 && r.cl != nil {
		if cr.pm, err = cr.newPMLoad(ctx, o.PMRate); err != nil {
			return nil, err
		}
	}

	cr.start = time.Now()
	cr.acks.begin(cr.start)
	cr.sendFrom.Store(cr.start.UnixNano())
	for _, s := range pool.shards {
		s.rec.Store(newSeries(cr.start, time.Second))
	}
	sent := newSeries(cr.start, time.Second)
	errSeries := newSeries(cr.start, time.Second)
	stop := make(chan struct{})
	measured := make(chan struct{})
	go func() {
		defer close(measured)
		var lastDelivered, lastErrors int64
		r.measure(ctx, cr.start, stop, func() string {
			d := cr.delivered()
			rate := d - lastDelivered
			lastDelivered = d
			e := cr.errors()
			errSeries.add(time.Now().Add(-time.Second), e-lastErrors)
			lastErrors = e
			return fmt.Sprintf("deliveries %7d/s  acked %d  connections %d  errors %d", rate, cr.acked.Load(),
				cr.op.opened.Load()-pool.closedByPeer.Load()+cr.reconnects.Load(), cr.errors())
		})
	}()
	var events []Event
	var evMu sync.Mutex
	event := func(what string) {
		evMu.Lock()
		events = append(events, Event{TS: round2(time.Since(cr.start).Seconds()), What: what})
		evMu.Unlock()
		r.logf("%s", what)
	}
	var scaleWG sync.WaitGroup
	move := moveTimes{from: -1, to: -1, stop: -1}
	var windows []eventWindow
	if o.Scenario == "scale" && r.cl != nil {
		if o.KillNode || o.RollingRestart {
			cr.holdUntil.Store(math.MaxInt64) // failover lets go
		}
		scaleWG.Add(1)
		go func() {
			defer scaleWG.Done()
			if o.KillNode || o.RollingRestart {
				windows = cr.failover(ctx, status, event)
			} else {
				move = cr.scale(ctx, event)
			}
		}()
	}

	if cr.pm != nil {
		start := cr.start
		cr.pm.start(ctx, start, func(due time.Time) bool {
			return due.Sub(start) < o.Duration || due.UnixNano() < cr.holdUntil.Load()
		})
	}
	published := cr.publish(ctx, publishers, rate, o.Size, o.Duration, sent)
	end := time.Now()
	if cr.pm != nil {
		cr.pm.wait()
		cr.pm.report(rep, end.Sub(cr.start))
	}
	cr.sendTo.Store(end.UnixNano())
	cr.waitAcks(published)
	expected := cr.drain(ctx)
	scaleWG.Wait()
	close(stop)
	<-measured
	pool.stop()
	servers := probe.finish(ctx)

	// Figures over the sending window; the drain's stragglers count in the totals.
	rec := make([]*series, 0, len(pool.shards))
	for _, s := range pool.shards {
		rec = append(rec, s.rec.Load())
	}
	all := mergeSeries(cr.start, time.Second, rec...)
	window := int(math.Ceil(end.Sub(cr.start).Seconds()))
	hist, _ := all.total(0, len(all.count))
	_, inWindow := all.total(0, window)
	lat := latencyOf(hist)
	lost, dups, listeners := cr.listeners(cr.window(), r.nodeOf)
	rep.Listeners = listeners
	ack := cr.acks.latency(0, end.Sub(cr.start).Seconds())
	rep.AckLatencyMs = &ack
	rep.DurationS = round2(end.Sub(cr.start).Seconds())
	rep.DeliveriesPerS = round2(float64(inWindow) / max(end.Sub(cr.start).Seconds(), 0.001))
	rep.MessagesPerS = round2(float64(cr.acked.Load()) / max(end.Sub(cr.start).Seconds(), 0.001))
	rep.LatencyMs = &lat
	rep.Lost, rep.Duplicated = &lost, &dups
	rep.Connection = &ConnFigures{Opened: cr.op.opened.Load(), Failed: cr.op.failed.Load(), Dropped: pool.closedByPeer.Load(),
		PerSecond: round2(float64(cr.op.opened.Load()) / max(ramp.Seconds(), 0.001)), RampS: round2(ramp.Seconds()),
		HandshakeMs: cr.op.handshakeLatency()}
	rep.fail("connect failed", cr.op.failed.Load())
	rep.fail("not joined", int64(len(cr.members)-joined))
	rep.fail("join not sent", cr.sendErrors.Load())
	rep.fail("unacknowledged", published-cr.acked.Load()-cr.refused.Load())
	rep.Params["retried_after_throttle"] = cr.retried.Load()
	byCode := map[string]int64{}
	cr.retriedCodes.Range(func(k, v any) bool {
		byCode[k.(string)] = v.(*atomic.Int64).Load()
		return true
	})
	if len(byCode) > 0 {
		rep.Params["retried_by_code"] = byCode
	}
	if o.Scenario == "scale" {
		rep.Params["resent_after_reconnect"] = cr.resent.Load()
		rep.Params["reconnects"] = cr.reconnects.Load()
		rep.Params["reconnects_refused"] = cr.op.reopenRefused.Load()
	}
	for k, v := range cr.op.refusals() {
		rep.fail(k, v)
	}
	rep.Server = servers
	rep.Events = events
	rep.Params["setup_s"] = round2(cr.start.Sub(setup).Seconds())
	for i := range max(len(all.count), len(sent.count)) {
		b := Bucket{TS: float64(i + 1), ClientCores: r.clientCores(i)}
		if i < len(all.count) {
			b.DeliveriesPerS = float64(all.count[i])
			b.LatencyMs = latencyOf(all.hist[i])
		}
		if i < len(sent.count) {
			b.SentPerS = float64(sent.count[i])
		}
		if i < len(errSeries.count) {
			b.Errors = errSeries.count[i]
		}
		rep.Buckets = append(rep.Buckets, b)
	}
	if move.from >= 0 {
		rep.Phases = phases(all, move, end.Sub(cr.start).Seconds())
	}
	if len(windows) > 0 {
		rep.Phases = cr.eventPhases(all, windows, end.Sub(cr.start).Seconds())
	}
	cr.headline(rep, expected, lost, dups)
	return rep, nil
}

// headline picks the figures held against DESIGN.md's targets.
func (cr *chatRun) headline(rep *Report, expected, lost, dups int64) {
	o := cr.r.o
	zero := func(v float64) bool { return v == 0 }
	rep.figure("deliveries per second", rep.DeliveriesPerS, "/s", "", nil)
	if o.Scenario == "chat" && o.Members >= 1000 && o.Size == 128 && o.Rate == 0 {
		rep.Headline[len(rep.Headline)-1].Target = "≥ 300000 (1000 members, 128 B)"
		ok := rep.DeliveriesPerS >= deliveriesTarget
		rep.Headline[len(rep.Headline)-1].Met = &ok
	}
	rep.figure("messages per second (acknowledged)", rep.MessagesPerS, "/s", "", nil)
	p99Target := ""
	if o.halfRate {
		p99Target = "< 50 at half the max rate"
	}
	if o.Scenario == "chat" && o.Rooms >= 5000 && o.Members >= 4 && o.Rate >= 2000 {
		p99Target = "< 50 (5,000 rooms × 4 members, 2,000 msg/s)" // issue 19, private groups
	}
	rep.figure("latency p50", rep.LatencyMs.P50, "ms", "", nil)
	rep.figure("latency p99", rep.LatencyMs.P99, "ms", p99Target, func(v float64) bool { return v < p99HalfRateMs })
	rep.figure("latency max", rep.LatencyMs.Max, "ms", "", nil)
	rep.figure("lost messages", float64(lost), "", "0", zero)
	rep.figure("duplicated messages", float64(dups), "", "0", zero)
	rep.figure("errors", float64(rep.Errors), "", "", nil)
	for _, p := range rep.Phases {
		switch p.Name {
		case "during the move":
			rep.figure("latency p99 during the move", p.LatencyMs.P99, "ms", "< 250", func(v float64) bool { return v < p99MoveMs })
		case "during the stop":
			rep.figure("latency p99 during the stop", p.LatencyMs.P99, "ms", "", nil)
		}
	}
	if o.Scenario == "scale" && (o.KillNode || o.RollingRestart) {
		cr.failoverHeadline(rep)
	}
	if expected > 0 && lost > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("%d of %d expected deliveries missing after a %s drain", lost, expected, drainLimit))
	}
}
