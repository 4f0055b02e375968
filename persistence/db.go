package persistence

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/snowflake"
)

// Kinds of database Open can return.
const (
	// KindSQLite is the embedded single-node default.
	KindSQLite = "sqlite"
	// KindPostgres is PostgreSQL or CockroachDB, reached through pgx.
	KindPostgres = "postgres"
)

// maxNode is the largest snowflake node number.
const maxNode = 1023

// Config says which database to open.
type Config struct {
	// URL is a postgres:// or postgresql:// URL (PostgreSQL or CockroachDB).
	// Empty opens the SQLite file souk.db under DataDir.
	URL string
	// DataDir holds the SQLite file; it is created if missing. Empty means "data".
	DataDir string
	// Node is this process's snowflake node number, 1..1023, which keeps ids
	// unique across the nodes of a cluster. Zero picks a random number at
	// Open: two nodes then collide with a chance of 1 in 1023, so set it
	// explicitly when more than one node writes to the same database.
	Node int64
	// MaxConns bounds this node's PostgreSQL connections, open and kept
	// idle alike; 0 means DefaultMaxConns. Unused on SQLite.
	MaxConns int
	// WarmConns is how many PostgreSQL connections (at most MaxConns) Open
	// opens at once, so that the first burst of requests after a start does
	// not wait for PostgreSQL to start a server process for each; 0 opens
	// them on demand. Unused on SQLite.
	WarmConns int
}

// DefaultMaxConns is how many PostgreSQL connections a node keeps by
// default: enough for the requests a node serves at once on a few cores,
// few enough for a cluster of nodes within PostgreSQL's default 100.
const DefaultMaxConns = 16

// DB is an open, possibly migrated database. It is safe for concurrent use.
type DB struct {
	kind  string
	write *sql.DB  // every change; a single connection on SQLite
	read  *sql.DB  // queries; the same pool as write on PostgreSQL
	reads *readers // queries through read, with statements kept prepared on SQLite
	// cache holds short-lived copies of rarely changed tables; a store's
	// write drops the copy it changes.
	cache snapshots
	// clock is the time the snapshots age by; time.Now unless a test sets it.
	clock func() time.Time
	ids   *snowflake.Node
	ready atomic.Bool // set once Migrate succeeded
	// chat shares transactions among the rooms' chat messages.
	chat *chatWriter
	// sends shares transactions among the private messages sent.
	sends *sendWriter
}

// Open opens and pings the database cfg names. It does not migrate: call
// Migrate before using the stores.
func Open(ctx context.Context, cfg Config) (*DB, error) {
	node, err := nodeNumber(cfg.Node)
	if err != nil {
		return nil, err
	}
	ids, err := snowflake.NewNode(node)
	if err != nil {
		return nil, fmt.Errorf("persistence: open: id generator: %w", err)
	}
	db := &DB{ids: ids, clock: time.Now}
	db.chat, db.sends = newChatWriter(db), newSendWriter(db)
	if cfg.URL == "" {
		if err := db.openSQLite(ctx, cfg.DataDir); err != nil {
			return nil, err
		}
		return db, nil
	}
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("persistence: open: database URL is not a URL: %w", err)
	}
	switch strings.ToLower(u.Scheme) {
	case "postgres", "postgresql":
		maxConns := cfg.MaxConns
		if maxConns <= 0 {
			maxConns = DefaultMaxConns
		}
		if err := db.openPostgres(ctx, cfg.URL, u.Redacted(), maxConns, min(cfg.WarmConns, maxConns)); err != nil {
			return nil, err
		}
		return db, nil
	}
	return nil, fmt.Errorf("persistence: open: unsupported database URL %q: want postgres:// or postgresql://, or none for SQLite", u.Redacted())
}

func nodeNumber(node int64) (int64, error) {
	if node < 0 || node > maxNode {
		return 0, fmt.Errorf("persistence: open: node number %d out of range 1..%d", node, maxNode)
	}
	if node != 0 {
		return node, nil
	}
	n, err := rand.Int(rand.Reader, big.NewInt(maxNode))
	if err != nil {
		return 0, fmt.Errorf("persistence: open: random node number: %w", err)
	}
	return n.Int64() + 1, nil
}

// Kind is KindSQLite or KindPostgres.
func (db *DB) Kind() string { return db.kind }

// Ready reports whether Migrate has succeeded on this DB.
func (db *DB) Ready() bool { return db.ready.Load() }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.write.PingContext(ctx); err != nil {
		return fmt.Errorf("persistence: ping: %w", err)
	}
	if db.read != db.write {
		if err := db.read.PingContext(ctx); err != nil {
			return fmt.Errorf("persistence: ping readers: %w", err)
		}
	}
	return nil
}

// Close closes every connection.
func (db *DB) Close() error {
	db.reads.close()
	err := db.write.Close()
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	if err != nil {
		return fmt.Errorf("persistence: close: %w", err)
	}
	return nil
}

// NewID returns a new 64-bit id, ordered by creation time and unique across
// nodes with distinct node numbers.
func (db *DB) NewID() int64 { return db.ids.Generate().Int64() }

// Now is the current time as UTC epoch milliseconds, the unit of every stored time.
func Now() int64 { return Millis(time.Now()) }

// Millis converts t to UTC epoch milliseconds.
func Millis(t time.Time) int64 { return t.UnixMilli() }

// tx runs fn in one write transaction, committing if it returns nil and
// rolling back otherwise. On CockroachDB a serialization failure reruns fn,
// so fn must not have effects outside the transaction.
func (db *DB) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	for attempt := 1; ; attempt++ {
		err := db.runTx(ctx, fn)
		if err == nil || !retryable(err) || attempt == maxTxAttempts {
			return err
		}
		if err := backoff(ctx, attempt); err != nil {
			return err
		}
	}
}

func (db *DB) runTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		return errors.Join(err, ignoreDone(tx.Rollback()))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", mapError(err))
	}
	return nil
}

func ignoreDone(err error) error {
	if errors.Is(err, sql.ErrTxDone) {
		return nil
	}
	return err
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface {
	Scan(dest ...any) error
}

// querier runs queries: the readers, or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// queryList runs a query and scans each row with scan.
func queryList[T any](ctx context.Context, q querier, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []T
	for rows.Next() {
		item, err := scan(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, item)
	}
	return list, rows.Err()
}
