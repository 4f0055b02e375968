package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ChatMute is a member muted in one chat room until a time.
type ChatMute struct {
	Room   string
	UserID int64
	// Until is epoch ms; the mute is active while it is in the future.
	Until  int64
	Reason string
	// ByID is the operator who muted the member.
	ByID      int64
	CreatedAt int64
}

// ChatRoomSummary is what the operators see of a chat room.
type ChatRoomSummary struct {
	Name string
	// Members is how many members wrote in the room, Messages how many
	// messages it holds (deleted ones too).
	Members, Messages int64
	// LastMessageAt is epoch ms of the newest message; 0 when none.
	LastMessageAt int64
	CreatedAt     int64
}

// ChatModerationStore keeps the chat mutes and reads the rooms and their
// messages for the operators.
type ChatModerationStore struct{ db *DB }

// ChatModeration returns the chat moderation store.
func (db *DB) ChatModeration() ChatModerationStore { return ChatModerationStore{db: db} }

const chatMuteColumns = `room, user_id, until, reason, by_id, created_at`

func scanChatMute(row scanner) (ChatMute, error) {
	var m ChatMute
	err := row.Scan(&m.Room, &m.UserID, &m.Until, &m.Reason, &m.ByID, &m.CreatedAt)
	return m, err
}

// Mute stores m, replacing the member's mute in the room if there was
// one, and returns the mute that was active before (found false when none).
func (s ChatModerationStore) Mute(ctx context.Context, m ChatMute) (before ChatMute, found bool, err error) {
	if m.CreatedAt == 0 {
		m.CreatedAt = Now()
	}
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		before, found, err = activeMute(ctx, tx, m.Room, m.UserID, m.CreatedAt)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO chat_mutes (`+chatMuteColumns+`) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (room, user_id) DO UPDATE SET until = excluded.until, reason = excluded.reason,
			by_id = excluded.by_id, created_at = excluded.created_at`,
			m.Room, m.UserID, m.Until, m.Reason, m.ByID, m.CreatedAt)
		return err
	})
	if err != nil {
		return ChatMute{}, false, fmt.Errorf("chat mutes: mute %d in %q: %w", m.UserID, m.Room, err)
	}
	return before, found, nil
}

// Unmute ends the member's mute in the room and returns it; found is
// false when none was active at now (epoch ms).
func (s ChatModerationStore) Unmute(ctx context.Context, room string, userID, now int64) (before ChatMute, found bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		before, found, err = activeMute(ctx, tx, room, userID, now)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM chat_mutes WHERE room = $1 AND user_id = $2`, room, userID)
		return err
	})
	if err != nil {
		return ChatMute{}, false, fmt.Errorf("chat mutes: unmute %d in %q: %w", userID, room, err)
	}
	return before, found, nil
}

func activeMute(ctx context.Context, tx *sql.Tx, room string, userID, now int64) (ChatMute, bool, error) {
	m, err := scanChatMute(tx.QueryRowContext(ctx, `SELECT `+chatMuteColumns+` FROM chat_mutes
		WHERE room = $1 AND user_id = $2 AND until > $3`, room, userID, now))
	if errors.Is(err, sql.ErrNoRows) {
		return ChatMute{}, false, nil
	}
	return m, err == nil, err
}

// Active returns the mutes active at now (epoch ms), of the room or of
// every room when room is "", the newest first.
func (s ChatModerationStore) Active(ctx context.Context, room string, now int64) ([]ChatMute, error) {
	query := `SELECT ` + chatMuteColumns + ` FROM chat_mutes WHERE until > $1`
	args := []any{now}
	if room != "" {
		query += ` AND room = $2`
		args = append(args, room)
	}
	list, err := queryList(ctx, s.db.reads, scanChatMute, query+` ORDER BY created_at DESC, room, user_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("chat mutes: active: %w", err)
	}
	return list, nil
}

// Rooms returns up to limit rooms whose name contains query (any when ""),
// by name, after the room named after ("" from the first).
func (s ChatModerationStore) Rooms(ctx context.Context, query, after string, limit int) ([]ChatRoomSummary, error) {
	conds := []string{`r.name > $1`}
	args := []any{after}
	if q := strings.TrimSpace(query); q != "" {
		args = append(args, LikeContains(strings.ToLower(q)))
		conds = append(conds, `LOWER(r.name) LIKE $`+strconv.Itoa(len(args))+` ESCAPE '\'`)
	}
	args = append(args, ChatKindMessage, limit)
	kind, lim := "$"+strconv.Itoa(len(args)-1), "$"+strconv.Itoa(len(args))
	list, err := queryList(ctx, s.db.reads, func(row scanner) (ChatRoomSummary, error) {
		var r ChatRoomSummary
		err := row.Scan(&r.Name, &r.CreatedAt, &r.Members, &r.Messages, &r.LastMessageAt)
		return r, err
	}, `SELECT r.name, r.created_at,
		(SELECT COUNT(DISTINCT e.user_id) FROM chat_events e WHERE e.room = r.name AND e.kind = `+kind+`),
		(SELECT COUNT(*) FROM chat_events e WHERE e.room = r.name AND e.kind = `+kind+`),
		COALESCE((SELECT MAX(e.created_at) FROM chat_events e WHERE e.room = r.name AND e.kind = `+kind+`), 0)
		FROM chat_rooms r WHERE `+strings.Join(conds, ` AND `)+` ORDER BY r.name LIMIT `+lim, args...)
	if err != nil {
		return nil, fmt.Errorf("chat moderation: rooms: %w", err)
	}
	return list, nil
}

// Messages returns up to limit messages of the room, deleted ones too
// (DeletedSeq set), the newest first, older than the message before (0:
// from the newest).
func (s ChatModerationStore) Messages(ctx context.Context, room string, before int64, limit int) ([]ChatEvent, error) {
	query := `SELECT ` + chatColumns + chatFrom + `WHERE e.room = $1 AND e.kind = $2`
	args := []any{room, ChatKindMessage}
	if before > 0 {
		query += ` AND e.seq < (SELECT b.seq FROM chat_events b WHERE b.id = $4)`
		args = append(args, limit, before)
	} else {
		args = append(args, limit)
	}
	list, err := queryList(ctx, s.db.reads, scanChatEvent, query+` ORDER BY e.seq DESC LIMIT $3`, args...)
	if err != nil {
		return nil, fmt.Errorf("chat moderation: messages of %q: %w", room, err)
	}
	return list, nil
}
