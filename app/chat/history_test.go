package chat

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/persistence"
)

// TestHistoryNewestPageCopy: the newest page is read once per HistoryTTL,
// a send or deletion through the node shows at once, another node's write
// within HistoryTTL, and older pages always come from the database.
func TestHistoryNewestPageCopy(t *testing.T) {
	s, db := newService(t)
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	s.history.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	ctx := t.Context()
	ann := persistence.User{Name: "Ann", Slug: "ann", LevelKey: "lv2"}
	bob := persistence.User{Name: "Bob", Slug: "bob", LevelKey: "lv2"}
	require.NoError(t, db.Users().Create(ctx, &ann))
	require.NoError(t, db.Users().Create(ctx, &bob))
	texts := func(list []*actors.ChatEvent) (out []string) {
		for _, e := range list {
			out = append(out, e.GetMessage())
		}
		return out
	}

	require.NoError(t, s.CreateRoom(ctx, "lobby"))
	_, err := s.SendChat(as(ann.ID, "chat"), SendChatInput{Room: "lobby", ClientID: "a1", Text: "one"})
	require.NoError(t, err)
	page, _, err := s.readHistory(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one"}, texts(page))

	// Another node's write, straight into the database, with the next seq.
	other := persistence.ChatEvent{Room: "lobby", Seq: 2, Kind: persistence.ChatKindMessage, UserID: bob.ID,
		Message: "from another node", IdemKey: "elsewhere"}
	_, err = db.Chat().Append(ctx, &other)
	require.NoError(t, err)
	page, _, err = s.readHistory(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one"}, texts(page), "the copy answers within HistoryTTL")
	since, err := db.Chat().Since(ctx, "lobby", page[len(page)-1].GetSeq(), 50)
	require.NoError(t, err)
	require.Len(t, since, 1)
	assert.Equal(t, "from another node", since[0].Message, "what the copy lacks is resumed from its last seq")
	older, _, err := s.readHistory(ctx, "lobby", 3, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "from another node"}, texts(older), "pages back are read from the database")
	page, _, err = s.readHistory(ctx, "lobby", 0, 5)
	require.NoError(t, err)
	assert.Len(t, page, 2, "each page size has its own copy")

	advance(HistoryTTL)
	page, _, err = s.readHistory(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "from another node"}, texts(page), "the copy is read again after HistoryTTL")

	// A send through this node shows at once, and so does its deletion.
	sent, err := s.ChatRoom(as(bob.ID, "chat"), ChatRoomInput{Room: "lobby", ClientID: "b1", Message: "three"})
	require.NoError(t, err)
	assert.Equal(t, int64(3), sent.Seq)
	page, _, err = s.readHistory(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "from another node", "three"}, texts(page))
	sentID, err := strconv.ParseInt(sent.ID, 10, 64)
	require.NoError(t, err)
	sig, ts := signDelete(s.deleteKey, bob.ID, sentID, s.now())
	_, err = s.DeleteChat(as(bob.ID), DeleteChatInput{ID: action.ID(sentID), Signature: sig, Timestamp: ts})
	require.NoError(t, err)
	page, _, err = s.readHistory(ctx, "lobby", 0, 18)
	require.NoError(t, err)
	assert.Equal(t, []string{"one", "from another node"}, texts(page))

	// A page read while a write goes through is answered, not kept.
	c := newHistoryCache(s.history.now)
	stale := []*actors.ChatEvent{{Message: "before the write"}}
	list, _, err := c.get(ctx, "lobby", 18, func(context.Context) ([]*actors.ChatEvent, bool, error) {
		c.drop("lobby")
		return stale, false, nil
	})
	require.NoError(t, err)
	assert.Equal(t, stale, list)
	fresh := []*actors.ChatEvent{{Message: "after"}}
	list, _, err = c.get(ctx, "lobby", 18, func(context.Context) ([]*actors.ChatEvent, bool, error) { return fresh, false, nil })
	require.NoError(t, err)
	assert.Equal(t, fresh, list, "the raced read was not kept")
}

// TestHistoryCacheIsBounded: a node keeps at most maxHistoryPages pages,
// making room by dropping expired ones.
func TestHistoryCacheIsBounded(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	c := newHistoryCache(func() time.Time { return now })
	loads := 0
	load := func(context.Context) ([]*actors.ChatEvent, bool, error) { loads++; return nil, false, nil }
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
