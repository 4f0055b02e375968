package settings

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

// clockedService is a settings service on a fresh SQLite database whose
// clock the test moves.
func clockedService(t *testing.T) (*Service, *persistence.DB, *time.Time) {
	t.Helper()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(t.Context()))
	clock := time.Unix(1_700_000_000, 0)
	svc := New(db)
	svc.now = func() time.Time { return clock }
	return svc, db, &clock
}

// getEnglish is utils.getSettings in English, which must succeed.
func getEnglish(t *testing.T, svc *Service) GetReply {
	t.Helper()
	got, err := svc.Get(t.Context(), GetInput{Lang: "en"})
	require.NoError(t, err)
	return got
}

func TestGetSettingsCachedForTTL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc, db, clock := clockedService(t)

	require.NoError(t, db.Settings().Put(ctx, KeyAnalytics, "first"))
	got := getEnglish(t, svc)
	assert.Equal(t, "first", got.Settings.Analytics)

	require.NoError(t, db.Settings().Put(ctx, KeyAnalytics, "second"))
	got = getEnglish(t, svc)
	assert.Equal(t, "first", got.Settings.Analytics, "within the TTL the cached reply answers")
	got, err := svc.Get(ctx, GetInput{Lang: "es"})
	require.NoError(t, err)
	assert.Equal(t, "second", got.Settings.Analytics, "each language and currency is cached apart")

	*clock = clock.Add(CacheTTL)
	got = getEnglish(t, svc)
	assert.Equal(t, "second", got.Settings.Analytics, "a change shows once the TTL passed")
}

func TestGetSettingsCacheIsBounded(t *testing.T) {
	t.Parallel()
	svc := New(nil)
	for i := range 3 * maxCached {
		svc.remember(string(rune('a'+i%26))+string(rune(i)), GetReply{}, time.Now(), 0)
		assert.LessOrEqual(t, len(svc.cache), maxCached)
	}
}

func TestGetSettingsReplyIsPreEncoded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := persistence.Open(ctx, persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(ctx))
	require.NoError(t, db.Settings().Put(ctx, KeyAnalytics, "<script>&"))
	svc := New(db)

	for _, call := range []string{"loaded", "cached"} {
		got, err := svc.Get(ctx, GetInput{Lang: "en", Currency: "USD"})
		require.NoError(t, err)
		want, err := json.Marshal(got)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got.PreEncodedJSON()), call)
	}
}
