package persistence

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNotifyPrefs(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.NotifyPrefs()
		ids := newMembers(t, db, "ann", "bob", "cid")
		ann, bob, cid := ids[0], ids[1], ids[2]

		_, err := s.Get(ctx, ann)
		require.ErrorIs(t, err, ErrNotFound)

		p := NotifyPrefs{UserID: ann, Kinds: map[string]NotifyChannels{"messages": {Site: true, Push: true}},
			DNDEnabled: true, DNDStart: 1320, DNDEnd: 450, TimeZone: "Europe/Madrid", Digest: true}
		require.NoError(t, s.Save(ctx, &p))
		assert.NotZero(t, p.UpdatedAt)
		got, err := s.Get(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, p, got)

		p.Kinds = nil
		p.Digest = false
		require.NoError(t, s.Save(ctx, &p))
		got, err = s.Get(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, map[string]NotifyChannels{}, got.Kinds, "nil kinds read back empty")
		assert.False(t, got.Digest)

		// Concurrent updates each keep the others' edits.
		var wg sync.WaitGroup
		for _, kind := range []string{"a", "b", "c", "d"} {
			wg.Go(func() {
				assert.NoError(t, s.Update(ctx, bob, func(p *NotifyPrefs, _ bool) error {
					p.Kinds[kind] = NotifyChannels{Email: true}
					return nil
				}))
			})
		}
		wg.Wait()
		got, err = s.Get(ctx, bob)
		require.NoError(t, err)
		assert.Len(t, got.Kinds, 4)

		var sawStored bool
		require.NoError(t, s.Update(ctx, bob, func(p *NotifyPrefs, stored bool) error {
			sawStored = stored
			p.Digest = true
			return nil
		}))
		assert.True(t, sawStored)
		require.NoError(t, s.Update(ctx, cid, func(p *NotifyPrefs, stored bool) error {
			assert.False(t, stored)
			p.Digest = true
			return nil
		}))

		digest, err := s.DigestMembers(ctx, 0, 1)
		require.NoError(t, err)
		require.Len(t, digest, 1)
		first := digest[0].UserID
		digest, err = s.DigestMembers(ctx, first, 10)
		require.NoError(t, err)
		require.Len(t, digest, 1, "the next page")
		assert.ElementsMatch(t, []int64{bob, cid}, []int64{first, digest[0].UserID})
	})
}
