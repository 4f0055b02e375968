package persistence

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGrowthStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Growth()
		ana := newMember(t, db, "ana")
		points, err := s.Points(ctx, ana)
		require.NoError(t, err)
		assert.Zero(t, points)

		got, err := s.Award(ctx, ana, "2026-11-24", "signin", 10, 10)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 10, Total: 10}, got)
		got, err = s.Award(ctx, ana, "2026-11-24", "signin", 10, 10)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 0, Total: 10}, got, "capped")
		got, err = s.Award(ctx, ana, "2026-11-24", "topic", 5, 12)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 5, Total: 15}, got)
		_, err = s.Award(ctx, ana, "2026-11-24", "topic", 5, 12)
		require.NoError(t, err)
		got, err = s.Award(ctx, ana, "2026-11-24", "topic", 5, 12)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 2, Total: 22}, got, "up to the cap")
		got, err = s.Award(ctx, ana, "2026-11-25", "signin", 10, 10)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 10, Total: 32}, got, "a new day")
		got, err = s.Award(ctx, ana, "2026-11-25", "bonus", 7, 0)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 7, Total: 39}, got, "no cap")

		today, err := s.Today(ctx, ana, "2026-11-24")
		require.NoError(t, err)
		assert.Equal(t, map[string]int64{"signin": 10, "topic": 12}, today)
		points, err = s.Points(ctx, ana)
		require.NoError(t, err)
		assert.Equal(t, int64(39), points)

		_, err = s.Award(ctx, 4242, "2026-11-24", "signin", 10, 10)
		require.ErrorIs(t, err, ErrNotFound)
		_, err = s.Points(ctx, 4242)
		require.ErrorIs(t, err, ErrNotFound)

		changed, err := s.SetLevel(ctx, ana, "lv2")
		require.NoError(t, err)
		assert.True(t, changed)
		changed, err = s.SetLevel(ctx, ana, "lv2")
		require.NoError(t, err)
		assert.False(t, changed)
		u, err := db.Users().Get(ctx, ana)
		require.NoError(t, err)
		assert.Equal(t, "lv2", u.LevelKey)
		_, err = s.SetLevel(ctx, 4242, "lv2")
		require.ErrorIs(t, err, ErrNotFound)
	})
}

// TestGrowthCapConcurrent races awards past a daily cap: the day's points
// and the member's total both stop exactly at the cap.
func TestGrowthCapConcurrent(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Growth()
		ana := newMember(t, db, "ana")
		const callers, dailyCap = 40, 20
		var wg sync.WaitGroup
		added := make([]int64, callers)
		for i := range callers {
			wg.Go(func() {
				got, err := s.Award(ctx, ana, "2026-11-24", "chat", 1, dailyCap)
				assert.NoError(t, err)
				added[i] = got.Added
			})
		}
		wg.Wait()
		var sum int64
		for _, a := range added {
			sum += a
		}
		assert.Equal(t, int64(dailyCap), sum)
		today, err := s.Today(ctx, ana, "2026-11-24")
		require.NoError(t, err)
		assert.Equal(t, int64(dailyCap), today["chat"])
		points, err := s.Points(ctx, ana)
		require.NoError(t, err)
		assert.Equal(t, int64(dailyCap), points)
	})
}
