package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// SettingsStore keeps the site settings: JSON documents under string keys
// (for example "login_box" or "page_settings").
type SettingsStore struct{ db *DB }

// Settings returns the settings store.
func (db *DB) Settings() SettingsStore { return SettingsStore{db: db} }

// Get decodes the document under key into into (a pointer). It returns
// ErrNotFound when no document has that key. It answers from a copy up to
// SnapshotTTL old (see SnapshotTTL).
func (s SettingsStore) Get(ctx context.Context, key string, into any) error {
	text, found, err := s.db.cache.settings.get(ctx, key, s.db.clock, func(ctx context.Context) (string, bool, error) {
		var text string
		err := s.db.reads.QueryRowContext(ctx, `SELECT value FROM settings WHERE setting_key = $1`, key).Scan(&text)
		if errors.Is(err, sql.ErrNoRows) {
			return "", false, nil
		}
		return text, err == nil, err
	})
	if err != nil {
		return fmt.Errorf("settings store: get %q: %w", key, mapError(err))
	}
	if !found {
		return fmt.Errorf("settings store: get %q: %w", key, ErrNotFound)
	}
	if err := decodeJSON(text, into); err != nil {
		return fmt.Errorf("settings store: get %q: %w", key, err)
	}
	return nil
}

// Put stores value, encoded as JSON, under key, replacing what was there.
// Storing an equal value leaves the row untouched.
func (s SettingsStore) Put(ctx context.Context, key string, value any) error {
	text, err := encodeJSON(value)
	if err != nil {
		return fmt.Errorf("settings store: put %q: %w", key, err)
	}
	_, err = s.db.write.ExecContext(ctx, `
		INSERT INTO settings (setting_key, value, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (setting_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
		WHERE settings.value <> excluded.value`,
		key, text, Now())
	s.db.cache.settings.invalidate()
	if err != nil {
		return fmt.Errorf("settings store: put %q: %w", key, mapError(err))
	}
	return nil
}

// GetOrCreate decodes the document under key into into; when there is none
// it stores value first. Concurrent callers (several nodes starting at once)
// all read the one value that won.
func (s SettingsStore) GetOrCreate(ctx context.Context, key string, value, into any) error {
	text, err := encodeJSON(value)
	if err != nil {
		return fmt.Errorf("settings store: get or create %q: %w", key, err)
	}
	_, err = s.db.write.ExecContext(ctx, `
		INSERT INTO settings (setting_key, value, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (setting_key) DO NOTHING`,
		key, text, Now())
	s.db.cache.settings.invalidate()
	if err != nil {
		return fmt.Errorf("settings store: get or create %q: %w", key, mapError(err))
	}
	return s.Get(ctx, key, into)
}

// Keys lists every stored key in byte order.
func (s SettingsStore) Keys(ctx context.Context) ([]string, error) {
	keys, err := queryList(ctx, s.db.reads, func(row scanner) (string, error) {
		var key string
		return key, row.Scan(&key)
	}, `SELECT setting_key FROM settings`)
	if err != nil {
		return nil, fmt.Errorf("settings store: keys: %w", err)
	}
	// Sorted here: PostgreSQL would order by its locale collation.
	slices.Sort(keys)
	return keys, nil
}
