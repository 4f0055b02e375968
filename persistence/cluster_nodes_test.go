package persistence

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestClusterNodesStore(t *testing.T) {
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		now := time.UnixMilli(time.Now().UnixMilli())
		a, other := db.ClusterNodes("a"), db.ClusterNodes("b")
		require.NoError(t, a.Beat(ctx, ClusterNode{Node: "n1", Gossip: "127.0.0.1:7946", MemberID: "m1", SeenAt: now}))
		require.NoError(t, a.Beat(ctx, ClusterNode{Node: "n2", Gossip: "127.0.0.1:7947", MemberID: "m2", SeenAt: now.Add(-time.Minute)}))
		require.NoError(t, other.Beat(ctx, ClusterNode{Node: "n3", Gossip: "127.0.0.1:7948", MemberID: "m3", SeenAt: now}))

		live, err := a.Live(ctx, now.Add(-5*time.Second))
		require.NoError(t, err)
		require.Equal(t, []ClusterNode{{Node: "n1", Gossip: "127.0.0.1:7946", MemberID: "m1", SeenAt: now}}, live,
			"a stale row and another cluster's row are not live")

		// A restarted node beats again under a new member id and address.
		require.NoError(t, a.Beat(ctx, ClusterNode{Node: "n2", Gossip: "127.0.0.1:8000", MemberID: "m2b", SeenAt: now}))
		live, err = a.Live(ctx, now.Add(-5*time.Second))
		require.NoError(t, err)
		require.Len(t, live, 2)
		require.Equal(t, "m2b", live[1].MemberID)
		require.Equal(t, "127.0.0.1:8000", live[1].Gossip)

		require.NoError(t, a.Forget(ctx, "n1"))
		live, err = a.Live(ctx, now.Add(-5*time.Second))
		require.NoError(t, err)
		require.Len(t, live, 1)
		require.Equal(t, "n2", live[0].Node)
	})
}
