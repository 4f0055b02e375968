package persistence

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// awardOne awards one grant.
func awardOne(ctx context.Context, s GrowthStore, userID int64, day, reason string, points, dailyCap int64) (GrowthAward, error) {
	got, err := s.Award(ctx, day, []GrowthGrant{{UserID: userID, Reason: reason, Points: points, DailyCap: dailyCap}})
	if err != nil {
		return GrowthAward{}, err
	}
	return got[0], nil
}

func TestGrowthStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Growth()
		ana := newMember(t, db, "ana")
		points, err := s.Points(ctx, ana)
		require.NoError(t, err)
		assert.Zero(t, points)

		got, err := awardOne(ctx, s, ana, "2026-11-24", "signin", 10, 10)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 10, Total: 10, LevelKey: "lv1", Day: 10}, got)
		got, err = awardOne(ctx, s, ana, "2026-11-24", "signin", 10, 10)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 0, Total: 10, LevelKey: "lv1", Day: 10}, got, "capped")
		got, err = awardOne(ctx, s, ana, "2026-11-24", "topic", 5, 12)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 5, Total: 15, LevelKey: "lv1", Day: 5}, got)
		_, err = awardOne(ctx, s, ana, "2026-11-24", "topic", 5, 12)
		require.NoError(t, err)
		got, err = awardOne(ctx, s, ana, "2026-11-24", "topic", 5, 12)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 2, Total: 22, LevelKey: "lv1", Day: 12}, got, "up to the cap")
		got, err = awardOne(ctx, s, ana, "2026-11-25", "signin", 10, 10)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 10, Total: 32, LevelKey: "lv1", Day: 10}, got, "a new day")
		got, err = awardOne(ctx, s, ana, "2026-11-25", "bonus", 7, 0)
		require.NoError(t, err)
		assert.Equal(t, GrowthAward{Added: 7, Total: 39, LevelKey: "lv1", Day: 7}, got, "no cap")

		today, err := s.Today(ctx, ana, "2026-11-24")
		require.NoError(t, err)
		assert.Equal(t, map[string]int64{"signin": 10, "topic": 12}, today)
		points, err = s.Points(ctx, ana)
		require.NoError(t, err)
		assert.Equal(t, int64(39), points)

		_, err = awardOne(ctx, s, 4242, "2026-11-24", "signin", 10, 10)
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
				got, err := awardOne(ctx, s, ana, "2026-11-24", "chat", 1, dailyCap)
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

// TestGrowthAwardMany: many grants in one call are answered in their
// order, each within its cap; one the database refuses (no such member)
// writes none of them.
func TestGrowthAwardMany(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Growth()
		ana, bo := newMember(t, db, "ana"), newMember(t, db, "bo")
		got, err := s.Award(ctx, "2026-11-24", []GrowthGrant{
			{UserID: ana, Reason: "chat", Points: 25, DailyCap: 20},
			{UserID: ana, Reason: "topic", Points: 5, DailyCap: 20},
			{UserID: bo, Reason: "chat", Points: 3, DailyCap: 20},
		})
		require.NoError(t, err)
		assert.Equal(t, []GrowthAward{{Added: 20, Total: 20, LevelKey: "lv1", Day: 20}, {Added: 5, Total: 25, LevelKey: "lv1", Day: 5}, {Added: 3, Total: 3, LevelKey: "lv1", Day: 3}}, got)

		_, err = s.Award(ctx, "2026-11-24", []GrowthGrant{
			{UserID: bo, Reason: "chat", Points: 1, DailyCap: 20},
			{UserID: 4242, Reason: "chat", Points: 1, DailyCap: 20},
		})
		require.ErrorIs(t, err, ErrNotFound)
		points, err := s.Points(ctx, bo)
		require.NoError(t, err)
		assert.EqualValues(t, 3, points, "nothing of a refused call is written")

		got, err = s.Award(ctx, "2026-11-24", []GrowthGrant{
			{UserID: bo, Reason: "topic", Points: 4, DailyCap: 6},
			{UserID: bo, Reason: "topic", Points: 4, DailyCap: 6},
		})
		require.NoError(t, err, "one member and reason twice in a call")
		assert.Equal(t, []GrowthAward{{Added: 4, Total: 7, LevelKey: "lv1", Day: 4}, {Added: 2, Total: 9, LevelKey: "lv1", Day: 6}}, got,
			"the second within what the first left of the cap")

		_, err = s.Award(ctx, "2026-11-24", []GrowthGrant{{UserID: bo, Reason: "chat", Points: 0}})
		require.Error(t, err, "points must be positive")
	})
}

// TestGrowthAwardManyConcurrent: calls of several grants each, for the
// same members under different reasons, run at once: every point is
// counted once, within each reason's cap.
func TestGrowthAwardManyConcurrent(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Growth()
		ana, bo := newMember(t, db, "ana"), newMember(t, db, "bo")
		const callers, dailyCap = 30, 10
		var wg sync.WaitGroup
		for i := range callers {
			reason := []string{"chat", "topic", "answer"}[i%3]
			wg.Go(func() {
				_, err := s.Award(ctx, "2026-11-25", []GrowthGrant{
					{UserID: ana, Reason: reason, Points: 2, DailyCap: dailyCap},
					{UserID: bo, Reason: reason, Points: 2, DailyCap: 0},
				})
				assert.NoError(t, err)
			})
		}
		wg.Wait()
		points, err := s.Points(ctx, ana)
		require.NoError(t, err)
		assert.EqualValues(t, 3*dailyCap, points, "each reason stops at its cap")
		points, err = s.Points(ctx, bo)
		require.NoError(t, err)
		assert.EqualValues(t, 2*callers, points, "no cap")
		today, err := s.Today(ctx, ana, "2026-11-25")
		require.NoError(t, err)
		assert.Equal(t, map[string]int64{"chat": dailyCap, "topic": dailyCap, "answer": dailyCap}, today)
	})
}
