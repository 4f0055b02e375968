package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Kinds of chat events.
const (
	// ChatKindMessage is a message sent to a room.
	ChatKindMessage = "chat_room"
	// ChatKindDelete is the deletion of an earlier message (TargetID).
	ChatKindDelete = "delete_chat"
)

// ErrSeqTaken is returned by ChatStore.Append when another writer already
// holds the event's sequence number: the room's state is stale, reload it
// and retry with the next number.
var ErrSeqTaken = fmt.Errorf("%w: chat sequence number taken", ErrConflict)

// ChatEvent is one sequenced event of a chat room: a message or the
// deletion of one.
type ChatEvent struct {
	Room string
	// Seq numbers the room's events from 1 without gaps.
	Seq int64
	// ID is the event's databaseId; Append assigns one when it is 0.
	ID int64
	// Kind is ChatKindMessage or ChatKindDelete.
	Kind string
	// UserID is the author of a message, or who deleted one.
	UserID int64
	// Message is the text of a message; "" for a deletion.
	Message string
	// TargetID is the message a deletion removes; 0 for a message.
	TargetID int64
	// DeletedSeq is, on a message, the Seq of the event that deleted it; 0
	// while it stands.
	DeletedSeq int64
	// IdemKey is the idempotency key of the command that wrote the event.
	IdemKey string
	// CreatedAt is epoch ms; Append sets it when it is 0.
	CreatedAt int64
	// Author is UserID's public profile, filled by the reads (not by Append).
	Author ChatAuthor
}

// ChatAuthor is what a chat event shows of its author.
type ChatAuthor struct {
	Name      string
	Slug      string
	AvatarURL string
}

// ChatStore keeps the chat rooms' events.
type ChatStore struct{ db *DB }

// Chat returns the chat store.
func (db *DB) Chat() ChatStore { return ChatStore{db: db} }

const chatColumns = `e.room, e.seq, e.id, e.kind, e.user_id, e.message, e.target_id, e.deleted_seq,
	e.idem_key, e.created_at, COALESCE(u.name, ''), COALESCE(u.slug, ''), COALESCE(u.avatar_url, '')`

const chatFrom = ` FROM chat_events e LEFT JOIN users u ON u.id = e.user_id `

func scanChatEvent(row scanner) (ChatEvent, error) {
	var e ChatEvent
	err := row.Scan(&e.Room, &e.Seq, &e.ID, &e.Kind, &e.UserID, &e.Message, &e.TargetID, &e.DeletedSeq,
		&e.IdemKey, &e.CreatedAt, &e.Author.Name, &e.Author.Slug, &e.Author.AvatarURL)
	return e, err
}

// Append stores e under its Seq, and for a deletion marks the target message
// deleted, in one transaction. When e.IdemKey was already used, e becomes
// the stored event and replayed is true: the command had been applied. It
// returns ErrSeqTaken when (Room, Seq) is held by another event, and
// ErrNotFound when a deletion targets no standing message of the room.
func (s ChatStore) Append(ctx context.Context, e *ChatEvent) (replayed bool, err error) {
	if e.ID == 0 {
		e.ID = s.db.NewID()
	}
	if e.CreatedAt == 0 {
		e.CreatedAt = Now()
	}
	if e.Kind != ChatKindMessage && e.Kind != ChatKindDelete {
		return false, fmt.Errorf("chat store: append: unknown kind %q", e.Kind)
	}
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO chat_events
			(room, seq, id, kind, user_id, message, target_id, deleted_seq, idem_key, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9)`,
			e.Room, e.Seq, e.ID, e.Kind, e.UserID, e.Message, e.TargetID, e.IdemKey, e.CreatedAt)
		if err != nil {
			return mapError(err)
		}
		if e.Kind != ChatKindDelete {
			return nil
		}
		res, err := tx.ExecContext(ctx, `UPDATE chat_events SET deleted_seq = $1
			WHERE room = $2 AND id = $3 AND kind = $4 AND deleted_seq = 0`,
			e.Seq, e.Room, e.TargetID, ChatKindMessage)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(ErrNotFound, err)
		}
		return nil
	})
	switch {
	case err == nil:
		return false, nil
	case errors.Is(err, ErrNotFound):
		return false, ErrNotFound
	case !errors.Is(err, ErrConflict):
		return false, fmt.Errorf("chat store: append: %w", err)
	}
	prior, lookErr := s.ByIdemKey(ctx, e.IdemKey)
	switch {
	case lookErr == nil:
		*e = prior
		return true, nil
	case errors.Is(lookErr, ErrNotFound):
		return false, ErrSeqTaken
	}
	return false, fmt.Errorf("chat store: append: %w", lookErr)
}

// AppendMessages stores messages (ChatKindMessage events of one room,
// under consecutive Seqs) in one transaction: a group commit, all or
// nothing. When one of them cannot be stored as it is (its Seq taken, its
// IdemKey used), none is and it returns ErrConflict: the caller stores
// them one by one with Append, which tells each case apart. The calls of
// many rooms at once share transactions (chatWriter), each still
// answered with its own outcome.
func (s ChatStore) AppendMessages(ctx context.Context, events []*ChatEvent) error {
	now := Now()
	for _, e := range events {
		if e.Kind != ChatKindMessage {
			return fmt.Errorf("chat store: append messages: kind %q", e.Kind)
		}
		if e.ID == 0 {
			e.ID = s.db.NewID()
		}
		if e.CreatedAt == 0 {
			e.CreatedAt = now
		}
	}
	if err := s.db.chat.do(ctx, events); err != nil {
		return fmt.Errorf("chat store: append messages: %w", err)
	}
	return nil
}

// insertMessages writes events in tx.
func insertMessages(ctx context.Context, tx *sql.Tx, events []*ChatEvent) error {
	for _, e := range events {
		if _, err := tx.ExecContext(ctx, `INSERT INTO chat_events
			(room, seq, id, kind, user_id, message, target_id, deleted_seq, idem_key, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9)`,
			e.Room, e.Seq, e.ID, e.Kind, e.UserID, e.Message, e.TargetID, e.IdemKey, e.CreatedAt); err != nil {
			return mapError(err)
		}
	}
	return nil
}

// ByIdemKey returns the event written by the command with that
// idempotency key. It reads from the writer so that it sees every
// committed event.
func (s ChatStore) ByIdemKey(ctx context.Context, key string) (ChatEvent, error) {
	e, err := scanChatEvent(s.db.write.QueryRowContext(ctx,
		`SELECT `+chatColumns+chatFrom+`WHERE e.idem_key = $1`, key))
	if err != nil {
		return e, fmt.Errorf("chat store: by idempotency key: %w", mapError(err))
	}
	return e, nil
}

// Get returns the event with that id.
func (s ChatStore) Get(ctx context.Context, id int64) (ChatEvent, error) {
	e, err := scanChatEvent(s.db.reads.QueryRowContext(ctx,
		`SELECT `+chatColumns+chatFrom+`WHERE e.id = $1`, id))
	if err != nil {
		return e, fmt.Errorf("chat store: get %d: %w", id, mapError(err))
	}
	return e, nil
}

// LastSeq returns the room's highest sequence number, 0 for an empty room.
// It reads from the writer so that it sees every committed event.
func (s ChatStore) LastSeq(ctx context.Context, room string) (int64, error) {
	var seq int64
	err := s.db.write.QueryRowContext(ctx,
		`SELECT COALESCE(MAX(seq), 0) FROM chat_events WHERE room = $1`, room).Scan(&seq)
	if err != nil {
		return 0, fmt.Errorf("chat store: last seq of %q: %w", room, err)
	}
	return seq, nil
}

// Since returns up to limit events of the room after seq, oldest first:
// what a client that saw seq has missed.
func (s ChatStore) Since(ctx context.Context, room string, seq int64, limit int) ([]ChatEvent, error) {
	list, err := queryList(ctx, s.db.reads, scanChatEvent,
		`SELECT `+chatColumns+chatFrom+`WHERE e.room = $1 AND e.seq > $2 ORDER BY e.seq LIMIT $3`,
		room, seq, limit)
	if err != nil {
		return nil, fmt.Errorf("chat store: events of %q since %d: %w", room, seq, err)
	}
	return list, nil
}

// History returns up to limit standing messages of the room with a Seq
// below before (0: the newest), oldest first.
func (s ChatStore) History(ctx context.Context, room string, before int64, limit int) ([]ChatEvent, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, scanChatEvent,
		`SELECT `+chatColumns+chatFrom+`WHERE e.room = $1 AND e.kind = $2 AND e.deleted_seq = 0 AND e.seq < $3
			ORDER BY e.seq DESC LIMIT $4`,
		room, ChatKindMessage, before, limit)
	if err != nil {
		return nil, fmt.Errorf("chat store: history of %q before %d: %w", room, before, err)
	}
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	return list, nil
}
