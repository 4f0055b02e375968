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
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("persistence: migrate: %w", err)
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	dialect := goose.DialectSQLite3
	if db.kind == KindPostgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresTableLocker(
			lock.WithTableLockTimeout(time.Second, 300),
			lock.WithTableUnlockTimeout(time.Second, 60),
		)
		if err != nil {
			return fmt.Errorf("persistence: migrate: lock: %w", err)
		}
		opts = append(opts, goose.WithLocker(locker))
	}
	provider, err := goose.NewProvider(dialect, db.write, fsys, opts...)
	if err != nil {
		return fmt.Errorf("persistence: migrate: %w", err)
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("persistence: migrate: %w", err)
	}
	db.ready.Store(true)
	return nil
}
