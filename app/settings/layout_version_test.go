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

// TestGetSettingsLayoutVersion: the reply names the published layout's
// version, once the settings read with it are surely as new.
func TestGetSettingsLayoutVersion(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := persistence.Open(ctx, persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(ctx))
	clock := time.Unix(1_700_000_000, 0)
	svc := New(db)
	svc.now = func() time.Time { return clock }

	got, err := svc.Get(ctx, GetInput{Lang: "en"})
	require.NoError(t, err)
	assert.Zero(t, got.LayoutVersion, "nothing published")
	encoded, err := json.Marshal(got)
	require.NoError(t, err)
	assert.Contains(t, string(encoded), `"layoutVersion":0`)

	_, err = db.Layouts().Publish(ctx, persistence.LayoutPublish{Doc: json.RawMessage(`{"v":1}`),
		PageSettings: json.RawMessage(`{"desktop":{"header":{"logo":"/one.png"}}}`), ExpectVersion: persistence.AnyLayoutVersion})
	require.NoError(t, err)
	clock = clock.Add(CacheTTL)
	got, err = svc.Get(ctx, GetInput{Lang: "en"})
	require.NoError(t, err)
	assert.Zero(t, got.LayoutVersion, "version 1 just seen: the settings may be older copies")

	clock = clock.Add(persistence.SnapshotTTL)
	got, err = svc.Get(ctx, GetInput{Lang: "en"})
	require.NoError(t, err)
	assert.Equal(t, int64(1), got.LayoutVersion)
	assert.Equal(t, "/one.png", got.Settings.PageSettings["desktop"].Header.Logo)
	encoded, err = json.Marshal(got)
	require.NoError(t, err)
	assert.Contains(t, string(encoded), `"layoutVersion":1`, "the cached encoding too")
}
