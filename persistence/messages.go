package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
)

// PrivateMessage is a message from one member to another.
type PrivateMessage struct {
	// ID is the databaseId; Send assigns one when it is 0.
	ID     int64
	FromID int64
	ToID   int64
	// Content is plain text with line breaks.
	Content string
	// Image is a media reference; "" for none.
	Image string
	// ReadAt is when the recipient read it, epoch ms; 0 while unread.
	ReadAt int64
	// DeletedAt is when the sender deleted it, epoch ms; 0 while it stands.
	DeletedAt int64
	// IdemKey is the idempotency key of the send.
	IdemKey string
	// CreatedAt is epoch ms; Send sets it when it is 0.
	CreatedAt int64
}

// Recent is one conversation of a member's recents list.
type Recent struct {
	PeerID int64
	// Last is the newest standing message between the two.
	Last PrivateMessage
	// Unread counts the standing messages from the peer the member has not read.
	Unread int
}

// MessagesStore keeps the private messages.
type MessagesStore struct{ db *DB }

// Messages returns the private messages store.
func (db *DB) Messages() MessagesStore { return MessagesStore{db: db} }

const messageColumns = `id, from_id, to_id, content, image, read_at, deleted_at, idem_key, created_at`

// scanMessage scans messageColumns, then the extra columns into extra.
func scanMessage(row scanner, extra ...any) (PrivateMessage, error) {
	var m PrivateMessage
	err := row.Scan(append([]any{&m.ID, &m.FromID, &m.ToID, &m.Content, &m.Image, &m.ReadAt, &m.DeletedAt,
		&m.IdemKey, &m.CreatedAt}, extra...)...)
	return m, err
}

// Send stores m and appends writes to the inboxes, in one transaction. When
// m.IdemKey was used already, m becomes the stored message, nothing is
// written and replayed is true. Sends that arrive while another is being
// stored share the next transaction (sendWriter); the counters each write
// is given are those after that transaction.
func (s MessagesStore) Send(ctx context.Context, m *PrivateMessage, writes ...InboxWrite) (events []InboxEvent, replayed bool, err error) {
	if m.ID == 0 {
		m.ID = s.db.NewID()
	}
	if m.CreatedAt == 0 {
		m.CreatedAt = Now()
	}
	call := &sendCall{m: m, writes: writes}
	if err := s.db.sends.do(ctx, call); err != nil {
		return nil, false, fmt.Errorf("messages store: send: %w", err)
	}
	return call.events, call.replayed, nil
}

// sendCall is one message to send with its inbox writes, and what its
// send returned.
type sendCall struct {
	m        *PrivateMessage
	writes   []InboxWrite
	events   []InboxEvent
	replayed bool
}

// sendWriter group-commits the private messages sent (groupWriter). A
// message costs its insert and its events; the transaction around them,
// its round trips and its commit are shared. One shared transaction holds
// at most inboxChunk events: on PostgreSQL, two round trips.
type sendWriter struct {
	groupWriter[*sendCall]

	// transactions counts the transactions that stored messages.
	transactions atomic.Int64
}

func newSendWriter(db *DB) *sendWriter {
	w := &sendWriter{}
	w.groupWriter = groupWriter[*sendCall]{
		limit: inboxChunk,
		size:  func(c *sendCall) int { return max(len(c.writes), 1) },
		alone: func(ctx context.Context, c *sendCall) error { return w.alone(ctx, db, c) },
		shared: func(ctx context.Context, calls []*sendCall) error {
			return w.commit(ctx, db, calls)
		},
	}
	return w
}

const insertMessage = `INSERT INTO private_messages (` + messageColumns + `) VALUES ($1, $2, $3, $4, $5, 0, 0, $6, $7)`

func insertArgs(m *PrivateMessage) []any {
	return []any{m.ID, m.FromID, m.ToID, m.Content, m.Image, m.IdemKey, m.CreatedAt}
}

// insertMessagesArray inserts the messages of a shared send on PostgreSQL,
// whatever their number, in one statement prepared once.
const insertMessagesArray = `INSERT INTO private_messages (` + messageColumns + `)
	SELECT id, f, t, c, i, 0, 0, k, at FROM unnest($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::TEXT[],
		$5::TEXT[], $6::TEXT[], $7::BIGINT[]) AS m(id, f, t, c, i, k, at)`

// commit stores calls in one transaction and hands each its events.
func (w *sendWriter) commit(ctx context.Context, db *DB, calls []*sendCall) error {
	var writes []InboxWrite
	for _, c := range calls {
		writes = append(writes, c.writes...)
	}
	var events []InboxEvent
	var err error
	if db.kind == KindPostgres && len(writes) > 0 && len(writes) <= inboxChunk {
		n := len(calls)
		ids, from, to, content, image, keys, created := make([]int64, n), make([]int64, n), make([]int64, n),
			make([]string, n), make([]string, n), make([]string, n), make([]int64, n)
		for i, c := range calls {
			m := c.m
			ids[i], from[i], to[i], content[i], image[i], keys[i], created[i] = m.ID, m.FromID, m.ToID, m.Content, m.Image, m.IdemKey, m.CreatedAt
		}
		insert := change{insertMessagesArray, []any{ids, from, to, content, image, keys, created}}
		events, err = db.pipelinedInbox(ctx, []change{insert}, writes)
	} else {
		err = db.tx(ctx, func(tx *sql.Tx) error {
			for _, c := range calls {
				if _, err := tx.ExecContext(ctx, insertMessage, insertArgs(c.m)...); err != nil {
					return mapError(err)
				}
			}
			events, err = appendInbox(ctx, tx, writes)
			return err
		})
	}
	if err != nil {
		return err
	}
	for _, c := range calls {
		c.events, events = events[:len(c.writes):len(c.writes)], events[len(c.writes):]
	}
	w.transactions.Add(1)
	return nil
}

// alone stores c in its own transaction; a used key makes c.m the stored
// message and c.replayed true.
func (w *sendWriter) alone(ctx context.Context, db *DB, c *sendCall) error {
	err := w.commit(ctx, db, []*sendCall{c})
	if err == nil || !errors.Is(err, ErrConflict) {
		return err
	}
	prior, lookErr := scanMessage(db.write.QueryRowContext(ctx,
		`SELECT `+messageColumns+` FROM private_messages WHERE idem_key = $1`, c.m.IdemKey))
	if lookErr != nil {
		return errors.Join(err, mapError(lookErr))
	}
	*c.m = prior
	c.replayed = true
	return nil
}

// Parties returns the sender and the recipient of a message about to be
// sent and whether either blocks the other, in one statement: ErrNotFound
// when either does not exist.
func (s MessagesStore) Parties(ctx context.Context, fromID, toID int64) (from, to User, blocked bool, err error) {
	rows, err := s.db.reads.QueryContext(ctx, `SELECT `+userColumns+`, (SELECT COUNT(*) FROM user_blocks
		WHERE (user_id = $1 AND blocked_id = $2) OR (user_id = $2 AND blocked_id = $1))
		FROM users WHERE id IN ($1, $2)`, fromID, toID)
	if err != nil {
		return from, to, false, fmt.Errorf("messages store: parties: %w", mapError(err))
	}
	defer rows.Close()
	found := 0
	for rows.Next() {
		var blocks int
		u, err := scanUser(rows, &blocks)
		if err != nil {
			return from, to, false, fmt.Errorf("messages store: parties: %w", err)
		}
		blocked = blocks > 0
		switch u.ID {
		case fromID:
			from = u
			found |= 1
		case toID:
			to = u
			found |= 2
		}
	}
	if err := rows.Err(); err != nil {
		return from, to, false, fmt.Errorf("messages store: parties: %w", mapError(err))
	}
	if found != 3 {
		return from, to, false, fmt.Errorf("messages store: parties %d and %d: %w", fromID, toID, ErrNotFound)
	}
	return from, to, blocked, nil
}

// Get returns the message with the id, deleted or not, or ErrNotFound.
func (s MessagesStore) Get(ctx context.Context, id int64) (PrivateMessage, error) {
	m, err := scanMessage(s.db.reads.QueryRowContext(ctx,
		`SELECT `+messageColumns+` FROM private_messages WHERE id = $1`, id))
	if err != nil {
		return m, fmt.Errorf("messages store: get %d: %w", id, mapError(err))
	}
	return m, nil
}

// Delete marks the message deleted if fromID sent it and it stands, and
// then appends writes, in one transaction. deleted is false (and nothing
// is written) when it was deleted already; it returns ErrNotFound when
// fromID sent no message with that id.
func (s MessagesStore) Delete(ctx context.Context, id, fromID int64, writes ...InboxWrite) (events []InboxEvent, deleted bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE private_messages SET deleted_at = $1
			WHERE id = $2 AND from_id = $3 AND deleted_at = 0`, Now(), id, fromID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(errNoChange, err)
		}
		deleted = true
		events, err = appendInbox(ctx, tx, writes)
		return err
	})
	if errors.Is(err, errNoChange) {
		var exists int
		lookErr := s.db.write.QueryRowContext(ctx, `SELECT COUNT(*) FROM private_messages WHERE id = $1 AND from_id = $2`, id, fromID).Scan(&exists)
		switch {
		case lookErr != nil:
			return nil, false, fmt.Errorf("messages store: delete %d: %w", id, lookErr)
		case exists == 0:
			return nil, false, fmt.Errorf("messages store: delete %d: %w", id, ErrNotFound)
		}
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("messages store: delete %d: %w", id, err)
	}
	return events, deleted, nil
}

// errNoChange rolls back a transaction whose conditional update matched nothing.
var errNoChange = errors.New("no change")

// MarkRead marks every standing unread message from peerID to userID read
// and, when there was any, appends writes, in one transaction. It returns
// how many messages it marked.
func (s MessagesStore) MarkRead(ctx context.Context, userID, peerID int64, writes ...InboxWrite) (events []InboxEvent, marked int, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE private_messages SET read_at = $1
			WHERE to_id = $2 AND from_id = $3 AND read_at = 0 AND deleted_at = 0`, Now(), userID, peerID)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if marked = int(n); marked == 0 {
			return nil
		}
		events, err = appendInbox(ctx, tx, writes)
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("messages store: mark read: %w", err)
	}
	return events, marked, nil
}

// Conversation returns up to limit standing messages between userID and
// peerID with an id below before (0: the newest), newest first.
func (s MessagesStore) Conversation(ctx context.Context, userID, peerID, before int64, limit int) ([]PrivateMessage, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, func(row scanner) (PrivateMessage, error) { return scanMessage(row) }, `SELECT `+messageColumns+` FROM private_messages
		WHERE ((from_id = $1 AND to_id = $2) OR (from_id = $2 AND to_id = $1)) AND deleted_at = 0 AND id < $3
		ORDER BY id DESC LIMIT $4`, userID, peerID, before, limit)
	if err != nil {
		return nil, fmt.Errorf("messages store: conversation: %w", err)
	}
	return list, nil
}

// Recents returns up to limit conversations of userID whose newest
// standing message has an id below before (0: the newest), the most
// recent first.
func (s MessagesStore) Recents(ctx context.Context, userID, before int64, limit int) ([]Recent, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	// One statement: the last message of each conversation (the peers come
	// from the two indexes on sender and recipient), the message itself,
	// and the unread count from that peer.
	out, err := queryList(ctx, s.db.reads, func(row scanner) (Recent, error) {
		var r Recent
		var err error
		r.Last, err = scanMessage(row, &r.PeerID, &r.Unread)
		return r, err
	}, `SELECT `+prefixed("p", messageColumns)+`, h.peer,
			(SELECT COUNT(*) FROM private_messages u
				WHERE u.to_id = $1 AND u.from_id = h.peer AND u.read_at = 0 AND u.deleted_at = 0)
		FROM (
			SELECT peer, MAX(id) AS last FROM (
				SELECT to_id AS peer, id FROM private_messages WHERE from_id = $1 AND deleted_at = 0
				UNION ALL
				SELECT from_id AS peer, id FROM private_messages WHERE to_id = $1 AND deleted_at = 0
			) AS m GROUP BY peer HAVING MAX(id) < $2 ORDER BY last DESC LIMIT $3
		) AS h JOIN private_messages p ON p.id = h.last
		ORDER BY h.last DESC`, userID, before, limit)
	if err != nil {
		return nil, fmt.Errorf("messages store: recents of %d: %w", userID, err)
	}
	return out, nil
}

// prefixed qualifies each column of a comma-separated list with alias.
func prefixed(alias, columns string) string {
	parts := strings.Split(columns, ",")
	for i, c := range parts {
		parts[i] = alias + "." + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}
