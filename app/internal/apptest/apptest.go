// Package apptest holds what the feature packages' tests share: a fresh
// database of each kind, members, request contexts and a session recorder.
package apptest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/persistence"
	"souk/persistence/pgtest"
)

// EachDB runs fn on a fresh migrated SQLite database and, when
// SOUK_TEST_POSTGRES_URL is set, on a fresh migrated PostgreSQL database, as
// parallel subtests.
func EachDB(t *testing.T, fn func(t *testing.T, db *persistence.DB)) {
	t.Helper()
	for _, kind := range []string{persistence.KindSQLite, persistence.KindPostgres} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			cfg := persistence.Config{DataDir: t.TempDir(), Node: 1}
			if kind == persistence.KindPostgres {
				cfg.URL = pgtest.NewDatabase(t)
			}
			db, err := persistence.Open(t.Context(), cfg)
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close() })
			require.NoError(t, db.Migrate(t.Context()))
			fn(t, db)
		})
	}
}

// Delivery is an event handed to a session grain.
type Delivery struct {
	UserID  int64
	IdemKey string
	Action  string
	Data    string
}

// Sessions records deliveries instead of routing them to session grains.
// It is safe for concurrent use.
type Sessions struct {
	mu   sync.Mutex
	list []Delivery // guarded by mu
}

// Deliver records one delivery.
func (s *Sessions) Deliver(_ context.Context, userID int64, idemKey, action string, data []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.list = append(s.list, Delivery{userID, idemKey, action, string(data)})
	return 1, nil
}

// Take returns the deliveries recorded since the last Take.
func (s *Sessions) Take() []Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.list
	s.list = nil
	return out
}

// Member creates a member at the lowest level and returns their id.
func Member(t *testing.T, db *persistence.DB, name string) int64 {
	t.Helper()
	u := persistence.User{Name: name, Slug: name, LevelKey: "lv1"}
	require.NoError(t, db.Users().Create(t.Context(), &u))
	return u.ID
}

// As is a request context in English for the member, holding capabilities.
func As(userID int64, can ...string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en", Viewer: action.Viewer{UserID: userID, UserCan: can}})
}

// AsAdmin is a request context in English for an administrator.
func AsAdmin(userID int64) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en", Viewer: action.Viewer{UserID: userID, IsAdmin: true}})
}

// RequireKey checks that err is the client error with key.
func RequireKey(t *testing.T, err error, key string) {
	t.Helper()
	var e *action.Error
	require.True(t, errors.As(err, &e), "want %s, got %v", key, err)
	assert.Equal(t, key, e.Key)
}
