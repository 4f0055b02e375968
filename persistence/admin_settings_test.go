package persistence

import (
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSettingsSave: a save replaces the parts it names in one
// transaction and bumps the version; a save from an older version is
// stale and changes nothing.
func TestSettingsSave(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Settings()
		v, err := s.Version(ctx)
		require.NoError(t, err)
		assert.Zero(t, v, "never saved")
		require.NoError(t, db.Currencies().Upsert(ctx, Currency{Code: "CNY", Decimals: 2, Position: 1}))
		require.NoError(t, db.Levels().Upsert(ctx, Level{Kind: LevelKindGrowth, Key: "old", Rank: 1}))

		v, err = s.Save(ctx, 0, SettingsChange{
			Currencies: []Currency{{Code: "USD", Symbol: "$", SymbolISO: "USD", Names: map[string]string{"en": "Dollar"}, Decimals: 2, Position: 1}},
			LevelKind:  LevelKindGrowth,
			Levels:     []Level{{Kind: LevelKindGrowth, Key: "lv1", Rank: 1, Names: map[string]string{"en": "One"}}},
			Documents:  map[string]any{"credit_symbol": "✦"},
			By:         7,
		})
		require.NoError(t, err)
		assert.Equal(t, int64(1), v)

		currencies, err := db.Currencies().List(ctx)
		require.NoError(t, err)
		require.Len(t, currencies, 1, "the list replaced")
		assert.Equal(t, "USD", currencies[0].Code)
		levels, err := db.Levels().List(ctx, LevelKindGrowth)
		require.NoError(t, err)
		require.Len(t, levels, 1)
		assert.Equal(t, "lv1", levels[0].Key)
		var symbol string
		require.NoError(t, s.Get(ctx, "credit_symbol", &symbol))
		assert.Equal(t, "✦", symbol)

		_, err = s.Save(ctx, 0, SettingsChange{Documents: map[string]any{"credit_symbol": "★"}})
		require.ErrorIs(t, err, ErrStale)
		require.NoError(t, s.Get(ctx, "credit_symbol", &symbol))
		assert.Equal(t, "✦", symbol, "a stale save changes nothing")

		snap, err := s.Snapshot(ctx, []string{"credit_symbol", "absent"})
		require.NoError(t, err)
		assert.Equal(t, int64(1), snap.Version)
		assert.Equal(t, `"✦"`, snap.Documents["credit_symbol"])
		assert.NotContains(t, snap.Documents, "absent")
		assert.Len(t, snap.Currencies, 1)
		assert.Len(t, snap.Growth, 1)
		assert.Empty(t, snap.VIP)

		stats := db.PoolStats()
		assert.Positive(t, stats.Open, "the pools have connections open")
		assert.Equal(t, stats.Open, stats.InUse+stats.Idle)
	})
}

// TestSettingsSaveRace: saves racing from the same version: exactly one
// wins, the others are stale.
func TestSettingsSaveRace(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		const racers = 6
		var (
			wg             sync.WaitGroup
			mu             sync.Mutex
			won, stale     int
			unexpectedErrs []error
		)
		for i := range racers {
			wg.Go(func() {
				_, err := db.Settings().Save(ctx, 0, SettingsChange{Documents: map[string]any{"analytics": i}})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won++
				case errors.Is(err, ErrStale):
					stale++
				default:
					unexpectedErrs = append(unexpectedErrs, err)
				}
			})
		}
		wg.Wait()
		require.Empty(t, unexpectedErrs)
		assert.Equal(t, 1, won)
		assert.Equal(t, racers-1, stale)
		v, err := db.Settings().Version(ctx)
		require.NoError(t, err)
		assert.Equal(t, int64(1), v)
	})
}

// TestDropSettingsCopies: a change written past this node's copies (as
// another node writes it) shows at once once the copies are dropped.
func TestDropSettingsCopies(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		require.NoError(t, db.Currencies().Upsert(ctx, Currency{Code: "CNY", Decimals: 2}))
		list, err := db.Currencies().List(ctx)
		require.NoError(t, err)
		require.Len(t, list, 1)
		// Another node's write: straight to the table, this node's copy untouched.
		_, err = db.write.ExecContext(ctx, `INSERT INTO currencies (code, symbol_iso, symbol, names, decimals, position, updated_at)
			VALUES ('GBP', 'GBP', '£', '{}', 2, 2, 0)`)
		require.NoError(t, err)
		list, err = db.Currencies().List(ctx)
		require.NoError(t, err)
		require.Len(t, list, 1, "the copy answers")
		db.DropSettingsCopies()
		list, err = db.Currencies().List(ctx)
		require.NoError(t, err)
		assert.Len(t, list, 2)
	})
}
