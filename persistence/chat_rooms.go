package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ChatRoomsStore keeps which chat rooms exist: a room is used only once
// the site created it. The default room "chat" always exists (the
// migration creates it).
type ChatRoomsStore struct{ db *DB }

// ChatRooms returns the store of the chat rooms.
func (db *DB) ChatRooms() ChatRoomsStore { return ChatRoomsStore{db: db} }

// Create makes the room exist; creating one that exists does nothing.
// It reports whether the room is new.
func (s ChatRoomsStore) Create(ctx context.Context, name string) (bool, error) {
	res, err := s.db.write.ExecContext(ctx, `INSERT INTO chat_rooms (name, created_at) VALUES ($1, $2)
		ON CONFLICT (name) DO NOTHING`, name, Now())
	if err != nil {
		return false, fmt.Errorf("chat rooms store: create %q: %w", name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("chat rooms store: create %q: %w", name, err)
	}
	return n > 0, nil
}

// CreateAll makes every room of names exist, in one transaction.
func (s ChatRoomsStore) CreateAll(ctx context.Context, names []string) error {
	tx, err := s.db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("chat rooms store: create: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	now := Now()
	for _, name := range names {
		if _, err := tx.ExecContext(ctx, `INSERT INTO chat_rooms (name, created_at) VALUES ($1, $2)
			ON CONFLICT (name) DO NOTHING`, name, now); err != nil {
			return fmt.Errorf("chat rooms store: create %q: %w", name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("chat rooms store: create: %w", err)
	}
	return nil
}

// Exists reports whether the room was created.
func (s ChatRoomsStore) Exists(ctx context.Context, name string) (bool, error) {
	var one int
	err := s.db.reads.QueryRowContext(ctx, `SELECT 1 FROM chat_rooms WHERE name = $1`, name).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("chat rooms store: read %q: %w", name, err)
	}
	return true, nil
}
