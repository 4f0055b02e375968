package persistence

import (
	"context"
	"sync"
	"time"
)

// groupTimeout bounds a shared transaction; each call's own deadline
// bounds its wait for one.
const groupTimeout = 10 * time.Second

// groupWriter group-commits calls of one kind (J): calls that arrive while
// a transaction runs wait for the next one, which stores them all. There
// is no timer: a lone call is written at once, and the busier the store,
// the more calls share a commit (on SQLite, the single writer's; on
// PostgreSQL, the round trips and the log flush). When a shared
// transaction is refused (one call's key used, one sequence number taken),
// each of its calls is written in its own, so that each gets its own
// outcome.
type groupWriter[J any] struct {
	// limit bounds the summed size of the calls of one shared transaction.
	limit int
	size  func(J) int
	// alone writes one call in its own transaction, under the call's context.
	alone func(ctx context.Context, job J) error
	// shared writes calls in one transaction, all or nothing.
	shared func(ctx context.Context, jobs []J) error

	mu      sync.Mutex
	queue   []*groupCall[J] // guarded by mu
	running bool            // guarded by mu: the writer goroutine runs
}

// groupCall is one call waiting for its transaction.
type groupCall[J any] struct {
	ctx  context.Context
	job  J
	done chan error
}

// do writes job with the calls waiting beside it and returns its outcome.
func (w *groupWriter[J]) do(ctx context.Context, job J) error {
	call := &groupCall[J]{ctx: ctx, job: job, done: make(chan error, 1)}
	w.mu.Lock()
	w.queue = append(w.queue, call)
	if !w.running {
		w.running = true
		go w.run()
	}
	w.mu.Unlock()
	// The writer answers every call: with ctx's error, unwritten, when the
	// deadline passed before its turn, else with its transaction's outcome
	// (a shared one lasts at most groupTimeout). Waiting for the answer
	// rather than the deadline keeps the outcome true: a caller never
	// hears "failed" for what was stored.
	return <-call.done
}

// run writes the queued calls until none is left.
func (w *groupWriter[J]) run() {
	for {
		w.mu.Lock()
		n, size := 0, 0
		for n < len(w.queue) && (n == 0 || size+w.size(w.queue[n].job) <= w.limit) {
			size += w.size(w.queue[n].job)
			n++
		}
		if n == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		batch := make([]*groupCall[J], n)
		copy(batch, w.queue)
		w.queue = append(w.queue[:0], w.queue[n:]...)
		w.mu.Unlock()
		w.write(batch)
	}
}

// write stores batch, in one transaction when it can.
func (w *groupWriter[J]) write(batch []*groupCall[J]) {
	live := batch[:0]
	for _, call := range batch {
		if err := call.ctx.Err(); err != nil {
			call.done <- err
			continue
		}
		live = append(live, call)
	}
	switch len(live) {
	case 0:
		return
	case 1:
		live[0].done <- w.alone(live[0].ctx, live[0].job)
		return
	}
	jobs := make([]J, len(live))
	for i, call := range live {
		jobs[i] = call.job
	}
	ctx, cancel := context.WithTimeout(context.Background(), groupTimeout)
	err := w.shared(ctx, jobs)
	cancel()
	for _, call := range live {
		if err != nil {
			call.done <- w.alone(call.ctx, call.job)
		} else {
			call.done <- nil
		}
	}
}
