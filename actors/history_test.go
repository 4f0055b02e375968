package actors

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/cluster"
	"souk/persistence"
)

// TestHistoryNewestPageCopy: the newest page is read once per HistoryTTL,
// a send or deletion through the node shows at once, another node's write
// within HistoryTTL, and older pages always come from the database.
func TestHistoryNewestPageCopy(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	rooms := sys.Rooms()
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	rooms.history.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	ctx := t.Context()
	ann, bob := member(t, db, "ann"), member(t, db, "bob")
	can := []string{"chat"}
	texts := func(list []*ChatEvent) (out []string) {
		for _, e := range list {
			out = append(out, e.GetMessage())
		}
		return out
	}

	_, err := rooms.Send(ctx, SendInput{Room: "lobby", IdemKey: "a1", User: ann, UserCan: can, Text: "one"})
	require.NoError(t, err)
	page, _, err := rooms.History(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one"}, texts(page))

	// Another node's write, straight into the database, with the next seq.
	other := persistence.ChatEvent{Room: "lobby", Seq: 2, Kind: persistence.ChatKindMessage, UserID: bob.GetId(),
		Message: "from another node", IdemKey: "elsewhere"}
	_, err = db.Chat().Append(ctx, &other)
	require.NoError(t, err)
	page, _, err = rooms.History(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one"}, texts(page), "the copy answers within HistoryTTL")
	since, err := rooms.Since(ctx, "lobby", page[len(page)-1].GetSeq(), 50)
	require.NoError(t, err)
	assert.Equal(t, []string{"from another node"}, texts(since), "what the copy lacks is resumed from its last seq")
	older, _, err := rooms.History(ctx, "lobby", 3, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "from another node"}, texts(older), "pages back are read from the database")
	page, _, err = rooms.History(ctx, "lobby", 0, 5)
	require.NoError(t, err)
	assert.Len(t, page, 2, "each page size has its own copy")

	advance(HistoryTTL)
	page, _, err = rooms.History(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "from another node"}, texts(page), "the copy is read again after HistoryTTL")

	// A send through this node shows at once, and so does its deletion.
	sent, err := rooms.Send(ctx, SendInput{Room: "lobby", IdemKey: "b1", User: bob, UserCan: can, Text: "three"})
	require.NoError(t, err)
	assert.Equal(t, int64(3), sent.GetSeq())
	page, _, err = rooms.History(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "from another node", "three"}, texts(page))
	_, err = rooms.Delete(ctx, DeleteInput{Room: "lobby", IdemKey: "d1", User: bob, MessageID: sent.GetId()})
	require.NoError(t, err)
	page, _, err = rooms.History(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "from another node"}, texts(page))

	// A page read while a write goes through is answered, not kept.
	c := newHistoryCache()
	c.now = rooms.history.now
	stale := []*ChatEvent{{Message: "before the write"}}
	list, _, err := c.get(ctx, "lobby", 18, func(context.Context) ([]*ChatEvent, bool, error) {
		c.drop("lobby")
		return stale, false, nil
	})
	require.NoError(t, err)
	assert.Equal(t, stale, list)
	fresh := []*ChatEvent{{Message: "after"}}
	list, _, err = c.get(ctx, "lobby", 18, func(context.Context) ([]*ChatEvent, bool, error) { return fresh, false, nil })
	require.NoError(t, err)
	assert.Equal(t, fresh, list, "the raced read was not kept")
}

// TestHistoryCacheIsBounded: a node keeps at most maxHistoryPages pages,
// making room by dropping expired ones.
func TestHistoryCacheIsBounded(t *testing.T) {
	c := newHistoryCache()
	now := time.Unix(1_800_000_000, 0)
	c.now = func() time.Time { return now }
	loads := 0
	load := func(context.Context) ([]*ChatEvent, bool, error) { loads++; return nil, false, nil }
	for i := range maxHistoryPages + 10 {
		_, _, err := c.get(t.Context(), "room", i+1, load)
		require.NoError(t, err)
	}
	assert.Len(t, c.pages, maxHistoryPages)
	now = now.Add(HistoryTTL)
	_, _, err := c.get(t.Context(), "room", 0, load)
	require.NoError(t, err)
	assert.Len(t, c.pages, 1, "expired pages made room")
	assert.Equal(t, maxHistoryPages+11, loads)
}
