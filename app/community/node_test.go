package community

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/persistence"
)

func TestJoinAndLeave(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		join := func(userID int64, n persistence.Node) (JoinReply, error) {
			return f.s.Join(as(userID), JoinInput{NodeID: action.ID(n.ID)})
		}
		r, err := join(f.bob, f.free)
		require.NoError(t, err)
		assert.True(t, r.Node.CommunityCatMetas.IsJoin)
		assert.Equal(t, int64(1), r.Node.CommunityCatMetas.MemberCount)
		r, err = join(f.bob, f.free)
		require.NoError(t, err)
		assert.Equal(t, int64(1), r.Node.CommunityCatMetas.MemberCount, "joining twice counts once")

		// Paid: refused without funds, nothing written; then paid to the owner once.
		_, err = join(f.bob, f.paid)
		apptest.RequireKey(t, err, "wallet.error.insufficient")
		joined, err := db.Community().IsMember(t.Context(), f.paid.ID, f.bob)
		require.NoError(t, err)
		assert.False(t, joined)
		f.fund(f.bob, "USD", 800)
		r, err = join(f.bob, f.paid)
		require.NoError(t, err)
		assert.True(t, r.Node.CommunityCatMetas.IsJoin)
		assert.Equal(t, "money", r.Node.CommunityCatMetas.Settings.JoinRole.Type)
		assert.Equal(t, "5.00", r.Node.CommunityCatMetas.Settings.JoinRole.Pay.Value)
		assert.Equal(t, int64(300), f.balance(f.bob, "USD"))
		assert.Equal(t, int64(500), f.balance(f.ann, "USD"), "the owner is paid")
		r, err = f.s.Leave(as(f.bob), JoinInput{NodeID: action.ID(f.paid.ID)})
		require.NoError(t, err)
		assert.False(t, r.Node.CommunityCatMetas.IsJoin)
		assert.Zero(t, r.Node.CommunityCatMetas.MemberCount)
		_, err = join(f.bob, f.paid)
		require.NoError(t, err)
		assert.Equal(t, int64(300), f.balance(f.bob, "USD"), "a node is paid once per member")
		f.audit("USD")

		// Level: lv1 is refused, lv2 joins.
		_, err = join(f.cat, f.level)
		apptest.RequireKey(t, err, "community.error.level")
		u, err := db.Users().Get(t.Context(), f.cat)
		require.NoError(t, err)
		u.LevelKey = "lv2"
		require.NoError(t, db.Users().Update(t.Context(), u))
		_, err = join(f.cat, f.level)
		require.NoError(t, err)

		// Other: by invitation only; unknown nodes and categories are not found.
		_, err = join(f.cat, f.closed)
		apptest.RequireKey(t, err, "community.error.joinClosed")
		_, err = f.s.Join(as(f.cat), JoinInput{NodeID: 42})
		apptest.RequireKey(t, err, "community.error.nodeNotFound")
		cat := persistence.Node{Kind: persistence.NodeKindCategory, Slug: "group"}
		require.NoError(t, db.Community().UpsertNode(t.Context(), &cat))
		_, err = f.s.Leave(as(f.cat), JoinInput{NodeID: action.ID(cat.ID)})
		apptest.RequireKey(t, err, "community.error.nodeNotFound")
		require.Error(t, (&JoinInput{}).Validate())

		// The owner of a paid node is in without paying.
		_, err = join(f.ann, f.paid)
		require.NoError(t, err)
		assert.Equal(t, int64(500), f.balance(f.ann, "USD"))
	})
}

func TestNodesList(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		_, err := f.s.Join(as(f.bob), JoinInput{NodeID: action.ID(f.free.ID)})
		require.NoError(t, err)
		r, err := f.s.NodesList(as(f.bob), NodesListInput{First: 2})
		require.NoError(t, err)
		page := r.CommunityCats
		require.Len(t, page.Edges, 2)
		assert.True(t, page.PageInfo.HasNextPage)
		assert.Equal(t, "free", page.Edges[0].Node.GqSlug)
		assert.True(t, page.Edges[0].Node.CommunityCatMetas.IsJoin)
		require.Len(t, page.Edges[0].Node.CommunityCatMetas.Admin, 1)
		assert.Equal(t, "cat", page.Edges[0].Node.CommunityCatMetas.Admin[0].Name)
		r, err = f.s.NodesList(apptest.As(0), NodesListInput{First: 2, After: page.PageInfo.EndCursor})
		require.NoError(t, err)
		require.Len(t, r.CommunityCats.Edges, 2)
		assert.False(t, r.CommunityCats.PageInfo.HasNextPage)
		assert.Equal(t, "closed", r.CommunityCats.Edges[1].Node.GqSlug)
		assert.Equal(t, "level", r.CommunityCats.Edges[0].Node.CommunityCatMetas.Settings.JoinRole.Type)
		assert.Equal(t, "lv2", r.CommunityCats.Edges[0].Node.CommunityCatMetas.Settings.JoinRole.Value)
		_, err = f.s.NodesList(apptest.As(0), NodesListInput{After: "nope"})
		apptest.RequireKey(t, err, "common.error.badField")
	})
}
