package chat

import (
	"context"
	"sync"
	"time"

	"souk/actors"
)

// HistoryTTL is how long a node answers the newest page of a room's history
// from its copy. A message sent or deleted through this node drops the
// room's copy at once; one sent through another node shows here within
// HistoryTTL. A stale page loses nothing: a client joins the room with the
// page's last sequence number and is sent every event after it.
const HistoryTTL = time.Second

// maxHistoryPages bounds the pages a node keeps.
const maxHistoryPages = 1024

type historyKey struct {
	room  string
	limit int
}

type historyPage struct {
	events   []*actors.ChatEvent // shared, never changed
	more     bool
	loadedAt time.Time
}

// historyCache holds the newest page of busy rooms: every visitor of a chat
// asks for the same page, and a chat room is read far more than written.
// It is safe for concurrent use.
type historyCache struct {
	now func() time.Time

	mu    sync.Mutex
	pages map[historyKey]historyPage // guarded by mu
	// gen is bumped by every drop (one counter for all rooms keeps it
	// bounded; a read that overlaps another room's write is just not kept).
	gen uint64 // guarded by mu
}

func newHistoryCache(now func() time.Time) *historyCache {
	return &historyCache{now: now, pages: map[historyKey]historyPage{}}
}

// get returns the newest page of room, reading it with load when the copy
// is missing or older than HistoryTTL. The events are shared: callers must
// not change them.
func (c *historyCache) get(ctx context.Context, room string, limit int,
	load func(context.Context) ([]*actors.ChatEvent, bool, error)) ([]*actors.ChatEvent, bool, error) {
	key := historyKey{room, limit}
	c.mu.Lock()
	if p, ok := c.pages[key]; ok && c.now().Sub(p.loadedAt) < HistoryTTL {
		c.mu.Unlock()
		return p.events, p.more, nil
	}
	gen := c.gen
	c.mu.Unlock()

	loadedAt := c.now()
	events, more, err := load(ctx)
	if err != nil {
		return nil, false, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// A write through this node dropped the room's copy while this page was
	// read: the page may predate it, so it is answered but not kept.
	if c.gen != gen {
		return events, more, nil
	}
	if len(c.pages) >= maxHistoryPages {
		c.evictExpired()
	}
	if len(c.pages) < maxHistoryPages {
		c.pages[key] = historyPage{events: events, more: more, loadedAt: loadedAt}
	}
	return events, more, nil
}

// drop forgets room's pages: a message was sent or deleted through this node.
func (c *historyCache) drop(room string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.pages {
		if k.room == room {
			delete(c.pages, k)
		}
	}
	c.gen++
}

// evictExpired drops the pages older than HistoryTTL; c.mu is held.
func (c *historyCache) evictExpired() {
	now := c.now()
	for k, p := range c.pages {
		if now.Sub(p.loadedAt) >= HistoryTTL {
			delete(c.pages, k)
		}
	}
}
