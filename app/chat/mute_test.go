package chat

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/persistence"
)

// testClock is a clock the test moves.
type testClock struct{ at atomic.Int64 }

func newTestClock() *testClock {
	c := &testClock{}
	c.at.Store(time.Now().UnixNano())
	return c
}

func (c *testClock) now() time.Time      { return time.Unix(0, c.at.Load()) }
func (c *testClock) add(d time.Duration) { c.at.Add(int64(d)) }
func refusalKey(err error) (string, bool) {
	var e *action.Error
	if !errors.As(err, &e) {
		return "", false
	}
	return e.Key, true
}

// TestMute: a mute refuses the member's messages in its room at once on
// the node that muted, within MuteRefresh on another node, never an
// administrator's, and ends when it expires or is lifted.
func TestMute(t *testing.T) {
	here, db, sys := newServiceSystem(t)
	clock := newTestClock()
	here.now, here.mutes.now = clock.now, clock.now
	// Another node: its own service (and view of the mutes) on the same database.
	there := New(Config{DB: db, Rooms: sys.Rooms(), Secret: []byte("0123456789abcdef0123456789abcdef"), Now: clock.now})
	ann := persistence.User{Name: "Ann", Slug: "ann", LevelKey: "lv2"}
	require.NoError(t, db.Users().Create(t.Context(), &ann))
	require.NoError(t, here.CreateRoom(t.Context(), "lobby"))
	ctx := as(ann.ID, "chat")
	require.NoError(t, there.checkMuted(ctx, DefaultRoom), "not muted: the other node read the mutes now")

	_, found, err := here.Mute(t.Context(), persistence.ChatMute{Room: DefaultRoom, UserID: ann.ID, Reason: "spam",
		Until: clock.now().Add(10 * time.Minute).UnixMilli()})
	require.NoError(t, err)
	assert.False(t, found)
	_, err = here.SendChat(ctx, SendChatInput{Text: "hi"})
	key, _ := refusalKey(err)
	assert.Equal(t, "chat.error.muted", key, "refused at once where the mute was made")
	var e *action.Error
	require.True(t, errors.As(err, &e))
	assert.Contains(t, e.Args["until"], "UTC")
	_, err = here.SendChat(ctx, SendChatInput{Room: "lobby", Text: "hi"})
	require.NoError(t, err, "only in the room it was made for")

	clock.add(MuteRefresh)
	key, _ = refusalKey(there.checkMuted(ctx, DefaultRoom))
	assert.Equal(t, "chat.error.muted", key, "refused on another node once its view is MuteRefresh old")
	admin := action.WithRequest(context.Background(), &action.Request{Viewer: action.Viewer{UserID: ann.ID, IsAdmin: true}})
	require.NoError(t, there.checkMuted(admin, DefaultRoom), "administrators are never muted")

	clock.add(10 * time.Minute)
	require.NoError(t, there.checkMuted(ctx, DefaultRoom), "an expired mute refuses nothing")
	require.NoError(t, here.checkMuted(ctx, DefaultRoom))

	_, _, err = here.Mute(t.Context(), persistence.ChatMute{Room: DefaultRoom, UserID: ann.ID, Reason: "again",
		Until: clock.now().Add(time.Minute).UnixMilli()})
	require.NoError(t, err)
	require.Error(t, here.checkMuted(ctx, DefaultRoom))
	before, found, err := here.Unmute(t.Context(), DefaultRoom, ann.ID)
	require.NoError(t, err)
	assert.True(t, found)
	assert.Equal(t, "again", before.Reason)
	require.NoError(t, here.checkMuted(ctx, DefaultRoom), "lifted at once where it was lifted")

	_, _, err = here.Mute(t.Context(), persistence.ChatMute{Room: "made-up", UserID: ann.ID, Reason: "x", Until: 1})
	require.ErrorIs(t, err, ErrRoomNotFound)
}
