package persistence

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence/pgtest"
)

// openTwoNodes opens the same migrated database twice, as two nodes of a
// cluster would, each with its own snapshots and a clock the test moves.
func openTwoNodes(t *testing.T, kind string) (a, b *DB, advance func(time.Duration)) {
	t.Helper()
	ctx := t.Context()
	cfg := Config{DataDir: t.TempDir()}
	if kind == KindPostgres {
		cfg.URL = pgtest.NewDatabase(t)
	}
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	open := func(node int64) *DB {
		c := cfg
		c.Node = node
		db, err := Open(ctx, c)
		require.NoError(t, err)
		t.Cleanup(func() { assert.NoError(t, db.Close()) })
		db.clock = clock
		return db
	}
	a = open(1)
	require.NoError(t, a.Migrate(ctx))
	b = open(2)
	require.NoError(t, b.Migrate(ctx))
	return a, b, func(d time.Duration) { now = now.Add(d) }
}

// eachPair runs fn on two nodes of SQLite, and of PostgreSQL when
// SOUK_TEST_POSTGRES_URL is set.
func eachPair(t *testing.T, fn func(t *testing.T, a, b *DB, advance func(time.Duration))) {
	t.Helper()
	for _, kind := range []string{KindSQLite, KindPostgres} {
		t.Run(kind, func(t *testing.T) {
			a, b, advance := openTwoNodes(t, kind)
			fn(t, a, b, advance)
		})
	}
}

func TestSnapshotsSeeOwnWritesAtOnceAndOthersWithinTTL(t *testing.T) {
	t.Parallel()
	eachPair(t, func(t *testing.T, a, b *DB, advance func(time.Duration)) {
		ctx := t.Context()
		lv := func(db *DB) []Level {
			list, err := db.Levels().List(ctx, LevelKindGrowth)
			require.NoError(t, err)
			return list
		}
		require.NoError(t, a.Levels().Upsert(ctx, Level{Kind: LevelKindGrowth, Key: "lv1", Icon: "one", Rank: 1}))
		require.Len(t, lv(a), 1)
		require.Len(t, lv(b), 1)

		require.NoError(t, a.Levels().Upsert(ctx, Level{Kind: LevelKindGrowth, Key: "lv2", Icon: "two", Rank: 2}))
		assert.Len(t, lv(a), 2, "a write through the store shows on its node at once")
		assert.Len(t, lv(b), 1, "another node answers from its copy until the TTL passes")
		advance(SnapshotTTL)
		assert.Len(t, lv(b), 2, "another node's write shows once the TTL passed")

		got, err := b.Levels().Get(ctx, LevelKindGrowth, "lv2")
		require.NoError(t, err)
		assert.Equal(t, "two", got.Icon)
		_, err = b.Levels().Get(ctx, LevelKindGrowth, "lv9")
		require.ErrorIs(t, err, ErrNotFound)
		_, err = b.Levels().Get(ctx, LevelKindVIP, "lv2")
		require.ErrorIs(t, err, ErrNotFound, "kinds are cached apart")
	})
}

func TestSnapshotsOfPagesCurrenciesAndVariants(t *testing.T) {
	t.Parallel()
	eachPair(t, func(t *testing.T, a, b *DB, advance func(time.Duration)) {
		ctx := t.Context()
		counts := func(db *DB) [3]int {
			pages, err := db.Pages().List(ctx)
			require.NoError(t, err)
			variants, err := db.Pages().Variants(ctx)
			require.NoError(t, err)
			currencies, err := db.Currencies().List(ctx)
			require.NoError(t, err)
			return [3]int{len(pages), len(variants), len(currencies)}
		}
		before := counts(b)
		assert.Equal(t, before, counts(a))

		require.NoError(t, a.Pages().Upsert(ctx, &Page{Name: "about", Layout: "default"}))
		require.NoError(t, a.Pages().UpsertVariant(ctx, Variant{Name: "promo", Type: VariantAll}))
		require.NoError(t, a.Currencies().Upsert(ctx, Currency{Code: "XTS", SymbolISO: "XTS", Symbol: "¤", Decimals: 2, Position: 99}))
		after := [3]int{before[0] + 1, before[1] + 1, before[2] + 1}
		assert.Equal(t, after, counts(a), "writes through the store show on their node at once")
		assert.Equal(t, before, counts(b), "another node answers from its copies until the TTL passes")
		advance(SnapshotTTL)
		assert.Equal(t, after, counts(b), "another node's writes show once the TTL passed")
	})
}

func TestSnapshotListIsTheCallersCopy(t *testing.T) {
	t.Parallel()
	db := openTestDB(t, KindSQLite)
	ctx := t.Context()
	require.NoError(t, db.Levels().Upsert(ctx, Level{Kind: LevelKindGrowth, Key: "lv1", Rank: 1}))
	list, err := db.Levels().List(ctx, LevelKindGrowth)
	require.NoError(t, err)
	list[0].Key = "changed"
	_ = append(list[:0], Level{Key: "appended"})
	again, err := db.Levels().List(ctx, LevelKindGrowth)
	require.NoError(t, err)
	assert.Equal(t, "lv1", again[0].Key)
}

func TestSnapshotDropsALoadThatRacedAWrite(t *testing.T) {
	t.Parallel()
	var c snapshot[int]
	now := func() time.Time { return time.Unix(1_700_000_000, 0) }
	got, err := c.get(t.Context(), now, func(context.Context) ([]int, error) {
		c.invalidate() // a write lands while the table is read
		return []int{1}, nil
	})
	require.NoError(t, err)
	assert.Equal(t, []int{1}, got, "the read is still answered")
	got, err = c.get(t.Context(), now, func(context.Context) ([]int, error) { return []int{2}, nil })
	require.NoError(t, err)
	assert.Equal(t, []int{2}, got, "but not kept: it may predate the write")
}

func TestSnapshotsOfSettings(t *testing.T) {
	t.Parallel()
	eachPair(t, func(t *testing.T, a, b *DB, advance func(time.Duration)) {
		ctx := t.Context()
		get := func(db *DB) (int, error) {
			var mb int
			err := db.Settings().Get(ctx, "max_file_size", &mb)
			return mb, err
		}
		_, err := get(b)
		require.ErrorIs(t, err, ErrNotFound)

		require.NoError(t, a.Settings().Put(ctx, "max_file_size", 5))
		mb, err := get(a)
		require.NoError(t, err)
		assert.Equal(t, 5, mb, "a write through the store shows on its node at once")
		_, err = get(b)
		require.ErrorIs(t, err, ErrNotFound, "another node answers from its copy until the TTL passes")
		advance(SnapshotTTL)
		mb, err = get(b)
		require.NoError(t, err)
		assert.Equal(t, 5, mb, "another node's write shows once the TTL passed")

		var got int
		require.NoError(t, b.Settings().GetOrCreate(ctx, "max_file_size", 9, &got))
		assert.Equal(t, 5, got, "the stored value wins")
		require.NoError(t, b.Settings().GetOrCreate(ctx, "created", 7, &got))
		assert.Equal(t, 7, got)
	})
}
