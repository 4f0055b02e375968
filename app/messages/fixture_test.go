package messages

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

// eachDB runs fn on SQLite, and on PostgreSQL when SOUK_TEST_POSTGRES_URL is set.
func eachDB(t *testing.T, fn func(t *testing.T, db *persistence.DB)) {
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

// delivery is an event handed to a session grain.
type delivery struct {
	userID  int64
	idemKey string
	action  string
	data    string
}

// fakeSessions records deliveries instead of routing them.
type fakeSessions struct {
	mu   sync.Mutex
	list []delivery // guarded by mu
}

func (f *fakeSessions) Deliver(_ context.Context, userID int64, idemKey, action string, data []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.list = append(f.list, delivery{userID, idemKey, action, string(data)})
	return 1, nil
}

func (f *fakeSessions) take() []delivery {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.list
	f.list = nil
	return out
}

func member(t *testing.T, db *persistence.DB, name string) int64 {
	t.Helper()
	u := persistence.User{Name: name, Slug: name, LevelKey: "lv1"}
	require.NoError(t, db.Users().Create(t.Context(), &u))
	return u.ID
}

func as(userID int64, can ...string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en", Viewer: action.Viewer{UserID: userID, UserCan: can}})
}

// requireKey checks that err is the client error with key.
func requireKey(t *testing.T, err error, key string) {
	t.Helper()
	var e *action.Error
	require.True(t, errors.As(err, &e), "want %s, got %v", key, err)
	assert.Equal(t, key, e.Key)
}
