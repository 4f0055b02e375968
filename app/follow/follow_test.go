package follow

import (
	"context"
	"testing"

	"souk/app/internal/apptest"
	"souk/app/member"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/notify"
	"souk/persistence"
)

func TestFollowActions(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		sessions := &apptest.Sessions{}
		s := New(Config{DB: db, Notify: notify.New(notify.Config{DB: db, Sessions: sessions})})
		ann, bob, cid := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob"), apptest.Member(t, db, "cid")

		_, err := s.FollowUser(apptest.As(ann), FollowUserInput{UserID: action.ID(ann), Follow: true})
		apptest.RequireKey(t, err, "follow.error.self")
		_, err = s.FollowUser(apptest.As(ann), FollowUserInput{UserID: 4242, Follow: true})
		apptest.RequireKey(t, err, "common.error.userNotFound")
		_, err = s.FollowUser(apptest.As(ann), FollowUserInput{Follow: true})
		apptest.RequireKey(t, err, "common.error.required")
		assert.Empty(t, sessions.Take())

		out, err := s.FollowUser(apptest.As(ann), FollowUserInput{UserID: action.ID(bob), Follow: true})
		require.NoError(t, err)
		assert.True(t, out.GqFollowUser.IsFollowing)
		assert.Equal(t, 1, out.GqFollowUser.Followers)
		assert.Equal(t, 1, out.GqFollowUser.Following)
		pushed := sessions.Take()
		require.Len(t, pushed, 1, "the new follower is announced")
		assert.Equal(t, bob, pushed[0].UserID)
		assert.Equal(t, notify.EventNotification, pushed[0].Action)
		assert.Contains(t, pushed[0].Data, `"type":"follow"`)
		assert.Contains(t, pushed[0].Data, `"content":{"userId":"`+member.FormatID(ann)+`"}`)
		assert.Contains(t, pushed[0].Data, `"gqSlug":"ann"`)

		_, err = s.FollowUser(apptest.As(ann), FollowUserInput{UserID: action.ID(bob), Follow: true})
		require.NoError(t, err, "following twice is harmless")
		_, err = s.FollowUser(apptest.As(ann), FollowUserInput{UserID: action.ID(bob)})
		require.NoError(t, err)
		out, err = s.FollowUser(apptest.As(ann), FollowUserInput{UserID: action.ID(bob), Follow: true})
		require.NoError(t, err)
		assert.Empty(t, sessions.Take(), "a member is told of a follower once")
		n, err := db.Inbox().Counts(t.Context(), bob, 0)
		require.NoError(t, err)
		assert.Equal(t, 1, n.Notifications)

		_, err = s.FollowUser(apptest.As(cid), FollowUserInput{UserID: action.ID(bob), Follow: true})
		require.NoError(t, err)
		_, err = s.FollowUser(apptest.As(bob), FollowUserInput{UserID: action.ID(ann), Follow: true})
		require.NoError(t, err)

		page, err := s.Follow(apptest.As(ann), FollowInput{UserID: action.ID(bob), Type: persistence.FollowsFollowers, First: 1})
		require.NoError(t, err)
		require.Len(t, page.Follow.Edges, 1)
		assert.Equal(t, "cid", page.Follow.Edges[0].Node.GqSlug, "the most recent follow first")
		assert.False(t, page.Follow.Edges[0].Node.IsFollowing)
		assert.True(t, page.Follow.PageInfo.HasNextPage)
		assert.Equal(t, 2, page.Follow.TotalCount)
		next, err := s.Follow(apptest.As(ann), FollowInput{UserID: action.ID(bob), Type: persistence.FollowsFollowers, After: page.Follow.PageInfo.EndCursor})
		require.NoError(t, err)
		require.Len(t, next.Follow.Edges, 1)
		assert.Equal(t, "ann", next.Follow.Edges[0].Node.GqSlug)
		following, err := s.Follow(apptest.As(ann), FollowInput{UserID: action.ID(ann)})
		require.NoError(t, err)
		require.Len(t, following.Follow.Edges, 1)
		assert.True(t, following.Follow.Edges[0].Node.IsFollowing, "the viewer follows bob")
		guest, err := s.Follow(context.Background(), FollowInput{UserID: action.ID(ann)})
		require.NoError(t, err)
		assert.False(t, guest.Follow.Edges[0].Node.IsFollowing, "guests follow nobody")
		_, err = s.Follow(apptest.As(ann), FollowInput{UserID: action.ID(ann), Type: "friends"})
		require.ErrorIs(t, err, ErrBadType)
		_, err = s.Follow(apptest.As(ann), FollowInput{UserID: action.ID(ann), After: "x"})
		require.ErrorIs(t, err, ErrBadCursor)
		_, err = s.Follow(apptest.As(ann), FollowInput{UserID: 4242})
		apptest.RequireKey(t, err, "common.error.userNotFound")

		require.NoError(t, db.Blocks().Block(t.Context(), ann, cid))
		stats, err := s.FollowStats(apptest.As(ann), FollowStatsInput{UserID: action.ID(bob)})
		require.NoError(t, err)
		st := stats.FollowStats
		assert.Equal(t, 2, st.Followers)
		assert.Equal(t, 1, st.Following)
		assert.True(t, st.IsFollowing)
		assert.True(t, st.IsFollowedBy)
		assert.False(t, st.IsBlocked)
		stats, err = s.FollowStats(apptest.As(ann), FollowStatsInput{UserID: action.ID(cid)})
		require.NoError(t, err)
		assert.True(t, stats.FollowStats.IsBlocked)
		stats, err = s.FollowStats(context.Background(), FollowStatsInput{UserID: action.ID(bob)})
		require.NoError(t, err)
		assert.False(t, stats.FollowStats.IsFollowing)
		assert.Equal(t, 2, stats.FollowStats.Followers)

		reg := action.NewRegistry()
		s.Register(reg)
		_, err = reg.Call(context.Background(), "profile.followUser", nil)
		require.ErrorIs(t, err, action.ErrUnauthorized, "guests get the login dialog")
	})
}
