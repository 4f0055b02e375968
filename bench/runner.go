package bench

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// runner is one scenario's run: where it sends its load, as whom, and the
// load generator's own measurements.
type runner struct {
	o       *Options
	env     Env
	cl      *cluster // nil with --target
	targets []string
	debug   map[string]string // target → its pprof address, for own nodes
	users   *UsersFile

	cpuUsed time.Duration // the client's CPU over the measured run
	wall    time.Duration
	// extraCPU, when set, is the CPU the client's other processes (connect
	// --procs workers) used so far; it counts as the client's.
	extraCPU func() time.Duration

	mu       sync.Mutex
	cpuCores []float64 // guarded by mu: client cores busy, per second of the run
}

func (r *runner) logf(format string, args ...any) {
	if !r.o.Quiet {
		fmt.Fprintf(r.env.Stderr, format+"\n", args...)
	}
}

// user returns the i-th bench member, wrapping around.
func (r *runner) user(i int) BenchUser { return r.users.Users[i%len(r.users.Users)] }

// target returns the node the i-th client talks to.
func (r *runner) target(i int) string { return r.targets[i%len(r.targets)] }

// nodeOf numbers a target: its own node's id, or its position in
// --target (from 1); 0 when unknown.
func (r *runner) nodeOf(url string) int {
	if r.cl != nil {
		for _, n := range r.cl.all() {
			if n.url == url {
				return n.id
			}
		}
	}
	for i, t := range r.targets {
		if t == url {
			return i + 1
		}
	}
	return 0
}

// measure runs the progress ticker until ctx ends or stop is closed: every
// second it prints status() and records the client's CPU use. It returns
// when the ticker stops.
func (r *runner) measure(ctx context.Context, start time.Time, stop <-chan struct{}, status func() string) {
	clientCPU := func() time.Duration {
		if r.extraCPU != nil {
			return cpuTime() + r.extraCPU()
		}
		return cpuTime()
	}
	cpu0 := clientCPU()
	last, lastCPU := start, cpu0
	t := time.NewTicker(time.Second)
	defer t.Stop()
	defer func() {
		r.cpuUsed = clientCPU() - cpu0
		r.wall = time.Since(start)
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case <-stop:
			return
		case now := <-t.C:
			cpu := clientCPU()
			cores := (cpu - lastCPU).Seconds() / now.Sub(last).Seconds()
			last, lastCPU = now, cpu
			r.mu.Lock()
			r.cpuCores = append(r.cpuCores, round2(cores))
			r.mu.Unlock()
			r.logf("[%3.0fs] %s  client cpu %.2f", now.Sub(start).Seconds(), status(), cores)
		}
	}
}

// clientCores is the client's cores busy in second i of the run.
func (r *runner) clientCores(i int) float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	if i < len(r.cpuCores) {
		return r.cpuCores[i]
	}
	return 0
}

// sleepCtx waits d or until ctx ends; it reports whether d passed.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
