package persistence

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLevelsStorePricesAndThresholds: growth thresholds, VIP prices and
// durations are read and written by the levels store.
func TestLevelsStorePricesAndThresholds(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Levels()
		lv3 := Level{Kind: LevelKindGrowth, Key: "lv3", Rank: 3, MinPoints: 200, Names: map[string]string{"en": "Lv3"},
			Roles: LevelRoles{UserCan: []string{}, Media: map[string]MediaRole{}}}
		vip := Level{Kind: LevelKindVIP, Key: "vip1", Rank: 1, DurationDays: 30, Names: map[string]string{"en": "Silver"},
			Prices: map[string]int64{"CNY": 3000, "USD": 499, "EUR": 459, AssetCredit: 3000},
			Roles:  LevelRoles{UserCan: []string{"chat"}, Media: map[string]MediaRole{}}}
		require.NoError(t, s.Upsert(ctx, lv3))
		require.NoError(t, s.Upsert(ctx, vip))
		got, err := s.Get(ctx, LevelKindGrowth, "lv3")
		require.NoError(t, err)
		assert.Equal(t, lv3, got, "no prices read back as nil")
		got, err = s.Get(ctx, LevelKindVIP, "vip1")
		require.NoError(t, err)
		assert.Equal(t, vip, got)

		dearer := vip
		dearer.Prices = map[string]int64{"CNY": 3300}
		assertUpsertSkipsUnchanged(t, db, "levels", "level_key = $1", "vip1",
			func(ctx context.Context) error { return s.Upsert(ctx, vip) },
			func(ctx context.Context) error { return s.Upsert(ctx, dearer) })
		got, err = s.Get(ctx, LevelKindVIP, "vip1")
		require.NoError(t, err)
		assert.Equal(t, dearer, got)
	})
}
