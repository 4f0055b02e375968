package bench

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"time"
)

// walletSettleGrace is how long the wallet scenario waits after the load
// before it asks again about the operations left without an answer: longer
// than a grain request's attempts on a server, so none is still under way.
const walletSettleGrace = 3 * time.Second

// runWallet runs the wallet driver (wallet_driver.go) for --duration with
// --users members, optionally SIGKILLs a node of its own cluster on the
// way, then settles the unanswered operations and checks every member's
// wallet and history through the API.
func runWallet(ctx context.Context, r *runner) (*Report, error) {
	o := r.o
	rep := newReport("wallet", r.env.Version, o)
	users := min(max(o.Users, 2), len(r.users.Users))
	for k, v := range map[string]any{"users": users, "duration": o.Duration.String(), "nodes": len(r.targets),
		"kill_node": o.KillNode, "db": map[bool]string{true: "postgres", false: "sqlite"}[o.DB != ""]} {
		rep.Params[k] = v
	}
	if len(o.Targets) > 0 {
		rep.Params["db"] = "target's"
	}
	transport := &http.Transport{DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 2 * users, DisableCompression: true}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport}
	tokens, err := signIn(ctx, &http.Client{Transport: transport, Timeout: 10 * time.Second}, r, users)
	if err != nil {
		return nil, err
	}
	members := make([]WalletMember, len(tokens))
	for i, tok := range tokens {
		members[i] = WalletMember{ID: r.user(i).ID, Token: tok}
	}
	targets := func() []string { return r.targets }
	if r.cl != nil {
		targets = r.cl.urls
	}
	d, err := NewWalletDriver(ctx, WalletConfig{Client: client, Targets: targets, Members: members})
	if err != nil {
		return nil, fmt.Errorf("%w (does the target serve the wallet actions?)", err)
	}
	rep.Params["repeat_share"], rep.Params["short_timeout_share"] = d.cfg.RepeatShare, d.cfg.ShortTimeoutShare
	probe := newServerProbe(ctx, r.targets, r.debug)

	start := time.Now()
	load, stopLoad := context.WithTimeout(ctx, o.Duration)
	defer stopLoad()
	// An operation under way when the load ends may retry for a while longer.
	settle, stopSettle := context.WithTimeout(ctx, o.Duration+time.Minute)
	defer stopSettle()
	event := func(what string) {
		rep.Events = append(rep.Events, Event{TS: round2(time.Since(start).Seconds()), What: what})
		r.logf("[%3.0fs] %s", time.Since(start).Seconds(), what)
	}
	killed := make(chan struct{})
	go func() {
		defer close(killed)
		if !o.KillNode || r.cl == nil || !sleepCtx(load, o.AddAt) {
			return
		}
		nodes := r.cl.all()
		victim := nodes[len(nodes)-1]
		event(fmt.Sprintf("node %d killed (SIGKILL)", victim.id))
		victim.kill()
	}()
	stop := make(chan struct{})
	measured := make(chan struct{})
	go func() {
		defer close(measured)
		var lastAcked, lastCalls int64
		r.measure(ctx, start, stop, func() string {
			acked := d.Acked()
			calls, unanswered := d.Calls()
			line := fmt.Sprintf("ops %5d/s  calls %5d/s  acked %d  unanswered %d", acked-lastAcked, calls-lastCalls, acked, unanswered)
			lastAcked, lastCalls = acked, calls
			return line
		})
	}()
	d.Run(load, settle)
	loadEnd := time.Now()
	<-killed
	close(stop)
	<-measured
	rep.Server = probe.finish(ctx)
	r.logf("settling the operations without an answer, then reading every wallet back…")
	d.Settle(settle, walletSettleGrace)
	check, err := d.Check(ctx)
	if err != nil {
		return nil, err
	}

	elapsed := loadEnd.Sub(start)
	rep.DurationS = round2(elapsed.Seconds())
	all := newSeries(start, time.Second)
	refused := map[string]int64{}
	var repeats, unansweredOps int64
	kinds := map[string]int64{}
	for _, op := range d.Ops() {
		repeats += int64(op.Repeats)
		if op.Unanswered > 0 {
			unansweredOps++
		}
		switch op.Outcome {
		case OutcomeApplied:
			kinds[op.Kind]++
			if op.Done.Before(loadEnd) {
				all.record(op.Done, op.Done.Sub(op.Start))
			}
		case OutcomeRefused:
			refused[op.Code]++
		}
	}
	hist, n := all.total(0, len(all.count))
	rep.OpsPerS = round2(float64(n) / max(elapsed.Seconds(), 0.001))
	calls, unanswered := d.Calls()
	rep.RequestsPerS = round2(float64(calls) / max(elapsed.Seconds(), 0.001))
	lat := latencyOf(hist)
	rep.LatencyMs = &lat
	lost, dups := check.Lost, check.Duplicated
	rep.Lost, rep.Duplicated = &lost, &dups
	for i := range all.count {
		rep.Buckets = append(rep.Buckets, Bucket{TS: float64(i + 1), OpsPerS: float64(all.count[i]),
			LatencyMs: latencyOf(all.hist[i]), ClientCores: r.clientCores(i)})
	}
	for k, v := range d.Anomalies() {
		rep.fail(k, v)
	}
	rep.fail("balance is not the sum of the entries", int64(len(check.Mismatched)))
	rep.fail("balance below zero", int64(len(check.Negative)))
	for k, v := range map[string]any{"operations": check.Ops, "applied": check.Applied, "refused": check.Refused,
		"without_answer": check.Maybe, "entries": check.Entries, "repeats_same_key": repeats,
		"ops_retried_after_no_answer": unansweredOps, "calls": calls, "calls_unanswered": unanswered,
		"applied_topups": kinds[WalletTopUp], "applied_memberships": kinds[WalletMembership], "applied_gifts": kinds[WalletGift]} {
		rep.Params[k] = v
	}
	if len(refused) > 0 {
		rep.Params["refused_by_code"] = refused
	}
	for _, p := range check.Problems() {
		rep.Notes = append(rep.Notes, p)
	}
	if check.Maybe > 0 {
		rep.Notes = append(rep.Notes, strconv.Itoa(check.Maybe)+" operations never got a definite answer: each counted as applied at most once")
	}
	slices.Sort(rep.Notes)
	zero := func(v float64) bool { return v == 0 }
	rep.figure("wallet operations per second (acknowledged)", rep.OpsPerS, "/s", "", nil)
	rep.figure("calls per second (with repeats and retries)", rep.RequestsPerS, "/s", "", nil)
	rep.figure("operation latency p50", lat.P50, "ms", "", nil)
	rep.figure("operation latency p99", lat.P99, "ms", "", nil)
	rep.figure("lost (acknowledged, not applied; ledger entries)", float64(lost), "", "0", zero)
	rep.figure("duplicated (applied twice; ledger entries)", float64(dups), "", "0", zero)
	rep.figure("balances not the sum of their entries", float64(len(check.Mismatched)), "", "0", zero)
	rep.figure("balances below zero", float64(len(check.Negative)), "", "0", zero)
	rep.figure("errors", float64(rep.Errors), "", "0", zero)
	return rep, nil
}
