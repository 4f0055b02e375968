package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/persistence/pgtest"
)

// grainRefusal stands for an error of another dependency that says itself
// whether it is temporary (actors.Error does).
type grainRefusal struct{ unavailable bool }

func (g grainRefusal) Error() string     { return "grain refusal" }
func (g grainRefusal) Unavailable() bool { return g.unavailable }

func TestIsUnavailableClassifiesPlainErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"not found", ErrNotFound, false},
		{"conflict", fmt.Errorf("users store: create: %w", ErrConflict), false},
		{"a bug", errors.New("boom"), false},
		{"caller went away", context.Canceled, false},
		{"deadline", fmt.Errorf("store: %w", context.DeadlineExceeded), true},
		{"connection done", sql.ErrConnDone, true},
		{"grain unreachable", fmt.Errorf("chat: %w", grainRefusal{unavailable: true}), true},
		{"grain refusal", grainRefusal{}, false},
	} {
		require.Equal(t, tc.want, IsUnavailable(tc.err), tc.name)
	}
}

func TestIsUnavailableOnSQLiteBusy(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "busy.db")
	open := func() *sql.DB {
		db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)&_pragma=journal_mode(WAL)&_txlock=immediate")
		require.NoError(t, err)
		db.SetMaxOpenConns(1)
		t.Cleanup(func() { _ = db.Close() })
		return db
	}
	first, second := open(), open()
	_, err := first.ExecContext(t.Context(), `CREATE TABLE t (x INTEGER)`)
	require.NoError(t, err)
	tx, err := first.BeginTx(t.Context(), nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	_, err = tx.ExecContext(t.Context(), `INSERT INTO t VALUES (1)`)
	require.NoError(t, err)

	_, err = second.ExecContext(t.Context(), `INSERT INTO t VALUES (2)`)
	require.Error(t, err, "the write lock is held")
	require.True(t, IsUnavailable(fmt.Errorf("store: %w", err)), "busy is unavailable: %v", err)

	_, err = second.ExecContext(t.Context(), `INSERT INTO missing VALUES (2)`)
	require.Error(t, err)
	require.False(t, IsUnavailable(err), "a wrong statement is a bug: %v", err)
}

func TestIsUnavailableOnPostgresErrors(t *testing.T) {
	t.Parallel()
	refused, err := sql.Open("pgx", "postgres://nobody@127.0.0.1:1/none?connect_timeout=2")
	require.NoError(t, err)
	defer refused.Close()
	err = refused.PingContext(t.Context())
	require.Error(t, err)
	require.True(t, IsUnavailable(err), "connection refused: %v", err)

	db, err := sql.Open("pgx", pgtest.NewDatabase(t))
	require.NoError(t, err)
	defer db.Close()
	conn, err := db.Conn(t.Context())
	require.NoError(t, err)
	defer conn.Close()

	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	_, err = conn.ExecContext(ctx, `SELECT pg_sleep(2)`)
	require.Error(t, err)
	require.True(t, IsUnavailable(err), "a store call past its deadline: %v", err)

	conn, err = db.Conn(t.Context())
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(t.Context(), `SET statement_timeout = 50`)
	require.NoError(t, err)
	_, err = conn.ExecContext(t.Context(), `SELECT pg_sleep(2)`)
	require.Error(t, err)
	require.True(t, IsUnavailable(err), "statement timeout (57014): %v", err)

	_, err = conn.ExecContext(t.Context(), `SELEC 1`)
	require.Error(t, err)
	require.False(t, IsUnavailable(err), "a syntax error (42601) is a bug: %v", err)
	_, err = conn.ExecContext(t.Context(), `CREATE TABLE u (x INTEGER PRIMARY KEY); INSERT INTO u VALUES (1); INSERT INTO u VALUES (1)`)
	require.Error(t, err)
	require.False(t, IsUnavailable(err), "a unique violation (23505) is not the database being away: %v", err)
}
