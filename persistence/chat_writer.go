package persistence

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// chatWriteBatch bounds the messages of one shared transaction.
	chatWriteBatch = 512
	// chatWriteTimeout bounds a shared transaction; each call's own
	// deadline bounds its wait for one.
	chatWriteTimeout = 10 * time.Second
)

// chatWriter group-commits the messages of many rooms. A room's grain
// already stores the messages it holds in one transaction; with thousands
// of rooms each holding one, every message still cost a commit (on
// SQLite, the single writer's; on PostgreSQL, a round trip and a flush).
// Calls that arrive while a transaction runs wait for the next one, which
// stores them all: no timer, a lone call is written at once. When the
// shared transaction is refused (one room's Seq taken, one key used), each
// call is written in its own, so that each gets its own outcome.
type chatWriter struct {
	mu      sync.Mutex
	queue   []*chatWrite // guarded by mu
	running bool         // guarded by mu: the writer goroutine runs

	transactions, messages atomic.Int64
}

// chatWrite is one AppendMessages call waiting for its transaction.
type chatWrite struct {
	ctx    context.Context
	events []*ChatEvent
	done   chan error
}

// ChatWrites returns the transactions chat messages were stored in since
// the database was opened, and the messages stored.
func (db *DB) ChatWrites() (transactions, messages int64) {
	return db.chat.transactions.Load(), db.chat.messages.Load()
}

func (w *chatWriter) append(ctx context.Context, db *DB, events []*ChatEvent) error {
	job := &chatWrite{ctx: ctx, events: events, done: make(chan error, 1)}
	w.mu.Lock()
	w.queue = append(w.queue, job)
	if !w.running {
		w.running = true
		go w.run(db)
	}
	w.mu.Unlock()
	// The writer answers every call: with ctx's error, unwritten, when the
	// deadline passed before its turn, else with its transaction's outcome
	// (a shared one lasts at most chatWriteTimeout). Waiting for the
	// answer rather than the deadline keeps the outcome true: a caller
	// never hears "failed" for messages that were stored.
	return <-job.done
}

// run writes the queued calls until none is left.
func (w *chatWriter) run(db *DB) {
	for {
		w.mu.Lock()
		n, size := 0, 0
		for n < len(w.queue) && (n == 0 || size+len(w.queue[n].events) <= chatWriteBatch) {
			size += len(w.queue[n].events)
			n++
		}
		if n == 0 {
			w.running = false
			w.mu.Unlock()
			return
		}
		batch := make([]*chatWrite, n)
		copy(batch, w.queue)
		w.queue = append(w.queue[:0], w.queue[n:]...)
		w.mu.Unlock()
		w.write(db, batch)
	}
}

// write stores batch, in one transaction when it can.
func (w *chatWriter) write(db *DB, batch []*chatWrite) {
	live := batch[:0]
	for _, job := range batch {
		if err := job.ctx.Err(); err != nil {
			job.done <- err
			continue
		}
		live = append(live, job)
	}
	if len(live) == 1 {
		live[0].done <- w.commit(live[0].ctx, db, live[0].events)
		return
	}
	if len(live) == 0 {
		return
	}
	var all []*ChatEvent
	for _, job := range live {
		all = append(all, job.events...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), chatWriteTimeout)
	err := w.commit(ctx, db, all)
	cancel()
	for _, job := range live {
		if err != nil {
			job.done <- w.commit(job.ctx, db, job.events)
		} else {
			job.done <- nil
		}
	}
}

func (w *chatWriter) commit(ctx context.Context, db *DB, events []*ChatEvent) error {
	err := db.tx(ctx, func(tx *sql.Tx) error { return insertMessages(ctx, tx, events) })
	if err == nil {
		w.transactions.Add(1)
		w.messages.Add(int64(len(events)))
	}
	return err
}
