package persistence

import (
	"context"
	"database/sql"
	"sync/atomic"
)

// chatWriteBatch bounds the messages of one shared transaction.
const chatWriteBatch = 512

// chatWriter group-commits the messages of many rooms. A room's grain
// already stores the messages it holds in one transaction; with thousands
// of rooms each holding one, every message still cost a commit. With the
// writer, the calls of many rooms share one (groupWriter).
type chatWriter struct {
	groupWriter[[]*ChatEvent]

	transactions, messages atomic.Int64
}

func newChatWriter(db *DB) *chatWriter {
	w := &chatWriter{}
	w.groupWriter = groupWriter[[]*ChatEvent]{
		limit: chatWriteBatch,
		size:  func(events []*ChatEvent) int { return len(events) },
		alone: func(ctx context.Context, events []*ChatEvent) error { return w.commit(ctx, db, events) },
		shared: func(ctx context.Context, calls [][]*ChatEvent) error {
			var all []*ChatEvent
			for _, events := range calls {
				all = append(all, events...)
			}
			return w.commit(ctx, db, all)
		},
	}
	return w
}

// ChatWrites returns the transactions chat messages were stored in since
// the database was opened, and the messages stored.
func (db *DB) ChatWrites() (transactions, messages int64) {
	return db.chat.transactions.Load(), db.chat.messages.Load()
}

func (w *chatWriter) commit(ctx context.Context, db *DB, events []*ChatEvent) error {
	err := db.tx(ctx, func(tx *sql.Tx) error { return insertMessages(ctx, tx, events) })
	if err == nil {
		w.transactions.Add(1)
		w.messages.Add(int64(len(events)))
	}
	return err
}
