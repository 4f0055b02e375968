package persistence

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
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
	k := countsKey{userID, peer}
	counts, err := countsOfMany(ctx, s.db.reads, []countsKey{k})
	if err != nil {
		return Counts{}, fmt.Errorf("inbox store: counts of %d: %w", userID, err)
	}
	return counts[k], nil
}

// inboxChunk bounds the writes one statement of appendInbox carries, so
// that no statement nears a driver's limit of bound parameters.
const inboxChunk = 200

// appendInbox stores writes in tx, each under its member's next sequence
// number, in three statements whatever their number (per inboxChunk
// writes): one takes every member's numbers, one reads every member's
// counters, one inserts the events. The members' counter rows are taken in
// ascending user id order so that two transactions touching the same two
// members cannot deadlock. A member with several writes gets consecutive
// numbers, in the order of writes.
func appendInbox(ctx context.Context, tx *sql.Tx, writes []InboxWrite) ([]InboxEvent, error) {
	events := make([]InboxEvent, 0, len(writes))
	for chunk := range slices.Chunk(writes, inboxChunk) {
		part, err := appendInboxChunk(ctx, tx, chunk)
		if err != nil {
			return nil, err
		}
		events = append(events, part...)
	}
	return events, nil
}

func appendInboxChunk(ctx context.Context, tx *sql.Tx, writes []InboxWrite) ([]InboxEvent, error) {
	if len(writes) == 0 {
		return nil, nil
	}
	p := planInbox(writes, false)
	rows, err := tx.QueryContext(ctx, p.seqsSQL, p.seqsArgs...)
	if err != nil {
		return nil, fmt.Errorf("inbox: next seqs: %w", mapError(err))
	}
	seqs, err := p.readSeqs(sqlRows{rows})
	if err != nil {
		return nil, err
	}
	if rows, err = tx.QueryContext(ctx, p.countsSQL, p.countsArgs...); err != nil {
		return nil, fmt.Errorf("inbox: counts: %w", mapError(err))
	}
	counts, err := readCounts(sqlRows{rows})
	if err != nil {
		return nil, err
	}
	events, insert, args, err := p.events(seqs, counts)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, insert, args...); err != nil {
		return nil, fmt.Errorf("inbox: append %d events: %w", len(writes), mapError(err))
	}
	return events, nil
}

// inboxPlan holds the statements that append writes to the inboxes: the
// members' next numbers (in ascending user id order), their counters,
// then (events) the events themselves.
type inboxPlan struct {
	writes []InboxWrite
	taken  map[int64]int64 // writes per member
	// arrays passes the rows as PostgreSQL arrays: the statements' text is
	// then the same whatever the number of writes, prepared and planned
	// once per connection instead of once per size.
	arrays               bool
	seqsSQL, countsSQL   string
	seqsArgs, countsArgs []any
}

// Statements of an inboxPlan with arrays.
const (
	seqsArraySQL = `INSERT INTO inbox_seqs (user_id, last_seq)
		SELECT u, n FROM unnest($1::BIGINT[], $2::BIGINT[]) AS t(u, n) ORDER BY u
		ON CONFLICT (user_id) DO UPDATE SET last_seq = inbox_seqs.last_seq + excluded.last_seq
		RETURNING user_id, last_seq`
	countsArraySQL = `SELECT k.u, k.p,
			(SELECT COUNT(*) FROM private_messages WHERE to_id = k.u AND read_at = 0 AND deleted_at = 0),
			(SELECT COUNT(*) FROM notifications WHERE to_id = k.u AND read_at = 0),
			(SELECT COUNT(*) FROM private_messages WHERE to_id = k.u AND from_id = k.p AND k.p <> 0
				AND read_at = 0 AND deleted_at = 0)
		FROM unnest($1::BIGINT[], $2::BIGINT[]) AS k(u, p)`
	eventsArraySQL = `INSERT INTO inbox_events (user_id, seq, action, data, created_at)
		SELECT * FROM unnest($1::BIGINT[], $2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::BIGINT[])`
)

func planInbox(writes []InboxWrite, arrays bool) *inboxPlan {
	p := &inboxPlan{writes: writes, taken: map[int64]int64{}, arrays: arrays}
	for _, w := range writes {
		p.taken[w.UserID]++
	}
	users := slices.Sorted(maps.Keys(p.taken))
	keys := make([]countsKey, 0, len(writes))
	for _, w := range writes {
		if k := (countsKey{w.UserID, w.Peer}); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	if arrays {
		counts := make([]int64, len(users))
		for i, u := range users {
			counts[i] = p.taken[u]
		}
		kUsers, kPeers := make([]int64, len(keys)), make([]int64, len(keys))
		for i, k := range keys {
			kUsers[i], kPeers[i] = k.user, k.peer
		}
		p.seqsSQL, p.seqsArgs = seqsArraySQL, []any{users, counts}
		p.countsSQL, p.countsArgs = countsArraySQL, []any{kUsers, kPeers}
		return p
	}
	var q strings.Builder
	q.WriteString(`INSERT INTO inbox_seqs (user_id, last_seq) VALUES `)
	for i, u := range users {
		if i > 0 {
			q.WriteString(", ")
		}
		fmt.Fprintf(&q, "($%d, $%d)", 2*i+1, 2*i+2)
		p.seqsArgs = append(p.seqsArgs, u, p.taken[u])
	}
	q.WriteString(` ON CONFLICT (user_id) DO UPDATE SET last_seq = inbox_seqs.last_seq + excluded.last_seq
		RETURNING user_id, last_seq`)
	p.seqsSQL = q.String()
	p.countsSQL, p.countsArgs = countsQuery(keys)
	return p
}

// resultRows are the rows of a query, from database/sql or pgx.
type resultRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// sqlRows adapts *sql.Rows, whose Close returns an error, to resultRows.
type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { _ = r.Rows.Close() }

// readSeqs reads what seqsSQL returned: each member's first new number.
func (p *inboxPlan) readSeqs(rows resultRows) (map[int64]int64, error) {
	defer rows.Close()
	first := make(map[int64]int64, len(p.taken))
	for rows.Next() {
		var user, last int64
		if err := rows.Scan(&user, &last); err != nil {
			return nil, fmt.Errorf("inbox: next seqs: %w", err)
		}
		first[user] = last - p.taken[user] + 1
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("inbox: next seqs: %w", mapError(err))
	}
	if len(first) != len(p.taken) {
		return nil, fmt.Errorf("inbox: next seqs: %d of %d members numbered", len(first), len(p.taken))
	}
	return first, nil
}

// events numbers the writes from seqs, builds their payloads from counts,
// and returns them with the statement that inserts them.
func (p *inboxPlan) events(seqs map[int64]int64, counts map[countsKey]Counts) ([]InboxEvent, string, []any, error) {
	events := make([]InboxEvent, len(p.writes))
	now := Now()
	for i, w := range p.writes {
		seq := seqs[w.UserID]
		seqs[w.UserID] = seq + 1
		payload, err := w.Payload(counts[countsKey{w.UserID, w.Peer}])
		if err != nil {
			return nil, "", nil, fmt.Errorf("inbox: payload of %s: %w", w.Action, err)
		}
		data, err := withSeq(payload, seq)
		if err != nil {
			return nil, "", nil, fmt.Errorf("inbox: payload of %s: %w", w.Action, err)
		}
		events[i] = InboxEvent{UserID: w.UserID, Seq: seq, Action: w.Action, Data: data, CreatedAt: now}
	}
	if p.arrays {
		n := len(events)
		users, seqList, actions, data, created := make([]int64, n), make([]int64, n), make([]string, n), make([]string, n), make([]int64, n)
		for i, e := range events {
			users[i], seqList[i], actions[i], data[i], created[i] = e.UserID, e.Seq, e.Action, string(e.Data), e.CreatedAt
		}
		return events, eventsArraySQL, []any{users, seqList, actions, data, created}, nil
	}
	var insert strings.Builder
	insert.WriteString(`INSERT INTO inbox_events (user_id, seq, action, data, created_at) VALUES `)
	args := make([]any, 0, len(events)*5)
	for i, e := range events {
		if i > 0 {
			insert.WriteString(", ")
		}
		n := len(args)
		fmt.Fprintf(&insert, "($%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5)
		args = append(args, e.UserID, e.Seq, e.Action, string(e.Data), e.CreatedAt)
	}
	return events, insert.String(), args, nil
}

// countsKey is a member and the peer whose conversation they count (0: none).
type countsKey struct{ user, peer int64 }

// countsOfMany reads the counters of every key in one query.
func countsOfMany(ctx context.Context, db querier, keys []countsKey) (map[countsKey]Counts, error) {
	query, args := countsQuery(keys)
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("inbox: counts: %w", mapError(err))
	}
	return readCounts(sqlRows{rows})
}

// countsQuery reads the counters of every key; the count of a
// conversation is 0 for peer 0.
func countsQuery(keys []countsKey) (string, []any) {
	var q strings.Builder
	args := make([]any, 0, len(keys)*2)
	for i, k := range keys {
		if i > 0 {
			q.WriteString(" UNION ALL ")
		}
		u, p := 2*i+1, 2*i+2
		fmt.Fprintf(&q, `SELECT CAST($%[1]d AS BIGINT), CAST($%[2]d AS BIGINT),
			(SELECT COUNT(*) FROM private_messages WHERE to_id = $%[1]d AND read_at = 0 AND deleted_at = 0),
			(SELECT COUNT(*) FROM notifications WHERE to_id = $%[1]d AND read_at = 0),
			(SELECT COUNT(*) FROM private_messages WHERE to_id = $%[1]d AND from_id = $%[2]d AND $%[2]d <> 0
				AND read_at = 0 AND deleted_at = 0)`, u, p)
		args = append(args, k.user, k.peer)
	}
	return q.String(), args
}

func readCounts(rows resultRows) (map[countsKey]Counts, error) {
	defer rows.Close()
	out := map[countsKey]Counts{}
	for rows.Next() {
		var k countsKey
		var c Counts
		if err := rows.Scan(&k.user, &k.peer, &c.Messages, &c.Notifications, &c.Conversation); err != nil {
			return nil, fmt.Errorf("inbox: counts: %w", err)
		}
		out[k] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("inbox: counts: %w", mapError(err))
	}
	return out, nil
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
