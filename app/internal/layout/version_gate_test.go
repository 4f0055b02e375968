package layout

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

// TestVersionGate: a version first seen less than persistence.SnapshotTTL
// ago is answered as the one before it (the copies of the pages and
// settings may be older), then as itself.
func TestVersionGate(t *testing.T) {
	t.Parallel()
	published := int64(3)
	clock := time.UnixMilli(1_800_000_000_000)
	g := NewVersionGate(func(context.Context) (int64, error) { return published, nil },
		func() time.Time { return clock })
	current := func() int64 {
		t.Helper()
		v, err := g.Current(context.Background())
		require.NoError(t, err)
		return v
	}
	assert.Equal(t, int64(3), current(), "the first read, as the node starts")

	published = 4
	clock = clock.Add(time.Minute)
	assert.Equal(t, int64(3), current(), "just published")
	clock = clock.Add(persistence.SnapshotTTL / 2)
	assert.Equal(t, int64(3), current())
	clock = clock.Add(persistence.SnapshotTTL / 2)
	assert.Equal(t, int64(4), current(), "every copy is newer than the publish now")

	published = 5
	clock = clock.Add(time.Millisecond)
	assert.Equal(t, int64(4), current())
	published = 6
	clock = clock.Add(persistence.SnapshotTTL)
	assert.Equal(t, int64(5), current(), "5 was seen long enough ago, 6 just now")
	clock = clock.Add(persistence.SnapshotTTL)
	assert.Equal(t, int64(6), current())
}
