package bench

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"time"
)

// bytesPerConnTarget is DESIGN.md's memory target per idle connection.
const bytesPerConnTarget = 10 << 10

// runConnect opens --conns authenticated websockets over --ramp, holds them
// idle for --duration and reads the server's memory before and after.
func runConnect(ctx context.Context, r *runner) (*Report, error) {
	o := r.o
	rep := newReport("connect", r.env.Version, o)
	rep.Params["conns"], rep.Params["ramp"], rep.Params["duration"] = o.Conns, o.Ramp.String(), o.Duration.String()
	pool, err := newPool(runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	defer pool.stop()
	defer pool.closeAll()

	probe := newServerProbe(ctx, r.targets, r.debug)
	op := newOpener(r, pool)
	clients := make([]*client, o.Conns)
	for i := range clients {
		clients[i] = &client{idx: i, user: r.user(i), target: r.target(i), connected: make(chan struct{}),
			handle: func(_ *client, _ *wsConn, action, payload []byte) {
				if bytes.Equal(action, errorAction) {
					op.refuse(payload)
				}
			}}
	}

	start := time.Now()
	stop := make(chan struct{})
	done := make(chan struct{})
	series := newSeries(start, time.Second)
	go func() {
		defer close(done)
		r.measure(ctx, start, stop, func() string {
			open := op.opened.Load() - pool.closedByPeer.Load()
			return fmt.Sprintf("connections %d/%d  failed %d  dropped %d", open, o.Conns, op.failed.Load(), pool.closedByPeer.Load())
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
				series.add(now, 0)
				series.count[series.bucket(now)] = op.opened.Load() - pool.closedByPeer.Load()
			}
		}
	}()

	ramp := op.openAll(ctx, clients, o.Ramp)
	r.logf("%d connections open in %s; holding them idle for %s", op.opened.Load(), ramp.Round(time.Millisecond), o.Duration)
	sleepCtx(ctx, o.Duration)
	servers := probe.finish(ctx)
	close(stop)
	<-done
	<-sampler

	opened := op.opened.Load()
	rep.DurationS = round2(time.Since(start).Seconds())
	rep.Connection = &ConnFigures{Opened: opened, Failed: op.failed.Load(), Dropped: pool.closedByPeer.Load(),
		PerSecond: round2(float64(opened) / max(ramp.Seconds(), 0.001)), RampS: round2(ramp.Seconds()),
		HandshakeMs: op.handshakeLatency()}
	rep.fail("connect failed", op.failed.Load())
	rep.fail("dropped by the server", pool.closedByPeer.Load())
	for k, v := range op.refusals() {
		rep.fail(k, v)
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
	if len(servers) > 0 {
		rep.figure("server memory per idle connection", rep.BytesPerConn, "bytes", "≤ 10240", func(v float64) bool { return v <= bytesPerConnTarget })
		if !servers[0].Collected {
			rep.Notes = append(rep.Notes, "the server's heap was read without a forced collection (no pprof address): bytes_per_conn includes garbage")
		}
	}
	return rep, nil
}
