package persistence

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddresses(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Addresses()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]

		home := Address{UserID: ann, Type: AddressSelected, CountryID: 1814991, ProvinceID: 1809935, Country: "中国",
			Province: "广东", Line: "1 Road", Phone: "13800138000", DialCode: "+86", Name: "Ann", Postcode: "510000"}
		created, err := s.Save(ctx, &home, 3)
		require.NoError(t, err)
		assert.True(t, created)
		assert.True(t, home.Default, "the first address is the default")
		assert.NotZero(t, home.ID)

		work := Address{UserID: ann, Type: AddressManual, CountryID: 2510769, Country: "España", Province: "Madrid",
			Line: "Calle 2", Name: "Ann", Index: 1}
		_, err = s.Save(ctx, &work, 3)
		require.NoError(t, err)
		assert.False(t, work.Default)

		got, err := s.Get(ctx, ann, home.ID)
		require.NoError(t, err)
		assert.Equal(t, "广东", got.Province)
		assert.Equal(t, int64(1809935), got.ProvinceID)
		assert.True(t, got.Default)
		_, err = s.Get(ctx, bob, home.ID)
		require.ErrorIs(t, err, ErrNotFound, "another member's address is not found")

		work.Default = true
		created, err = s.Save(ctx, &work, 3)
		require.NoError(t, err)
		assert.False(t, created)
		list, err := s.List(ctx, ann)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, work.ID, list[0].ID, "the default is listed first")
		assert.True(t, list[0].Default)
		assert.False(t, list[1].Default, "setting a default unsets the others")

		work.Default = false
		_, err = s.Save(ctx, &work, 3)
		require.NoError(t, err)
		list, err = s.List(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, home.ID, list[0].ID, "unsetting the default makes another address the default")
		assert.True(t, list[0].Default)

		stolen := work
		stolen.UserID = bob
		_, err = s.Save(ctx, &stolen, 3)
		require.ErrorIs(t, err, ErrNotFound, "another member's address cannot be edited")
		require.ErrorIs(t, s.Delete(ctx, bob, work.ID), ErrNotFound, "nor deleted")

		third := Address{UserID: ann, Type: AddressManual, CountryID: 6252001, Country: "US", Name: "Ann"}
		_, err = s.Save(ctx, &third, 3)
		require.NoError(t, err)
		fourth := Address{UserID: ann, Type: AddressManual, CountryID: 6252001, Country: "US", Name: "Ann"}
		_, err = s.Save(ctx, &fourth, 3)
		require.ErrorIs(t, err, ErrAddressLimit)
		assert.Zero(t, fourth.ID)

		require.NoError(t, s.Delete(ctx, ann, home.ID))
		list, err = s.List(ctx, ann)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, third.ID, list[0].ID, "deleting the default makes the newest remaining one the default")
		assert.True(t, list[0].Default)
		require.ErrorIs(t, s.Delete(ctx, ann, home.ID), ErrNotFound)

		// Concurrent first saves make one default and stay within the limit.
		var wg sync.WaitGroup
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a := Address{UserID: bob, Type: AddressManual, CountryID: 1, Country: "X", Name: "Bob"}
				_, _ = s.Save(ctx, &a, 4)
			}()
		}
		wg.Wait()
		list, err = s.List(ctx, bob)
		require.NoError(t, err)
		assert.Len(t, list, 4)
		defaults := 0
		for _, a := range list {
			if a.Default {
				defaults++
			}
		}
		assert.Equal(t, 1, defaults)
	})
}
