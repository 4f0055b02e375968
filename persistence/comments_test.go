package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCommentsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Comments()
		c := Comment{TargetType: TargetArticle, TargetID: 7, AuthorID: 1, Content: "<p>a</p>", IdemKey: "1:k1"}
		created, err := s.Create(ctx, &c)
		require.NoError(t, err)
		assert.True(t, created)

		again := Comment{TargetType: TargetArticle, TargetID: 7, AuthorID: 1, Content: "<p>a</p>", IdemKey: "1:k1"}
		created, err = s.Create(ctx, &again)
		require.NoError(t, err)
		assert.False(t, created, "the same key twice stores one comment")
		assert.Equal(t, c.ID, again.ID)

		other := Comment{TargetType: TargetArticle, TargetID: 8, AuthorID: 2, IdemKey: "1:k1"}
		_, err = s.Create(ctx, &other)
		require.ErrorIs(t, err, ErrConflict)

		reply := Comment{TargetType: TargetArticle, TargetID: 7, AuthorID: 2, ReplyTo: c.ID, Content: "<p>b</p>"}
		_, err = s.Create(ctx, &reply)
		require.NoError(t, err)

		list, err := s.List(ctx, TargetArticle, 7, 0, 10)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, c.ID, list[0].ID)
		assert.Equal(t, c.ID, list[1].ReplyTo)
		page, err := s.List(ctx, TargetArticle, 7, c.ID, 10)
		require.NoError(t, err)
		require.Len(t, page, 1)

		ok, err := s.HasCommented(ctx, 2, TargetArticle, 7)
		require.NoError(t, err)
		assert.True(t, ok)
		counts, err := db.Counters().Get(ctx, TargetArticle, []int64{7, 8})
		require.NoError(t, err)
		assert.Equal(t, map[int64]Counter{7: {Comments: 2}}, counts)

		require.NoError(t, s.Delete(ctx, reply.ID, Now()))
		require.ErrorIs(t, s.Delete(ctx, reply.ID, Now()), ErrNotFound)
		require.ErrorIs(t, s.Delete(ctx, 12345, Now()), ErrNotFound)
		ok, err = s.HasCommented(ctx, 2, TargetArticle, 7)
		require.NoError(t, err)
		assert.False(t, ok)
		list, err = s.List(ctx, TargetArticle, 7, 0, 10)
		require.NoError(t, err)
		assert.Len(t, list, 1, "a deleted comment leaves the list at once")
		got, err := s.Get(ctx, reply.ID)
		require.NoError(t, err)
		assert.NotZero(t, got.DeletedAt)
		_, err = s.Get(ctx, 999)
		require.ErrorIs(t, err, ErrNotFound)
		counts, err = db.Counters().Get(ctx, TargetArticle, []int64{7})
		require.NoError(t, err)
		assert.Equal(t, int64(1), counts[7].Comments)
	})
}

func TestLikesStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Likes()
		for _, user := range []int64{1, 2} {
			changed, err := s.Set(ctx, TargetTopic, 5, user, true)
			require.NoError(t, err)
			assert.True(t, changed)
		}
		changed, err := s.Set(ctx, TargetTopic, 5, 1, true)
		require.NoError(t, err)
		assert.False(t, changed, "a second like of the same member changes nothing")
		counts, err := db.Counters().Get(ctx, TargetTopic, []int64{5})
		require.NoError(t, err)
		assert.Equal(t, int64(2), counts[5].Likes)

		liked, err := s.Liked(ctx, 1, TargetTopic, []int64{5, 6})
		require.NoError(t, err)
		assert.Equal(t, map[int64]bool{5: true}, liked)

		changed, err = s.Set(ctx, TargetTopic, 5, 1, false)
		require.NoError(t, err)
		assert.True(t, changed)
		changed, err = s.Set(ctx, TargetTopic, 5, 1, false)
		require.NoError(t, err)
		assert.False(t, changed)
		counts, err = db.Counters().Get(ctx, TargetTopic, []int64{5})
		require.NoError(t, err)
		assert.Equal(t, int64(1), counts[5].Likes)
	})
}
