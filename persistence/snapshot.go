package persistence

import (
	"context"
	"slices"
	"sync"
	"time"
)

// SnapshotTTL is how long a node answers from its copy of a rarely changed
// table (levels, currencies, pages, page variants, settings documents) before
// reading it again.
// A write through this DB's stores drops the copy at once; a write made by
// another node shows here within SnapshotTTL.
const SnapshotTTL = time.Second

// snapshot is a short-lived copy of one read of a rarely changed table.
// It is safe for concurrent use.
type snapshot[T any] struct {
	mu       sync.Mutex
	list     []T       // guarded by mu
	loadedAt time.Time // guarded by mu; zero when list is not valid
	gen      uint64    // guarded by mu; bumped by invalidate
}

// get returns a copy of the cached list, loading it with load when it is
// missing or older than SnapshotTTL by now. The elements are shared with
// the cache: callers may reorder or append to the slice, not change what
// its elements point to.
func (c *snapshot[T]) get(ctx context.Context, now func() time.Time, load func(context.Context) ([]T, error)) ([]T, error) {
	c.mu.Lock()
	if !c.loadedAt.IsZero() && now().Sub(c.loadedAt) < SnapshotTTL {
		list := slices.Clone(c.list)
		c.mu.Unlock()
		return list, nil
	}
	gen := c.gen
	c.mu.Unlock()

	loadedAt := now()
	list, err := load(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	// A write dropped the copy while this one was read: it may predate the
	// write, so it is returned but not kept.
	if c.gen == gen {
		c.list, c.loadedAt = list, loadedAt
	}
	c.mu.Unlock()
	return slices.Clone(list), nil
}

// invalidate drops the copy; the next get reads the table again.
func (c *snapshot[T]) invalidate() {
	c.mu.Lock()
	c.list, c.loadedAt = nil, time.Time{}
	c.gen++
	c.mu.Unlock()
}

// snapshots are a DB's copies of its rarely changed tables.
type snapshots struct {
	growthLevels snapshot[Level]
	vipLevels    snapshot[Level]
	currencies   snapshot[Currency]
	pages        snapshot[Page]
	variants     snapshot[Variant]
	settings     settingsSnapshot
}

// levels is the snapshot of kind's levels, or nil for an unknown kind.
func (s *snapshots) levels(kind string) *snapshot[Level] {
	switch kind {
	case LevelKindGrowth:
		return &s.growthLevels
	case LevelKindVIP:
		return &s.vipLevels
	}
	return nil
}

// maxCachedSettings bounds the settings documents a node keeps a copy of.
const maxCachedSettings = 256

// settingCopy is one settings document as read, or its absence.
type settingCopy struct {
	text     string
	found    bool
	loadedAt time.Time
}

// settingsSnapshot holds short-lived copies of settings documents by key,
// with the same rules as snapshot. It is safe for concurrent use.
type settingsSnapshot struct {
	mu     sync.Mutex
	copies map[string]settingCopy // guarded by mu
	gen    uint64                 // guarded by mu; bumped by invalidate
}

// get returns the document under key and whether there is one, reading it
// with load when the copy is missing or older than SnapshotTTL by now.
func (c *settingsSnapshot) get(ctx context.Context, key string, now func() time.Time, load func(context.Context) (string, bool, error)) (string, bool, error) {
	c.mu.Lock()
	if sc, ok := c.copies[key]; ok && now().Sub(sc.loadedAt) < SnapshotTTL {
		c.mu.Unlock()
		return sc.text, sc.found, nil
	}
	gen := c.gen
	c.mu.Unlock()

	loadedAt := now()
	text, found, err := load(ctx)
	if err != nil {
		return "", false, err
	}
	c.mu.Lock()
	if c.gen == gen {
		if c.copies == nil || len(c.copies) >= maxCachedSettings {
			c.copies = make(map[string]settingCopy)
		}
		c.copies[key] = settingCopy{text: text, found: found, loadedAt: loadedAt}
	}
	c.mu.Unlock()
	return text, found, nil
}

// invalidate drops every copy.
func (c *settingsSnapshot) invalidate() {
	c.mu.Lock()
	clear(c.copies)
	c.gen++
	c.mu.Unlock()
}
