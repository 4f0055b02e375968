package persistence

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNotificationsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Notifications()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]

		var created []Notification
		for i, key := range []string{"n1", "n2", "n3"} {
			n := Notification{ToID: ann, Type: "system", Title: key, Content: json.RawMessage(`{"text":"hi"}`), IdemKey: key}
			events, replayed, err := s.Create(ctx, &n, countsEvent(ann, 0, "notification"))
			require.NoError(t, err)
			assert.False(t, replayed)
			require.Len(t, events, 1)
			assert.Equal(t, int64(i+1), events[0].Seq)
			created = append(created, n)
		}
		dup := Notification{ToID: ann, Type: "system", Title: "other", IdemKey: "n2"}
		events, replayed, err := s.Create(ctx, &dup, countsEvent(ann, 0, "notification"))
		require.NoError(t, err)
		assert.True(t, replayed)
		assert.Empty(t, events)
		assert.Equal(t, created[1].ID, dup.ID)
		assert.Equal(t, "n2", dup.Title)
		_, _, err = s.Create(ctx, &Notification{ToID: ann, Type: "system", Content: json.RawMessage(`{`), IdemKey: "bad"})
		require.Error(t, err)

		empty := Notification{ToID: bob, Type: "system", Title: "x", IdemKey: "b1"}
		_, _, err = s.Create(ctx, &empty)
		require.NoError(t, err)
		got, err := s.Get(ctx, empty.ID)
		require.NoError(t, err)
		assert.JSONEq(t, `{}`, string(got.Content))

		_, unread, err := db.Users().GetWithCounts(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, Counts{Notifications: 3}, unread, "read with the member's row")

		newest, err := s.List(ctx, ann, 0, 0, 2)
		require.NoError(t, err)
		assert.Equal(t, []string{"n2", "n3"}, []string{newest[0].Title, newest[1].Title}, "the newest page, oldest first")
		older, err := s.List(ctx, ann, 0, newest[0].ID, 2)
		require.NoError(t, err)
		require.Len(t, older, 1)
		assert.Equal(t, "n1", older[0].Title)
		newer, err := s.List(ctx, ann, created[0].ID, 0, 10)
		require.NoError(t, err)
		assert.Len(t, newer, 2)

		events, marked, err := s.MarkRead(ctx, bob, created[0].ID, countsEvent(bob, 0, "unread"))
		require.NoError(t, err)
		assert.Zero(t, marked, "another member's notification is not touched")
		assert.Empty(t, events)
		events, marked, err = s.MarkRead(ctx, ann, created[0].ID, countsEvent(ann, 0, "unread"))
		require.NoError(t, err)
		assert.Equal(t, 1, marked)
		assert.JSONEq(t, `{"seq":4,"messages":0,"notifications":2,"conversation":0}`, string(events[0].Data))
		_, marked, err = s.MarkRead(ctx, ann, 0, countsEvent(ann, 0, "unread"))
		require.NoError(t, err)
		assert.Equal(t, 2, marked)
		counts, err := db.Inbox().Counts(ctx, ann, 0)
		require.NoError(t, err)
		assert.Zero(t, counts.Notifications)
		_, err = s.Get(ctx, 1)
		require.ErrorIs(t, err, ErrNotFound)
	})
}

func TestFollowsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Follows()
		ids := newMembers(t, db, "ann", "bob", "cid")
		ann, bob, cid := ids[0], ids[1], ids[2]

		notice := &Notification{ToID: bob, FromID: ann, Type: "follow", IdemKey: "follow:ann:bob"}
		events, created, err := s.Follow(ctx, ann, bob, notice, countsEvent(bob, 0, "notification"))
		require.NoError(t, err)
		assert.True(t, created)
		require.Len(t, events, 1)
		events, created, err = s.Follow(ctx, ann, bob, &Notification{ToID: bob, Type: "follow", IdemKey: "follow:ann:bob:2"}, countsEvent(bob, 0, "notification"))
		require.NoError(t, err)
		assert.False(t, created, "following twice is harmless")
		assert.Empty(t, events)
		removed, err := s.Unfollow(ctx, ann, bob)
		require.NoError(t, err)
		assert.True(t, removed)
		removed, err = s.Unfollow(ctx, ann, bob)
		require.NoError(t, err)
		assert.False(t, removed)
		events, created, err = s.Follow(ctx, ann, bob, &Notification{ToID: bob, Type: "follow", IdemKey: "follow:ann:bob"}, countsEvent(bob, 0, "notification"))
		require.NoError(t, err)
		assert.True(t, created)
		assert.Empty(t, events, "a follow notifies once per pair")

		_, _, err = s.Follow(ctx, cid, bob, nil)
		require.NoError(t, err)
		_, _, err = s.Follow(ctx, bob, ann, nil)
		require.NoError(t, err)

		followers, err := s.List(ctx, bob, FollowsFollowers, 0, 1)
		require.NoError(t, err)
		require.Len(t, followers, 1)
		assert.Equal(t, "cid", followers[0].User.Slug, "the most recent follow first")
		more, err := s.List(ctx, bob, FollowsFollowers, followers[0].ID, 10)
		require.NoError(t, err)
		require.Len(t, more, 1)
		assert.Equal(t, "ann", more[0].User.Slug)
		following, err := s.List(ctx, bob, FollowsFollowing, 0, 10)
		require.NoError(t, err)
		require.Len(t, following, 1)
		assert.Equal(t, ann, following[0].User.ID)
		_, err = s.List(ctx, bob, "friends", 0, 10)
		require.Error(t, err)

		nFollowers, nFollowing, err := s.Counts(ctx, bob)
		require.NoError(t, err)
		assert.Equal(t, 2, nFollowers)
		assert.Equal(t, 1, nFollowing)
		is, err := s.Following(ctx, ann, []int64{bob, cid})
		require.NoError(t, err)
		assert.Equal(t, map[int64]bool{bob: true, cid: false}, is)
	})
}
