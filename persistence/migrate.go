package persistence

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Migrate brings the schema up to date. It is a no-op when nothing is
// pending, and safe to run from several nodes at once on PostgreSQL (a lock
// row serializes them; advisory locks are avoided because CockroachDB lacks
// them). Ready reports true once it has succeeded.
func (db *DB) Migrate(ctx context.Context) error {
	provider, err := db.migrator()
	if err != nil {
		return fmt.Errorf("persistence: migrate: %w", err)
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("persistence: migrate: %w", err)
	}
	db.ready.Store(true)
	return nil
}

// migrator is the goose provider of every migration: the SQL files of
// migrations/ and the Go ones (search_migration.go).
func (db *DB) migrator() (*goose.Provider, error) {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true), goose.WithGoMigrations(db.searchMigration())}
	dialect := goose.DialectSQLite3
	if db.kind == KindPostgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresTableLocker(
			lock.WithTableLockTimeout(time.Second, 300),
			lock.WithTableUnlockTimeout(time.Second, 60),
		)
		if err != nil {
			return nil, fmt.Errorf("lock: %w", err)
		}
		opts = append(opts, goose.WithLocker(locker))
	}
	return goose.NewProvider(dialect, db.write, fsys, opts...)
}
