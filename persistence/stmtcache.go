package persistence

import (
	"context"
	"database/sql"
	"sync"
)

// maxCachedStatements bounds the statements a reader pool keeps prepared.
// The stores' queries are constant texts, a few dozen in all; a text past the
// bound runs unprepared.
const maxCachedStatements = 256

// readers runs the stores' queries on the read pool. On SQLite it keeps each
// query text prepared (modernc's driver parses a statement again on every
// unprepared query, a quarter of the CPU of light read actions): a
// *sql.Stmt is prepared once per pool connection on first use there and
// reused after. pgx caches prepared statements per connection itself, so on
// PostgreSQL queries go straight to the pool.
type readers struct {
	pool    *sql.DB
	prepare bool // keep statements prepared (SQLite)

	mu    sync.RWMutex
	stmts map[string]*sql.Stmt // guarded by mu
}

func newReaders(pool *sql.DB, prepare bool) *readers {
	return &readers{pool: pool, prepare: prepare, stmts: make(map[string]*sql.Stmt)}
}

// stmt is query's prepared statement, or nil when it is not kept prepared.
func (r *readers) stmt(ctx context.Context, query string) *sql.Stmt {
	if !r.prepare {
		return nil
	}
	r.mu.RLock()
	st, ok := r.stmts[query]
	r.mu.RUnlock()
	if ok {
		return st
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if st, ok := r.stmts[query]; ok {
		return st
	}
	if len(r.stmts) >= maxCachedStatements {
		return nil
	}
	st, err := r.pool.PrepareContext(ctx, query)
	if err != nil {
		// The query itself reports the error.
		return nil
	}
	r.stmts[query] = st
	return st
}

// QueryContext is sql.DB.QueryContext through the statement cache.
func (r *readers) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := r.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return r.pool.QueryContext(ctx, query, args...)
}

// QueryRowContext is sql.DB.QueryRowContext through the statement cache.
func (r *readers) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := r.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return r.pool.QueryRowContext(ctx, query, args...)
}

// close closes the prepared statements.
func (r *readers) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for q, st := range r.stmts {
		_ = st.Close()
		delete(r.stmts, q)
	}
}
