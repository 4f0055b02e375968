package bench

import (
	"context"
	"fmt"
	"math"
	"time"
)

// moveTimes are when, in seconds of the run, the node's move began and
// ended (5 s after the new node was ready) and node 1 was stopped; -1: never.
type moveTimes struct{ from, to, stop float64 }

// scale adds a node at --add-at and, with --stop-node, stops node 1 at two
// thirds of the run.
func (cr *chatRun) scale(ctx context.Context, event func(string)) moveTimes {
	r, o := cr.r, cr.r.o
	t := moveTimes{from: -1, to: -1, stop: -1}
	if !sleepCtx(ctx, o.AddAt) {
		return t
	}
	t.from = time.Since(cr.start).Seconds()
	event(fmt.Sprintf("node %d starting", r.cl.size()+1))
	n, err := r.cl.addNode(ctx)
	if err != nil {
		event("adding a node failed: " + err.Error())
		return t
	}
	t.to = time.Since(cr.start).Seconds() + 5
	event(fmt.Sprintf("node %d ready", n.id))
	if o.StopNode && sleepCtx(ctx, o.Duration*2/3-time.Since(cr.start)) {
		t.stop = time.Since(cr.start).Seconds()
		event("node 1 stopping")
		r.cl.first().stopNode(20 * time.Second)
		event("node 1 stopped")
	}
	return t
}

// reconnect reopens a dropped member on a live node and resumes after the
// last seq it holds.
func (cr *chatRun) reconnect(ctx context.Context, old *client) {
	m := cr.members[old.idx]
	cr.reopen(ctx, m, old, func(attempt int) string {
		urls := cr.r.cl.urls()
		if len(urls) == 0 {
			return ""
		}
		return urls[(old.idx+attempt+1)%len(urls)]
	})
}

// reopen opens a new socket for m, whose client old lost or closed its
// own, on the node target picks for each attempt, and once it is m's,
// joins after the last seq m holds and sends m's unacknowledged messages
// again, as the client does. Of two reopens of the same old client, one
// wins; the other closes its socket.
func (cr *chatRun) reopen(ctx context.Context, m *member, old *client, target func(attempt int) string) {
	if m.client.Load() != old {
		return
	}
	for attempt := range 40 {
		if !sleepCtx(ctx, time.Duration(100+50*attempt)*time.Millisecond) {
			return
		}
		url := target(attempt)
		if url == "" {
			return
		}
		cl := cr.clientOf(m, url)
		cl.reopen = true
		if err := cr.op.dial(ctx, cl); err != nil {
			continue
		}
		select {
		case <-cl.connected:
		case <-time.After(10 * time.Second):
		}
		c := cl.conn.Load()
		if c == nil || c.closed.Load() || !cl.accepted.Load() || !m.client.CompareAndSwap(old, cl) {
			if c != nil {
				c.close()
			}
			if m.client.Load() != old {
				return
			}
			continue
		}
		m.mu.Lock()
		last := m.maxSeq
		m.mu.Unlock()
		cr.reconnects.Add(1)
		m.reconnects.Add(1)
		cr.join(cl, last)
		cr.resend(m, c)
		return
	}
}

// phases splits a scale run at the node's move (from its start until 5 s
// after it was ready) and, with --stop-node, at the stop (5 s from it).
func phases(all *series, t moveTimes, end float64) []Phase {
	moveFrom, moveTo, stopAt := t.from, t.to, t.stop
	cut := func(name string, a, b float64) Phase {
		b = max(a, min(b, end))
		h, n := all.total(int(a), int(math.Ceil(b)))
		return Phase{Name: name, FromS: round2(a), ToS: round2(b), DeliveriesPerS: round2(float64(n) / max(b-a, 0.001)),
			LatencyMs: latencyOf(h)}
	}
	if moveTo < 0 {
		moveTo = end
	}
	after := end
	if stopAt >= 0 {
		moveTo, after = min(moveTo, stopAt), stopAt
	}
	cuts := []Phase{cut("before", 0, moveFrom), cut("during the move", moveFrom, moveTo), cut("after the move", moveTo, after)}
	if stopAt >= 0 {
		cuts = append(cuts, cut("during the stop", stopAt, stopAt+5), cut("after the stop", stopAt+5, end))
	}
	// A slice shorter than a bucket says nothing.
	out := cuts[:0]
	for _, p := range cuts {
		if p.ToS-p.FromS >= 1 {
			out = append(out, p)
		}
	}
	return out
}
