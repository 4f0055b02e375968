package layout

import (
	"context"
	"fmt"
	"sync"
	"time"

	"souk/persistence"
)

// VersionGate tells which published layout version the data read after it
// is at least as new as. The pages (souk/app/page) and the header and
// footer (page_settings, souk/app/settings) come from copies up to
// persistence.SnapshotTTL old, so a version first seen less than that ago
// may be newer than them: the gate answers the version before it until
// then, and a client waiting for the new layout asks again (the
// layoutVersion of auth.pageData and utils.getSettings). It is safe for
// concurrent use.
type VersionGate struct {
	read func(ctx context.Context) (int64, error)
	now  func() time.Time

	mu      sync.Mutex
	seen    int64     // guarded by mu: the newest version read
	seenAt  time.Time // guarded by mu: when seen was first read; zero before the first read
	settled int64     // guarded by mu: the newest version the copies surely hold
}

// NewVersionGate returns a gate reading the published version with read
// (persistence.LayoutsStore.Version) and the time with now.
func NewVersionGate(read func(ctx context.Context) (int64, error), now func() time.Time) *VersionGate {
	return &VersionGate{read: read, now: now}
}

// Current reads the published version and returns the one the data read
// from now on is at least as new as.
func (g *VersionGate) Current(ctx context.Context) (int64, error) {
	v, err := g.read(ctx)
	if err != nil {
		return 0, fmt.Errorf("layout: version: %w", err)
	}
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.seenAt.IsZero():
		// The first read, as the node starts: no copy older than it yet.
		g.seen, g.seenAt, g.settled = v, now, v
	case v != g.seen:
		if now.Sub(g.seenAt) >= persistence.SnapshotTTL {
			g.settled = g.seen
		}
		g.seen, g.seenAt = v, now
	}
	if now.Sub(g.seenAt) >= persistence.SnapshotTTL || g.settled > g.seen {
		g.settled = g.seen
	}
	return g.settled, nil
}
