package persistence

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
)

// InboxEvent is one sequenced event of a member's inbox: what the member's
// connections receive as a websocket frame {"action": Action, "data": Data}.
type InboxEvent struct {
	UserID int64
	// Seq numbers the member's events from 1 without gaps.
	Seq    int64
	Action string
	// Data is the event's JSON object; its first member is "seq".
	Data      []byte
	CreatedAt int64
}

// Counts are a member's unread counters, read from the store.
type Counts struct {
	// Messages counts the standing private messages the member has not read.
	Messages int
	// Notifications counts the member's unread notifications.
	Notifications int
	// Conversation counts the unread messages from one peer (InboxWrite.Peer);
	// 0 when no peer was asked for.
	Conversation int
}

// InboxWrite is an event a change appends to a member's inbox, in the
// change's own transaction.
type InboxWrite struct {
	UserID int64
	Action string
	// Peer, when set, makes Counts.Conversation the unread messages from Peer.
	Peer int64
	// Payload returns the event's JSON object (without seq), given the
	// member's counters after the change. It runs inside the transaction
	// and may run again if the transaction is retried.
	Payload func(Counts) ([]byte, error)
}

// InboxStore reads the members' inboxes; the stores of messages,
// notifications and follows append to them.
type InboxStore struct{ db *DB }

// Inbox returns the inbox store.
func (db *DB) Inbox() InboxStore { return InboxStore{db: db} }

// LastSeq returns the member's highest inbox sequence number, 0 when the
// inbox is empty. It reads from the writer so that it sees every commit.
func (s InboxStore) LastSeq(ctx context.Context, userID int64) (int64, error) {
	var seq int64
	err := s.db.write.QueryRowContext(ctx, `SELECT COALESCE(MAX(last_seq), 0) FROM inbox_seqs WHERE user_id = $1`, userID).Scan(&seq)
	if err != nil {
		return 0, fmt.Errorf("inbox store: last seq of %d: %w", userID, err)
	}
	return seq, nil
}

// Since returns up to limit events of the member after seq, oldest first;
// the first is not seq+1 when the ones between were pruned. It reads from
// the writer so that an event delivered live is never
// missing from it.
func (s InboxStore) Since(ctx context.Context, userID, seq int64, limit int) ([]InboxEvent, error) {
	rows, err := s.db.write.QueryContext(ctx, `SELECT user_id, seq, action, data, created_at FROM inbox_events
		WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, userID, seq, limit)
	if err != nil {
		return nil, fmt.Errorf("inbox store: events of %d since %d: %w", userID, seq, err)
	}
	defer rows.Close()
	var list []InboxEvent
	for rows.Next() {
		var e InboxEvent
		var data string
		if err := rows.Scan(&e.UserID, &e.Seq, &e.Action, &data, &e.CreatedAt); err != nil {
			return nil, fmt.Errorf("inbox store: events of %d: %w", userID, err)
		}
		e.Data = []byte(data)
		list = append(list, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("inbox store: events of %d: %w", userID, err)
	}
	return list, nil
}

// Prune deletes up to limit inbox events created before before (epoch ms),
// oldest first, and returns how many it deleted. The members' sequence
// numbers stay: the next events continue them. A resume from before the
// first event kept finds a gap (see Since) and reloads instead.
func (s InboxStore) Prune(ctx context.Context, before int64, limit int) (int64, error) {
	res, err := s.db.write.ExecContext(ctx, `DELETE FROM inbox_events WHERE (user_id, seq) IN
		(SELECT user_id, seq FROM inbox_events WHERE created_at < $1 ORDER BY created_at, user_id, seq LIMIT $2)`, before, limit)
	if err != nil {
		return 0, fmt.Errorf("inbox store: prune: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("inbox store: prune: %w", err)
	}
	return n, nil
}

// Counts returns the member's unread counters; peer, when not 0, fills
// Conversation.
func (s InboxStore) Counts(ctx context.Context, userID, peer int64) (Counts, error) {
	c, err := countsOf(ctx, s.db.reads, userID, peer)
	if err != nil {
		return c, fmt.Errorf("inbox store: counts of %d: %w", userID, err)
	}
	return c, nil
}

// rowQuerier is a pool or a transaction.
type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func countsOf(ctx context.Context, q rowQuerier, userID, peer int64) (Counts, error) {
	var c Counts
	if peer == 0 {
		err := q.QueryRowContext(ctx, `SELECT
			(SELECT COUNT(*) FROM private_messages WHERE to_id = $1 AND read_at = 0 AND deleted_at = 0),
			(SELECT COUNT(*) FROM notifications WHERE to_id = $1 AND read_at = 0)`,
			userID).Scan(&c.Messages, &c.Notifications)
		return c, err
	}
	err := q.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM private_messages WHERE to_id = $1 AND read_at = 0 AND deleted_at = 0),
		(SELECT COUNT(*) FROM notifications WHERE to_id = $1 AND read_at = 0),
		(SELECT COUNT(*) FROM private_messages WHERE to_id = $1 AND from_id = $2 AND read_at = 0 AND deleted_at = 0)`,
		userID, peer).Scan(&c.Messages, &c.Notifications, &c.Conversation)
	return c, err
}

// appendInbox stores writes in tx, each under its member's next sequence
// number. The members' counter rows are taken in ascending user id order so
// that two transactions touching the same two members cannot deadlock.
func appendInbox(ctx context.Context, tx *sql.Tx, writes []InboxWrite) ([]InboxEvent, error) {
	order := make([]int, len(writes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch ua, ub := writes[a].UserID, writes[b].UserID; {
		case ua < ub:
			return -1
		case ua > ub:
			return 1
		}
		return 0
	})
	events := make([]InboxEvent, len(writes))
	now := Now()
	for _, i := range order {
		w := writes[i]
		var seq int64
		err := tx.QueryRowContext(ctx, `INSERT INTO inbox_seqs (user_id, last_seq) VALUES ($1, 1)
			ON CONFLICT (user_id) DO UPDATE SET last_seq = inbox_seqs.last_seq + 1
			RETURNING last_seq`, w.UserID).Scan(&seq)
		if err != nil {
			return nil, fmt.Errorf("inbox: next seq of %d: %w", w.UserID, err)
		}
		counts, err := countsOf(ctx, tx, w.UserID, w.Peer)
		if err != nil {
			return nil, fmt.Errorf("inbox: counts of %d: %w", w.UserID, err)
		}
		payload, err := w.Payload(counts)
		if err != nil {
			return nil, fmt.Errorf("inbox: payload of %s: %w", w.Action, err)
		}
		data, err := withSeq(payload, seq)
		if err != nil {
			return nil, fmt.Errorf("inbox: payload of %s: %w", w.Action, err)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO inbox_events (user_id, seq, action, data, created_at)
			VALUES ($1, $2, $3, $4, $5)`, w.UserID, seq, w.Action, string(data), now)
		if err != nil {
			return nil, fmt.Errorf("inbox: append %s for %d: %w", w.Action, w.UserID, mapError(err))
		}
		events[i] = InboxEvent{UserID: w.UserID, Seq: seq, Action: w.Action, Data: data, CreatedAt: now}
	}
	return events, nil
}

// withSeq puts "seq" first into a JSON object.
func withSeq(payload []byte, seq int64) ([]byte, error) {
	payload = bytes.TrimSpace(payload)
	if len(payload) < 2 || payload[0] != '{' || payload[len(payload)-1] != '}' {
		return nil, fmt.Errorf("not a JSON object")
	}
	out := make([]byte, 0, len(payload)+24)
	out = append(out, `{"seq":`...)
	out = strconv.AppendInt(out, seq, 10)
	if rest := bytes.TrimSpace(payload[1 : len(payload)-1]); len(rest) > 0 {
		out = append(out, ',')
		out = append(out, rest...)
	}
	return append(out, '}'), nil
}
