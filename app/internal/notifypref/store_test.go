package notifypref

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/app/internal/sitesettings"
	"souk/persistence"
)

// TestStore: defaults until a member saves; a save is seen at once on its
// node and within PrefsTTL on another; unsubscribing turns email off.
func TestStore(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		clock := apptest.NewClock(time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC))
		here, there := NewStore(db), NewStore(db)
		here.now, there.now = clock.Now, clock.Now
		ann := apptest.Member(t, db, "ann")

		p, err := here.Get(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, Defaults(), p)
		_, err = there.Get(ctx, ann) // a copy on the other node
		require.NoError(t, err)

		p.Kinds[Messages] = Channels{Site: false, Push: false, Email: true}
		delete(p.Kinds, Replies) // saved as its default
		p.DND = DND{Enabled: true, Start: 23 * 60, End: 6 * 60}
		p.TimeZone, p.Digest = "Europe/Madrid", true
		require.NoError(t, here.Save(ctx, ann, p))

		got, err := here.Get(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, Channels{Site: true, Push: false, Email: true}, got.Kinds[Messages], "messages always reach the site")
		assert.Equal(t, Defaults().Kinds[Replies], got.Kinds[Replies])
		assert.Equal(t, p.DND, got.DND)
		assert.Equal(t, "Europe/Madrid", got.TimeZone)
		assert.True(t, got.Digest)
		got.Kinds[Mentions] = Channels{}
		again, err := here.Get(ctx, ann)
		require.NoError(t, err)
		assert.True(t, again.Kinds[Mentions].Push, "a caller's edit does not reach the copy")

		stale, err := there.Get(ctx, ann)
		require.NoError(t, err)
		assert.False(t, stale.Digest, "another node answers from its copy")
		clock.Add(PrefsTTL)
		fresh, err := there.Get(ctx, ann)
		require.NoError(t, err)
		assert.True(t, fresh.Digest, "and reads again after PrefsTTL")

		require.NoError(t, there.Unsubscribe(ctx, ann, "mentions"))
		got, err = there.Get(ctx, ann)
		require.NoError(t, err)
		assert.False(t, got.Allows(Mentions, Email))
		assert.True(t, got.Allows(Messages, Email))
		assert.True(t, got.Digest)
		assert.Equal(t, "Europe/Madrid", got.TimeZone, "the rest is kept")
		require.NoError(t, there.Unsubscribe(ctx, ann, UnsubscribeDigest))
		got, err = there.Get(ctx, ann)
		require.NoError(t, err)
		assert.False(t, got.Digest)
		assert.True(t, got.Allows(Messages, Email))
		require.NoError(t, there.Unsubscribe(ctx, ann, UnsubscribeAll))
		require.NoError(t, there.Unsubscribe(ctx, ann, UnsubscribeAll), "twice is harmless")
		got, err = there.Get(ctx, ann)
		require.NoError(t, err)
		for _, k := range Kinds {
			assert.False(t, got.Allows(k, Email), k)
		}
		assert.True(t, got.Allows(Mentions, Push))
		require.ErrorIs(t, there.Unsubscribe(ctx, ann, "nope"), ErrUnknownKind)

		bob := apptest.Member(t, db, "bob")
		require.NoError(t, here.Unsubscribe(ctx, bob, "follows"), "a member without a row")
		got, err = here.Get(ctx, bob)
		require.NoError(t, err)
		want := Defaults()
		want.Kinds[Follows] = Channels{Site: true, Push: true}
		assert.Equal(t, want, got)

		rows, err := db.NotifyPrefs().DigestMembers(ctx, 0, 10)
		require.NoError(t, err)
		assert.Empty(t, rows, "nobody asks for the digest any more")
	})
}

// TestStoreOperators: the defaults until the operators save; a stored
// document's missing fields keep their defaults; copies last OperatorsTTL.
func TestStoreOperators(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		clock := apptest.NewClock(time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC))
		s := NewStore(db)
		s.now = clock.Now
		o, err := s.Operators(ctx)
		require.NoError(t, err)
		assert.Equal(t, DefaultOperators(), o)

		require.NoError(t, db.Settings().Put(ctx, sitesettings.KeyNotify, map[string]any{
			"push": map[string]bool{"likes": false}, "emailDelayMinutes": 30}))
		o, err = s.Operators(ctx)
		require.NoError(t, err)
		assert.Equal(t, DefaultOperators(), o, "a copy for OperatorsTTL")
		clock.Add(OperatorsTTL)
		o, err = s.Operators(ctx)
		require.NoError(t, err)
		assert.False(t, o.Allows(Likes, Push))
		assert.Equal(t, 30*time.Minute, o.EmailDelay())
		assert.True(t, o.Digest, "missing fields keep their defaults")
		assert.Equal(t, DefaultDigestHour, o.DigestHour)
	})
}
