package persistence

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChatStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Chat()
		author := User{Name: "Ann", Slug: "ann", AvatarURL: "/a.png", LevelKey: "lv1"}
		require.NoError(t, db.Users().Create(ctx, &author))

		last, err := s.LastSeq(ctx, "chat")
		require.NoError(t, err)
		assert.Zero(t, last)

		for i := 1; i <= 5; i++ {
			e := ChatEvent{Room: "chat", Seq: int64(i), Kind: ChatKindMessage, UserID: author.ID,
				Message: fmt.Sprintf("m%d", i), IdemKey: fmt.Sprintf("k%d", i)}
			replayed, err := s.Append(ctx, &e)
			require.NoError(t, err)
			assert.False(t, replayed)
			assert.NotZero(t, e.ID)
			assert.NotZero(t, e.CreatedAt)
		}
		other := ChatEvent{Room: "other", Seq: 1, Kind: ChatKindMessage, UserID: author.ID, Message: "x", IdemKey: "o1"}
		_, err = s.Append(ctx, &other)
		require.NoError(t, err, "sequences are per room")

		retry := ChatEvent{Room: "chat", Seq: 6, Kind: ChatKindMessage, UserID: author.ID, Message: "m3", IdemKey: "k3"}
		replayed, err := s.Append(ctx, &retry)
		require.NoError(t, err)
		assert.True(t, replayed, "a used idempotency key answers the original event")
		assert.Equal(t, int64(3), retry.Seq)
		assert.Equal(t, "ann", retry.Author.Slug)

		taken := ChatEvent{Room: "chat", Seq: 5, Kind: ChatKindMessage, UserID: author.ID, Message: "late", IdemKey: "k-late"}
		_, err = s.Append(ctx, &taken)
		require.ErrorIs(t, err, ErrSeqTaken)
		require.ErrorIs(t, err, ErrConflict)

		m2, err := s.Get(ctx, mustHistory(t, s, "chat", 0, 5)[1].ID)
		require.NoError(t, err)
		assert.Equal(t, "m2", m2.Message)
		del := ChatEvent{Room: "chat", Seq: 6, Kind: ChatKindDelete, UserID: author.ID, TargetID: m2.ID, IdemKey: "d1"}
		_, err = s.Append(ctx, &del)
		require.NoError(t, err)
		again := ChatEvent{Room: "chat", Seq: 7, Kind: ChatKindDelete, UserID: author.ID, TargetID: m2.ID, IdemKey: "d2"}
		_, err = s.Append(ctx, &again)
		require.ErrorIs(t, err, ErrNotFound, "a message is deleted once")
		_, err = s.Append(ctx, &ChatEvent{Room: "other", Seq: 2, Kind: ChatKindDelete, TargetID: m2.ID, IdemKey: "d3"})
		require.ErrorIs(t, err, ErrNotFound, "a deletion stays in its room")

		last, err = s.LastSeq(ctx, "chat")
		require.NoError(t, err)
		assert.Equal(t, int64(6), last)

		hist := mustHistory(t, s, "chat", 0, 3)
		assert.Equal(t, []string{"m3", "m4", "m5"}, messages(hist), "newest page, oldest first")
		assert.Equal(t, ChatAuthor{Name: "Ann", Slug: "ann", AvatarURL: "/a.png"}, hist[0].Author)
		assert.Equal(t, []string{"m1"}, messages(mustHistory(t, s, "chat", 3, 3)), "deleted messages leave the history")

		since, err := s.Since(ctx, "chat", 4, 10)
		require.NoError(t, err)
		require.Len(t, since, 2)
		assert.Equal(t, []int64{5, 6}, []int64{since[0].Seq, since[1].Seq})
		assert.Equal(t, ChatKindDelete, since[1].Kind)
		assert.Equal(t, m2.ID, since[1].TargetID)
		all, err := s.Since(ctx, "chat", 0, 10)
		require.NoError(t, err)
		assert.Equal(t, int64(6), all[1].DeletedSeq)

		_, err = s.Get(ctx, 12345)
		require.ErrorIs(t, err, ErrNotFound)
		_, err = s.Append(ctx, &ChatEvent{Room: "chat", Seq: 9, Kind: "bogus", IdemKey: "b"})
		require.Error(t, err)
	})
}

func mustHistory(t *testing.T, s ChatStore, room string, before int64, limit int) []ChatEvent {
	t.Helper()
	list, err := s.History(t.Context(), room, before, limit)
	require.NoError(t, err)
	return list
}

func messages(list []ChatEvent) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = e.Message
	}
	return out
}

// TestChatAppendMessagesIsAllOrNothing: a group commit stores every
// message of the batch, or none when one of them conflicts.
func TestChatAppendMessagesIsAllOrNothing(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Chat()
		author := User{Name: "Bo", Slug: "bo", AvatarURL: "/b.png", LevelKey: "lv1"}
		require.NoError(t, db.Users().Create(ctx, &author))
		batch := func(from int, keys ...string) []*ChatEvent {
			var events []*ChatEvent
			for i, k := range keys {
				events = append(events, &ChatEvent{Room: "group", Seq: int64(from + i), Kind: ChatKindMessage,
					UserID: author.ID, Message: "text " + k, IdemKey: k})
			}
			return events
		}
		first := batch(1, "g1", "g2", "g3")
		require.NoError(t, s.AppendMessages(ctx, first))
		for _, e := range first {
			assert.NotZero(t, e.ID)
			assert.NotZero(t, e.CreatedAt)
		}
		err := s.AppendMessages(ctx, batch(4, "g4", "g2", "g5"))
		require.ErrorIs(t, err, ErrConflict, "a used idempotency key")
		err = s.AppendMessages(ctx, batch(3, "g6", "g7"))
		require.ErrorIs(t, err, ErrConflict, "a taken sequence number")
		last, err := s.LastSeq(ctx, "group")
		require.NoError(t, err)
		assert.Equal(t, int64(3), last, "nothing of a refused batch is stored")
		assert.Equal(t, []string{"text g1", "text g2", "text g3"}, messages(mustHistory(t, s, "group", 0, 10)))
		require.Error(t, s.AppendMessages(ctx, []*ChatEvent{{Room: "group", Seq: 4, Kind: ChatKindDelete, IdemKey: "d"}}),
			"deletions are not group-committed")
	})
}
