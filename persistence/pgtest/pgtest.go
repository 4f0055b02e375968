// Package pgtest gives tests a PostgreSQL database of their own on the
// server SOUK_TEST_POSTGRES_URL names, dropped when the test ends.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Env names the server the PostgreSQL tests run on.
const Env = "SOUK_TEST_POSTGRES_URL"

// NewDatabase creates an empty database on the server Env names, drops it
// when the test ends, and returns its URL. The test is skipped, saying so,
// when Env is not set.
func NewDatabase(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		t.Skip(Env + " not set: PostgreSQL tests skipped")
	}
	admin, err := sql.Open("pgx", base)
	require.NoError(t, err)
	suffix := make([]byte, 6)
	_, _ = rand.Read(suffix)
	name := "souk_test_" + hex.EncodeToString(suffix)
	_, err = admin.ExecContext(t.Context(), "CREATE DATABASE "+name)
	require.NoError(t, err, "create test database on %s", Env)
	// Registered before the caller's own cleanups, so it runs after them.
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		assert.NoError(t, err)
		assert.NoError(t, admin.Close())
	})
	u, err := url.Parse(base)
	require.NoError(t, err)
	u.Path = "/" + name
	return u.String()
}
