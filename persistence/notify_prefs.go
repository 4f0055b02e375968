package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// NotifyChannels says whether one kind of notification reaches a member in
// the site, by push and by email.
type NotifyChannels struct {
	Site  bool `json:"site"`
	Push  bool `json:"push"`
	Email bool `json:"email"`
}

// NotifyPrefs is a member's stored notification preferences (see
// app/internal/notifypref for their meaning and defaults).
type NotifyPrefs struct {
	UserID int64
	// Kinds holds the channels per kind ("messages", "mentions", ...); a
	// kind missing has its default.
	Kinds map[string]NotifyChannels
	// DNDEnabled turns the "do not disturb" range DNDStart..DNDEnd on
	// (minutes after local midnight; a start after the end wraps midnight).
	DNDEnabled       bool
	DNDStart, DNDEnd int
	// TimeZone is an IANA name; "" is UTC.
	TimeZone string
	// Digest asks for the daily email digest.
	Digest    bool
	UpdatedAt int64
}

// NotifyPrefsStore keeps the members' notification preferences.
type NotifyPrefsStore struct{ db *DB }

// NotifyPrefs returns the notification preferences store.
func (db *DB) NotifyPrefs() NotifyPrefsStore { return NotifyPrefsStore{db: db} }

const notifyPrefsColumns = `user_id, kinds, dnd_enabled, dnd_start, dnd_end, time_zone, digest, updated_at`

func scanNotifyPrefs(row scanner) (NotifyPrefs, error) {
	var p NotifyPrefs
	var kinds string
	err := row.Scan(&p.UserID, &kinds, &p.DNDEnabled, &p.DNDStart, &p.DNDEnd, &p.TimeZone, &p.Digest, &p.UpdatedAt)
	if err != nil {
		return p, mapError(err)
	}
	if err := decodeJSON(kinds, &p.Kinds); err != nil {
		return p, err
	}
	if p.Kinds == nil {
		p.Kinds = map[string]NotifyChannels{}
	}
	return p, nil
}

// Get returns the member's preferences; ErrNotFound when they never saved any.
func (s NotifyPrefsStore) Get(ctx context.Context, userID int64) (NotifyPrefs, error) {
	p, err := scanNotifyPrefs(s.db.reads.QueryRowContext(ctx,
		`SELECT `+notifyPrefsColumns+` FROM notify_prefs WHERE user_id = $1`, userID))
	if err != nil {
		return NotifyPrefs{}, fmt.Errorf("notify prefs store: get %d: %w", userID, err)
	}
	return p, nil
}

// Save stores p for p.UserID, replacing what was there; p.UpdatedAt is set
// to the time stored.
func (s NotifyPrefsStore) Save(ctx context.Context, p *NotifyPrefs) error {
	if err := upsertNotifyPrefs(ctx, s.db.write, p); err != nil {
		return fmt.Errorf("notify prefs store: save %d: %w", p.UserID, mapError(err))
	}
	return nil
}

// upsertNotifyPrefs writes p's row and sets p.UpdatedAt.
func upsertNotifyPrefs(ctx context.Context, db interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}, p *NotifyPrefs) error {
	kinds, err := encodeJSON(nonNilMap(p.Kinds))
	if err != nil {
		return err
	}
	now := Now()
	_, err = db.ExecContext(ctx, `INSERT INTO notify_prefs (`+notifyPrefsColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (user_id) DO UPDATE SET kinds = excluded.kinds, dnd_enabled = excluded.dnd_enabled,
			dnd_start = excluded.dnd_start, dnd_end = excluded.dnd_end, time_zone = excluded.time_zone,
			digest = excluded.digest, updated_at = excluded.updated_at`,
		p.UserID, kinds, p.DNDEnabled, p.DNDStart, p.DNDEnd, p.TimeZone, p.Digest, now)
	if err == nil {
		p.UpdatedAt = now
	}
	return err
}

// Update reads the member's preferences (ok false when none are stored,
// p then holds only UserID), lets change edit them and stores the result,
// in one transaction so that concurrent updates don't lose each other's
// edits. A change that returns an error stores nothing.
func (s NotifyPrefsStore) Update(ctx context.Context, userID int64, change func(p *NotifyPrefs, ok bool) error) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		// The member's row serializes their updates, whether or not they
		// have preferences stored yet.
		if _, err := tx.ExecContext(ctx, `UPDATE users SET id = id WHERE id = $1`, userID); err != nil {
			return err
		}
		p, err := scanNotifyPrefs(tx.QueryRowContext(ctx,
			`SELECT `+notifyPrefsColumns+` FROM notify_prefs WHERE user_id = $1`, userID))
		ok := err == nil
		if errors.Is(err, ErrNotFound) {
			p, err = NotifyPrefs{UserID: userID, Kinds: map[string]NotifyChannels{}}, nil
		}
		if err != nil {
			return err
		}
		if err := change(&p, ok); err != nil {
			return err
		}
		p.UserID = userID
		return upsertNotifyPrefs(ctx, tx, &p)
	})
	if err != nil {
		return fmt.Errorf("notify prefs store: update %d: %w", userID, mapError(err))
	}
	return nil
}

// DigestMembers returns up to limit members who asked for the daily digest
// with an id above after, by id: a scan pages through them.
func (s NotifyPrefsStore) DigestMembers(ctx context.Context, after int64, limit int) ([]NotifyPrefs, error) {
	list, err := queryList(ctx, s.db.reads, scanNotifyPrefs, `SELECT `+notifyPrefsColumns+` FROM notify_prefs
		WHERE digest = $1 AND user_id > $2 ORDER BY user_id LIMIT $3`, true, after, limit)
	if err != nil {
		return nil, fmt.Errorf("notify prefs store: digest members: %w", err)
	}
	return list, nil
}
