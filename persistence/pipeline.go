package persistence

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// rollbackTimeout bounds the ROLLBACK of a failed pipelined transaction,
// which runs even when the caller's context has ended.
const rollbackTimeout = 5 * time.Second

// change is one statement of a transaction, with its arguments.
type change struct {
	sql  string
	args []any
}

// pipelinedInbox runs, on PostgreSQL, changes and the inbox writes they
// append (at most inboxChunk) in one transaction and two round trips
// instead of five and more: BEGIN, the changes, the members' next
// numbers and their counters are sent together; the events and COMMIT
// together, once the payloads are built from the counters. Each round trip
// a transaction holds its members' rows costs every other change of them
// that long, and the node and the server a wake-up each. Failures are
// those of DB.tx: a refused change rolls everything back.
func (db *DB) pipelinedInbox(ctx context.Context, changes []change, writes []InboxWrite) ([]InboxEvent, error) {
	for attempt := 1; ; attempt++ {
		events, err := db.pipelinedInboxOnce(ctx, changes, writes)
		if err == nil || !retryable(err) || attempt == maxTxAttempts {
			return events, err
		}
		if err := backoff(ctx, attempt); err != nil {
			return nil, err
		}
	}
}

func (db *DB) pipelinedInboxOnce(ctx context.Context, changes []change, writes []InboxWrite) (events []InboxEvent, err error) {
	conn, err := db.write.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	defer conn.Close()
	err = conn.Raw(func(driverConn any) error {
		c, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("pipelined transaction on a %T", driverConn)
		}
		events, err = pipelineOn(ctx, c.Conn(), changes, writes)
		return err
	})
	return events, err
}

func pipelineOn(ctx context.Context, pc *pgx.Conn, changes []change, writes []InboxWrite) ([]InboxEvent, error) {
	p := planInbox(writes, true)
	first := &pgx.Batch{}
	first.Queue("BEGIN")
	for _, c := range changes {
		first.Queue(c.sql, c.args...)
	}
	first.Queue(p.seqsSQL, p.seqsArgs...)
	first.Queue(p.countsSQL, p.countsArgs...)
	res := pc.SendBatch(ctx, first)
	seqs, counts, err := readFirst(res, len(changes), p)
	if closeErr := res.Close(); err == nil && closeErr != nil {
		err = mapError(closeErr)
	}
	if err != nil {
		return nil, rollback(ctx, pc, err)
	}
	events, insert, insertArgs, err := p.events(seqs, counts)
	if err != nil {
		return nil, rollback(ctx, pc, err)
	}
	second := &pgx.Batch{}
	second.Queue(insert, insertArgs...)
	second.Queue("COMMIT")
	res = pc.SendBatch(ctx, second)
	_, insertErr := res.Exec()
	tag, commitErr := res.Exec()
	closeErr := res.Close()
	switch {
	case insertErr != nil:
		// COMMIT answered ROLLBACK, or failed too: end the transaction either way.
		return nil, rollback(ctx, pc, fmt.Errorf("inbox: append %d events: %w", len(writes), mapError(insertErr)))
	case commitErr != nil:
		return nil, rollback(ctx, pc, fmt.Errorf("commit: %w", mapError(commitErr)))
	case closeErr != nil:
		return nil, rollback(ctx, pc, fmt.Errorf("commit: %w", mapError(closeErr)))
	case tag.String() != "COMMIT":
		return nil, fmt.Errorf("commit: the server answered %q", tag.String())
	}
	return events, nil
}

// readFirst reads the answers to the first round trip of pipelineOn.
func readFirst(res pgx.BatchResults, changes int, p *inboxPlan) (map[int64]int64, map[countsKey]Counts, error) {
	if _, err := res.Exec(); err != nil {
		return nil, nil, fmt.Errorf("begin: %w", err)
	}
	for range changes {
		if _, err := res.Exec(); err != nil {
			return nil, nil, mapError(err)
		}
	}
	rows, err := res.Query()
	if err != nil {
		rows.Close()
		return nil, nil, fmt.Errorf("inbox: next seqs: %w", mapError(err))
	}
	seqs, err := p.readSeqs(rows)
	if err != nil {
		return nil, nil, err
	}
	if rows, err = res.Query(); err != nil {
		rows.Close()
		return nil, nil, fmt.Errorf("inbox: counts: %w", mapError(err))
	}
	counts, err := readCounts(rows)
	return seqs, counts, err
}

// rollback ends the connection's failed transaction and returns cause; a
// connection whose transaction cannot be ended is not used again.
func rollback(ctx context.Context, pc *pgx.Conn, cause error) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rollbackTimeout)
	defer cancel()
	if _, err := pc.Exec(ctx, "ROLLBACK"); err != nil {
		return errors.Join(cause, fmt.Errorf("rollback: %w", err), driver.ErrBadConn)
	}
	return cause
}
