package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

const (
	// sqliteFile is the database file name under Config.DataDir.
	sqliteFile = "souk.db"
	// sqliteBusyTimeout is how long (ms) a connection waits for a lock.
	sqliteBusyTimeout = 5000
	// maxTxAttempts bounds reruns of a transaction after serialization failures.
	maxTxAttempts = 5
	// pgUniqueViolation and pgSerializationFailure are PostgreSQL SQLSTATE codes.
	pgUniqueViolation      = "23505"
	pgSerializationFailure = "40001"
)

// openSQLite opens <dir>/souk.db: one writer connection that begins
// transactions IMMEDIATE (taking the write lock up front, so a transaction
// never fails half-way on an upgrade), and a pool of query-only readers.
func (db *DB) openSQLite(ctx context.Context, dir string) error {
	if dir == "" {
		dir = "data"
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("persistence: open sqlite: create data dir %q: %w", dir, err)
	}
	path := filepath.Join(dir, sqliteFile)
	pragmas := fmt.Sprintf("?_pragma=busy_timeout(%d)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)", sqliteBusyTimeout)

	write, err := sql.Open("sqlite", path+pragmas+"&_txlock=immediate")
	if err != nil {
		return fmt.Errorf("persistence: open sqlite %q: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	if err := write.PingContext(ctx); err != nil {
		_ = write.Close()
		return fmt.Errorf("persistence: open sqlite %q: %w", path, err)
	}
	read, err := sql.Open("sqlite", path+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		_ = write.Close()
		return fmt.Errorf("persistence: open sqlite readers %q: %w", path, err)
	}
	readers := max(4, runtime.NumCPU())
	read.SetMaxOpenConns(readers)
	// Kept open: database/sql keeps 2 idle by default and would close and
	// reopen the others (pragmas and all) under load.
	read.SetMaxIdleConns(readers)
	if err := openAll(ctx, read, readers); err != nil {
		_ = write.Close()
		_ = read.Close()
		return fmt.Errorf("persistence: open sqlite readers %q: %w", path, err)
	}
	db.kind, db.write, db.read = KindSQLite, write, read
	db.reads = newReaders(read, true)
	return nil
}

// openAll opens n connections of the pool now, and leaves them idle in
// it. On SQLite they are all the readers: a reader opened under load needs
// descriptors (the file, its log, its shared memory) just when a node at
// its open-file limit has none, and took the one the listener keeps in
// reserve (acceptGuard). On PostgreSQL they are Config.WarmConns.
func openAll(ctx context.Context, pool *sql.DB, n int) error {
	conns := make([]*sql.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	for range n {
		c, err := pool.Conn(ctx)
		if err != nil {
			return err
		}
		if err := c.PingContext(ctx); err != nil {
			_ = c.Close()
			return err
		}
		conns = append(conns, c)
	}
	return nil
}

// openPostgres opens a PostgreSQL or CockroachDB URL through pgx.
func (db *DB) openPostgres(ctx context.Context, rawURL, redacted string, maxConns, warmConns int) error {
	pool, err := sql.Open("pgx", rawURL)
	if err != nil {
		return fmt.Errorf("persistence: open %s: %w", redacted, err)
	}
	if err := pool.PingContext(ctx); err != nil {
		_ = pool.Close()
		return fmt.Errorf("persistence: open %s: database unreachable: %w", redacted, err)
	}
	// database/sql keeps 2 idle connections by default: under load the
	// others were closed after each query and opened again, a new server
	// process each time. Keep the pool whole; recycle connections now and
	// then so that a failover or a balancer spreads them again.
	pool.SetMaxOpenConns(maxConns)
	pool.SetMaxIdleConns(maxConns)
	pool.SetConnMaxLifetime(30 * time.Minute)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	db.kind, db.write, db.read = KindPostgres, pool, pool
	db.reads = newReaders(pool, false)
	if err := openAll(ctx, pool, warmConns); err != nil {
		_ = pool.Close()
		return fmt.Errorf("persistence: open %s: warm %d connections: %w", redacted, warmConns, err)
	}
	return nil
}

// mapError turns a unique violation into ErrConflict and sql.ErrNoRows into
// ErrNotFound, keeping the driver's error in the message.
func mapError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == pgUniqueViolation {
		return fmt.Errorf("%w: %s", ErrConflict, pgErr.Message)
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		switch liteErr.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return fmt.Errorf("%w: %s", ErrConflict, liteErr.Error())
		}
	}
	return err
}

// retryable reports whether a transaction failed only because it raced
// another one (CockroachDB asks the client to retry with SQLSTATE 40001).
func retryable(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == pgSerializationFailure
}

// backoff waits a little longer after each failed attempt, or until ctx ends.
func backoff(ctx context.Context, attempt int) error {
	timer := time.NewTimer(time.Duration(attempt*attempt) * 5 * time.Millisecond)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
