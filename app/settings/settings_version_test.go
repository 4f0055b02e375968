package settings

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

// TestGetSettingsVersionAndDropCache: the reply names the operators'
// settings version once the settings read with it are surely as new; a
// save shows at once after DropCache, even within CacheTTL.
func TestGetSettingsVersionAndDropCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc, db, clock := clockedService(t)

	got := getEnglish(t, svc)
	assert.Zero(t, got.SettingsVersion, "never saved")
	assert.Empty(t, got.Settings.CreditSymbol)

	_, err := db.Settings().Save(ctx, 0, persistence.SettingsChange{Documents: map[string]any{KeyCreditSymbol: "✦"}})
	require.NoError(t, err)
	got = getEnglish(t, svc)
	assert.Empty(t, got.Settings.CreditSymbol, "cached")

	svc.DropCache()
	got = getEnglish(t, svc)
	assert.Equal(t, "✦", got.Settings.CreditSymbol, "read again at once")
	assert.Zero(t, got.SettingsVersion, "version 1 just seen: copies read before it may be older")

	*clock = clock.Add(CacheTTL + persistence.SnapshotTTL)
	got = getEnglish(t, svc)
	assert.Equal(t, int64(1), got.SettingsVersion)
}
