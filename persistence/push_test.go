package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPushSubscriptions(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Push()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]

		phone := PushSubscription{UserID: ann, Endpoint: "https://push.example/a", P256dh: "k1", Auth: "a1", Lang: "en"}
		require.NoError(t, s.Save(ctx, &phone, 3))
		assert.NotZero(t, phone.ID)
		again := PushSubscription{UserID: ann, Endpoint: "https://push.example/a", P256dh: "k2", Auth: "a2", Lang: "es"}
		require.NoError(t, s.Save(ctx, &again, 3))
		assert.Equal(t, phone.ID, again.ID, "the same endpoint is one device")
		list, err := s.List(ctx, ann)
		require.NoError(t, err)
		require.Len(t, list, 1)
		assert.Equal(t, "k2", list[0].P256dh)
		assert.Equal(t, "es", list[0].Lang)

		for _, e := range []string{"https://push.example/b", "https://push.example/c", "https://push.example/d"} {
			require.NoError(t, s.Save(ctx, &PushSubscription{UserID: ann, Endpoint: e, P256dh: "k", Auth: "a", Lang: "en"}, 3))
		}
		list, err = s.List(ctx, ann)
		require.NoError(t, err)
		require.Len(t, list, 3, "the oldest device is dropped past the limit")
		for _, p := range list {
			assert.NotEqual(t, "https://push.example/a", p.Endpoint)
		}

		moved := PushSubscription{UserID: bob, Endpoint: "https://push.example/d", P256dh: "kb", Auth: "ab", Lang: "zh-hans"}
		require.NoError(t, s.Save(ctx, &moved, 3))
		list, err = s.List(ctx, ann)
		require.NoError(t, err)
		assert.Len(t, list, 2, "an endpoint signed in as another member moves to them")
		list, err = s.List(ctx, bob)
		require.NoError(t, err)
		require.Len(t, list, 1)
		assert.Equal(t, "kb", list[0].P256dh)

		require.ErrorIs(t, s.Unsubscribe(ctx, ann, "https://push.example/d"), ErrNotFound, "another member's device")
		require.NoError(t, s.Unsubscribe(ctx, bob, "https://push.example/d"))
		list, err = s.List(ctx, bob)
		require.NoError(t, err)
		assert.Empty(t, list)

		list, err = s.List(ctx, ann)
		require.NoError(t, err)
		gone := list[0]
		require.NoError(t, s.Remove(ctx, gone.ID, gone.UpdatedAt-1), "re-subscribed since: kept")
		list, err = s.List(ctx, ann)
		require.NoError(t, err)
		assert.Len(t, list, 2)
		require.NoError(t, s.Remove(ctx, gone.ID, gone.UpdatedAt))
		require.NoError(t, s.Remove(ctx, gone.ID, gone.UpdatedAt), "twice is harmless")
		list, err = s.List(ctx, ann)
		require.NoError(t, err)
		assert.Len(t, list, 1)
	})
}
