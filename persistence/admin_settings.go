package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// siteSettingsScope is the settings_versions row that counts the saves of
// the site-wide settings (languages, currencies, levels and the settings
// documents the operators edit).
const siteSettingsScope = "site"

// SettingsChange is one save of the operators' settings screen: each part
// that is set replaces what is stored, the rest is left alone.
type SettingsChange struct {
	// Languages, when not nil, replaces every language.
	Languages []Language
	// Currencies, when not nil, replaces every currency.
	Currencies []Currency
	// LevelKind, when set (LevelKindGrowth or LevelKindVIP), replaces every
	// level of that kind with Levels.
	LevelKind string
	Levels    []Level
	// Documents are stored, encoded as JSON, under their keys.
	Documents map[string]any
	// By is the member who saves.
	By int64
}

// SettingsSnapshot is the operators' settings as stored, read past this
// node's copies, every part at Version.
type SettingsSnapshot struct {
	// Version is the settings version the parts were read at: 0 before the
	// first save.
	Version    int64
	Languages  []Language
	Currencies []Currency
	Growth     []Level
	VIP        []Level
	// Documents holds the JSON text of each settings document asked for
	// that is stored; a missing key has none.
	Documents map[string]string
}

// maxSnapshotReads bounds the reads of a snapshot that saves keep moving
// under: the operators' saves are a few a minute.
const maxSnapshotReads = 5

// Version returns the site-wide settings version, read from the database
// (never from a copy): 0 before the first save.
func (s SettingsStore) Version(ctx context.Context) (int64, error) {
	version, err := settingsVersion(s.db.reads.QueryRowContext(ctx,
		`SELECT version FROM settings_versions WHERE scope = $1`, siteSettingsScope))
	if err != nil {
		return 0, fmt.Errorf("settings store: version: %w", err)
	}
	return version, nil
}

// settingsVersion scans the version row; a database migrated without the
// row (none today) reads as version 0.
func settingsVersion(row *sql.Row) (int64, error) {
	var version int64
	err := row.Scan(&version)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return version, mapError(err)
}

// Snapshot reads the settings with the documents under keys, from the
// database (never from a copy). The parts are read one after the other,
// so the version is read before and after: a save in between makes it read
// again, and every part is of the version it answers.
func (s SettingsStore) Snapshot(ctx context.Context, keys []string) (SettingsSnapshot, error) {
	for range maxSnapshotReads {
		before, err := s.Version(ctx)
		if err != nil {
			return SettingsSnapshot{}, err
		}
		snap, err := s.readParts(ctx, keys)
		if err != nil {
			return SettingsSnapshot{}, fmt.Errorf("settings store: snapshot: %w", err)
		}
		after, err := s.Version(ctx)
		if err != nil {
			return SettingsSnapshot{}, err
		}
		if before == after {
			snap.Version = after
			return snap, nil
		}
	}
	return SettingsSnapshot{}, fmt.Errorf("settings store: snapshot: the settings changed on every one of %d reads: %w",
		maxSnapshotReads, ErrStale)
}

func (s SettingsStore) readParts(ctx context.Context, keys []string) (SettingsSnapshot, error) {
	var snap SettingsSnapshot
	var err error
	if snap.Languages, err = s.db.Languages().List(ctx); err != nil {
		return snap, err
	}
	if snap.Currencies, err = s.db.Currencies().list(ctx); err != nil {
		return snap, err
	}
	if snap.Growth, err = s.db.Levels().list(ctx, LevelKindGrowth); err != nil {
		return snap, err
	}
	if snap.VIP, err = s.db.Levels().list(ctx, LevelKindVIP); err != nil {
		return snap, err
	}
	snap.Documents = make(map[string]string, len(keys))
	for _, key := range keys {
		var text string
		err := s.db.reads.QueryRowContext(ctx, `SELECT value FROM settings WHERE setting_key = $1`, key).Scan(&text)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return snap, mapError(err)
		default:
			snap.Documents[key] = text
		}
	}
	return snap, nil
}

// Save applies change in one transaction if the settings version is still
// expected, and returns the new version; it fails with ErrStale when
// another save came first (two saves racing from the same version: one
// wins, the other is stale). It drops this node's copies of what it
// changed; other nodes drop theirs when told (DropSettingsCopies).
func (s SettingsStore) Save(ctx context.Context, expected int64, change SettingsChange) (int64, error) {
	if change.LevelKind != "" && change.LevelKind != LevelKindGrowth && change.LevelKind != LevelKindVIP {
		return 0, fmt.Errorf("settings store: save: unknown level kind %q", change.LevelKind)
	}
	docs := make(map[string]string, len(change.Documents))
	for key, value := range change.Documents {
		text, err := encodeJSON(value)
		if err != nil {
			return 0, fmt.Errorf("settings store: save %q: %w", key, err)
		}
		docs[key] = text
	}
	now := Now()
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		// The conditional bump comes first: on PostgreSQL it locks the row,
		// so a racing save waits here and then finds the version moved.
		res, err := tx.ExecContext(ctx, `
			UPDATE settings_versions SET version = version + 1, updated_at = $1, updated_by = $2
			WHERE scope = $3 AND version = $4`, now, change.By, siteSettingsScope, expected)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrStale
		}
		if change.Languages != nil {
			if err := replaceLanguages(ctx, tx, change.Languages, now); err != nil {
				return err
			}
		}
		if change.Currencies != nil {
			if err := replaceCurrencies(ctx, tx, change.Currencies, now); err != nil {
				return err
			}
		}
		if change.LevelKind != "" {
			if err := replaceLevels(ctx, tx, change.LevelKind, change.Levels, now); err != nil {
				return err
			}
		}
		for key, text := range docs {
			if _, err := tx.ExecContext(ctx, `
				INSERT INTO settings (setting_key, value, updated_at) VALUES ($1, $2, $3)
				ON CONFLICT (setting_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
				key, text, now); err != nil {
				return err
			}
		}
		return nil
	})
	s.db.DropSettingsCopies()
	if err != nil {
		if errors.Is(err, ErrStale) {
			return 0, fmt.Errorf("settings store: save: version %d is not the current one: %w", expected, ErrStale)
		}
		return 0, fmt.Errorf("settings store: save: %w", mapError(err))
	}
	return expected + 1, nil
}

func replaceLanguages(ctx context.Context, tx *sql.Tx, list []Language, now int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM languages`); err != nil {
		return err
	}
	for _, l := range list {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO languages (code, name, locale, flag_url, currency, position, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			l.Code, l.Name, l.Locale, l.FlagURL, l.Currency, l.Position, now); err != nil {
			return fmt.Errorf("language %q: %w", l.Code, err)
		}
	}
	return nil
}

func replaceCurrencies(ctx context.Context, tx *sql.Tx, list []Currency, now int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM currencies`); err != nil {
		return err
	}
	for _, c := range list {
		names, err := encodeJSON(nonNilMap(c.Names))
		if err != nil {
			return fmt.Errorf("currency %q: %w", c.Code, err)
		}
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO currencies (code, symbol_iso, symbol, names, decimals, position, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			c.Code, c.SymbolISO, c.Symbol, names, c.Decimals, c.Position, now); err != nil {
			return fmt.Errorf("currency %q: %w", c.Code, err)
		}
	}
	return nil
}

func replaceLevels(ctx context.Context, tx *sql.Tx, kind string, list []Level, now int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM levels WHERE kind = $1`, kind); err != nil {
		return err
	}
	for _, l := range list {
		roles := l.Roles
		roles.UserCan = nonNilSlice(roles.UserCan)
		roles.Media = nonNilMap(roles.Media)
		texts := make([]string, 0, 3)
		for _, v := range []any{nonNilMap(l.Names), roles, nonNilMap(l.Prices)} {
			text, err := encodeJSON(v)
			if err != nil {
				return fmt.Errorf("level %s %q: %w", kind, l.Key, err)
			}
			texts = append(texts, text)
		}
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO levels (kind, level_key, icon, names, level_rank, roles, min_points, prices, duration_days, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			kind, l.Key, l.Icon, texts[0], l.Rank, texts[1], l.MinPoints, texts[2], l.DurationDays, now); err != nil {
			return fmt.Errorf("level %s %q: %w", kind, l.Key, err)
		}
	}
	return nil
}

// DropSettingsCopies drops this node's copies of the settings documents,
// currencies and levels: the next read goes to the database. A node calls
// it when told that another node saved the settings, so that the change
// shows at once instead of within SnapshotTTL.
func (db *DB) DropSettingsCopies() {
	db.cache.settings.invalidate()
	db.cache.currencies.invalidate()
	db.cache.growthLevels.invalidate()
	db.cache.vipLevels.invalidate()
}

// PoolStats are a node's database connections now, its read and write
// pools added together (one pool on PostgreSQL).
type PoolStats struct {
	// Open is the connections open, in use or idle.
	Open int
	// InUse is the connections running a query or a transaction.
	InUse int
	// Idle is the connections open and waiting.
	Idle int
	// MaxOpen bounds Open (0: no bound).
	MaxOpen int
}

// PoolStats reports the node's database connections (sql.DB.Stats), for
// the operators' cluster view.
func (db *DB) PoolStats() PoolStats {
	pools := []*sql.DB{db.write}
	if db.read != db.write {
		pools = append(pools, db.read)
	}
	var out PoolStats
	for _, p := range pools {
		st := p.Stats()
		out.Open += st.OpenConnections
		out.InUse += st.InUse
		out.Idle += st.Idle
		out.MaxOpen += st.MaxOpenConnections
	}
	return out
}
