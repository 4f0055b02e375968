package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChatMutes(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.ChatModeration()
		ids := newMembers(t, db, "loud", "calm")
		loud, calm := ids[0], ids[1]

		_, found, err := s.Mute(ctx, ChatMute{Room: "chat", UserID: loud, Until: 1000, Reason: "spam", ByID: calm, CreatedAt: 10})
		require.NoError(t, err)
		assert.False(t, found, "no mute before")
		_, err = db.ChatRooms().Create(ctx, "lobby")
		require.NoError(t, err)
		_, _, err = s.Mute(ctx, ChatMute{Room: "lobby", UserID: calm, Until: 2000, Reason: "x", ByID: loud, CreatedAt: 20})
		require.NoError(t, err)

		active, err := s.Active(ctx, "", 500)
		require.NoError(t, err)
		require.Len(t, active, 2)
		assert.Equal(t, "lobby", active[0].Room, "newest first")
		active, err = s.Active(ctx, "chat", 500)
		require.NoError(t, err)
		require.Len(t, active, 1)
		assert.Equal(t, ChatMute{Room: "chat", UserID: loud, Until: 1000, Reason: "spam", ByID: calm, CreatedAt: 10}, active[0])
		active, err = s.Active(ctx, "", 1500)
		require.NoError(t, err)
		require.Len(t, active, 1, "an expired mute is no longer active")
		assert.Equal(t, calm, active[0].UserID)

		before, found, err := s.Mute(ctx, ChatMute{Room: "chat", UserID: loud, Until: 3000, Reason: "again", ByID: calm,
			CreatedAt: 30})
		require.NoError(t, err)
		assert.True(t, found, "muting again replaces the mute")
		assert.Equal(t, "spam", before.Reason)
		before, found, err = s.Unmute(ctx, "chat", loud, 40)
		require.NoError(t, err)
		assert.True(t, found)
		assert.Equal(t, int64(3000), before.Until)
		_, found, err = s.Unmute(ctx, "chat", loud, 40)
		require.NoError(t, err)
		assert.False(t, found, "unmuted once")
	})
}

func TestChatModerationReads(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.ChatModeration()
		author := newMembers(t, db, "talker")[0]
		_, err := db.ChatRooms().Create(ctx, "lobby")
		require.NoError(t, err)
		var events []*ChatEvent
		for i, text := range []string{"one", "two", "three"} {
			events = append(events, &ChatEvent{Room: "lobby", Seq: int64(i + 1), Kind: ChatKindMessage, UserID: author,
				Message: text, IdemKey: "k" + text, CreatedAt: int64(100 + i)})
		}
		require.NoError(t, db.Chat().AppendMessages(ctx, events))
		_, err = db.Chat().Append(ctx, &ChatEvent{Room: "lobby", Seq: 4, Kind: ChatKindDelete, UserID: author,
			TargetID: events[1].ID, IdemKey: "del"})
		require.NoError(t, err)

		rooms, err := s.Rooms(ctx, "LOB", "", 10)
		require.NoError(t, err)
		require.Len(t, rooms, 1)
		assert.Equal(t, ChatRoomSummary{Name: "lobby", Members: 1, Messages: 3, LastMessageAt: 102, CreatedAt: rooms[0].CreatedAt},
			rooms[0])
		rooms, err = s.Rooms(ctx, "", "", 10)
		require.NoError(t, err)
		assert.Len(t, rooms, 2, "chat and lobby")
		rooms, err = s.Rooms(ctx, "", "chat", 10)
		require.NoError(t, err)
		require.Len(t, rooms, 1)
		assert.Equal(t, "lobby", rooms[0].Name, "after a name")

		msgs, err := s.Messages(ctx, "lobby", 0, 2)
		require.NoError(t, err)
		require.Len(t, msgs, 2)
		assert.Equal(t, "three", msgs[0].Message, "newest first")
		assert.Equal(t, "two", msgs[1].Message)
		assert.NotZero(t, msgs[1].DeletedSeq, "deleted messages are shown, flagged")
		assert.Equal(t, "talker", msgs[0].Author.Slug)
		msgs, err = s.Messages(ctx, "lobby", msgs[1].ID, 10)
		require.NoError(t, err)
		require.Len(t, msgs, 1)
		assert.Equal(t, "one", msgs[0].Message)
	})
}
