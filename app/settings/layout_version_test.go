package settings

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

// TestGetSettingsLayoutVersion: the reply names the published layout's
// version, once the settings read with it are surely as new.
func TestGetSettingsLayoutVersion(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc, db, clock := clockedService(t)

	got := getEnglish(t, svc)
	assert.Zero(t, got.LayoutVersion, "nothing published")
	encoded, err := json.Marshal(got)
	require.NoError(t, err)
	assert.Contains(t, string(encoded), `"layoutVersion":0`)

	_, err = db.Layouts().Publish(ctx, persistence.LayoutPublish{Doc: json.RawMessage(`{"v":1}`),
		PageSettings: json.RawMessage(`{"desktop":{"header":{"logo":"/one.png"}}}`), ExpectVersion: persistence.AnyLayoutVersion})
	require.NoError(t, err)
	*clock = clock.Add(CacheTTL)
	got = getEnglish(t, svc)
	assert.Zero(t, got.LayoutVersion, "version 1 just seen: the settings may be older copies")

	*clock = clock.Add(persistence.SnapshotTTL)
	got = getEnglish(t, svc)
	assert.Equal(t, int64(1), got.LayoutVersion)
	assert.Equal(t, "/one.png", got.Settings.PageSettings["desktop"].Header.Logo)
	encoded, err = json.Marshal(got)
	require.NoError(t, err)
	assert.Contains(t, string(encoded), `"layoutVersion":1`, "the cached encoding too")
}
