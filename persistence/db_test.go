package persistence

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence/pgtest"
)

// eachDB runs fn on a fresh migrated SQLite database and, when
// SOUK_TEST_POSTGRES_URL is set, on a fresh migrated PostgreSQL database, as parallel subtests.
func eachDB(t *testing.T, fn func(t *testing.T, db *DB)) {
	t.Helper()
	for _, kind := range []string{KindSQLite, KindPostgres} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			fn(t, openTestDB(t, kind))
		})
	}
}

// openTestDB returns a migrated database of kind, removed when the test ends.
// A PostgreSQL database is created for the test and dropped after it; the
// test is skipped when SOUK_TEST_POSTGRES_URL is not set.
func openTestDB(t *testing.T, kind string) *DB {
	t.Helper()
	ctx := t.Context()
	cfg := Config{DataDir: t.TempDir()}
	if kind == KindPostgres {
		cfg.URL = pgtest.NewDatabase(t)
	}
	db, err := Open(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(ctx))
	return db
}

func TestOpenErrors(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"unknown scheme", Config{URL: "mysql://root@localhost/souk"}, `unsupported database URL "mysql://root@localhost/souk"`},
		{"password redacted", Config{URL: "redis://u:secret@host/0"}, `"redis://u:xxxxx@host/0"`},
		{"not a URL", Config{URL: "postgres://a b:%zz"}, "not a URL"},
		{"node out of range", Config{Node: 1024}, "node number 1024 out of range"},
		{"unreachable postgres", Config{URL: "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2"}, "database unreachable"},
		{"data dir is a file", Config{DataDir: filepath.Join(writeFile(t), "sub")}, "create data dir"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := Open(ctx, tt.cfg)
			require.Error(t, err)
			assert.Nil(t, db)
			assert.Contains(t, err.Error(), tt.want)
			assert.NotContains(t, err.Error(), "secret")
		})
	}
}

func writeFile(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	return path
}

func TestOpenSQLiteCreatesDataDir(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "nested", "data")
	db, err := Open(t.Context(), Config{DataDir: dir, Node: 7})
	require.NoError(t, err)
	defer db.Close()
	assert.Equal(t, KindSQLite, db.Kind())
	assert.False(t, db.Ready(), "not ready before Migrate")
	assert.FileExists(t, filepath.Join(dir, "souk.db"))
	require.NoError(t, db.Ping(t.Context()))

	var mode string
	require.NoError(t, db.read.QueryRowContext(t.Context(), "PRAGMA journal_mode").Scan(&mode))
	assert.Equal(t, "wal", mode)
	var fk int
	require.NoError(t, db.write.QueryRowContext(t.Context(), "PRAGMA foreign_keys").Scan(&fk))
	assert.Equal(t, 1, fk)
	_, err = db.read.ExecContext(t.Context(), "CREATE TABLE nope (x INTEGER)")
	assert.Error(t, err, "reader connections are query-only")
}

func TestMigrateTwiceIsNoOp(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		assert.True(t, db.Ready())
		require.NoError(t, db.Settings().Put(t.Context(), "kept", 1))
		require.NoError(t, db.Migrate(t.Context()))
		assert.True(t, db.Ready())
		var n int
		require.NoError(t, db.Settings().Get(t.Context(), "kept", &n))
		assert.Equal(t, 1, n)
		assert.Equal(t, db.Kind(), map[bool]string{true: KindPostgres, false: KindSQLite}[db.read == db.write])
	})
}

func TestNewIDConcurrentUnique(t *testing.T) {
	t.Parallel()
	db := openTestDB(t, KindSQLite)
	const workers, each = 8, 2000
	ids := make(chan int64, workers*each)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range each {
				ids <- db.NewID()
			}
		})
	}
	wg.Wait()
	close(ids)
	seen := make(map[int64]bool, workers*each)
	for id := range ids {
		require.Positive(t, id)
		require.False(t, seen[id], "duplicate id %d", id)
		seen[id] = true
	}
	first, second := db.NewID(), db.NewID()
	assert.Less(t, first, second, "ids are time ordered")
}

func TestTxRollsBackEverything(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		insert := `INSERT INTO settings (setting_key, value, updated_at) VALUES ($1, '1', 0)`
		boom := errors.New("boom")
		err := db.tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, insert, "half"); err != nil {
				return err
			}
			return boom
		})
		require.ErrorIs(t, err, boom)

		err = db.tx(ctx, func(tx *sql.Tx) error {
			for _, key := range []string{"first", "first"} {
				if _, err := tx.ExecContext(ctx, insert, key); err != nil {
					return mapError(err)
				}
			}
			return nil
		})
		require.ErrorIs(t, err, ErrConflict)

		keys, err := db.Settings().Keys(ctx)
		require.NoError(t, err)
		assert.Empty(t, keys, "nothing half-written")
	})
}

func TestMillis(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.FixedZone("CST", 8*3600))
	assert.Equal(t, int64(1767294245006), Millis(at))
	assert.InDelta(t, time.Now().UnixMilli(), Now(), 1000)
}

// TestPostgresPoolKeepsItsConnections: the pool is bounded and keeps what
// it opened, so that a burst of queries does not end in new server
// processes for each one.
func TestPostgresPoolKeepsItsConnections(t *testing.T) {
	t.Parallel()
	url := pgtest.NewDatabase(t)
	for _, c := range []struct{ set, want int }{{0, DefaultMaxConns}, {5, 5}} {
		db, err := Open(t.Context(), Config{URL: url, MaxConns: c.set})
		require.NoError(t, err)
		var wg sync.WaitGroup
		for range 3 * c.want {
			wg.Go(func() {
				_, err := db.read.ExecContext(t.Context(), "SELECT pg_sleep(0.05)")
				assert.NoError(t, err)
			})
		}
		wg.Wait()
		stats := db.read.Stats()
		assert.Equal(t, c.want, stats.MaxOpenConnections)
		assert.Equal(t, c.want, stats.OpenConnections, "every connection opened is kept")
		assert.Zero(t, stats.MaxIdleClosed, "none closed for want of idle room")
		require.NoError(t, db.Close())
	}
}

// TestPostgresWarmConns: Open opens the connections asked for at once,
// idle in the pool, never more than the pool's bound (without any, the
// one that answered the ping at Open).
func TestPostgresWarmConns(t *testing.T) {
	t.Parallel()
	url := pgtest.NewDatabase(t)
	for _, c := range []struct{ max, warm, want int }{{0, 0, 1}, {5, 3, 3}, {4, 10, 4}} {
		db, err := Open(t.Context(), Config{URL: url, MaxConns: c.max, WarmConns: c.warm})
		require.NoError(t, err)
		stats := db.read.Stats()
		assert.Equal(t, c.want, stats.OpenConnections, "max %d, warm %d", c.max, c.warm)
		assert.Equal(t, c.want, stats.Idle, "returned to the pool")
		require.NoError(t, db.Close())
	}
}
