package main

import (
	"context"
	"time"

	"souk/cluster"
	"souk/persistence"
)

// clusterRegistry is the cluster's record of live nodes in its database
// (cluster.Registry over persistence.ClusterNodesStore).
type clusterRegistry struct{ store persistence.ClusterNodesStore }

func newClusterRegistry(db *persistence.DB, name string) clusterRegistry {
	if name == "" {
		name = "souk"
	}
	return clusterRegistry{store: db.ClusterNodes(name)}
}

func (r clusterRegistry) Beat(ctx context.Context, n cluster.NodeRecord) error {
	return r.store.Beat(ctx, persistence.ClusterNode{Node: n.Node, Gossip: n.Gossip, MemberID: n.MemberID, SeenAt: n.SeenAt})
}

func (r clusterRegistry) Live(ctx context.Context, since time.Time) ([]cluster.NodeRecord, error) {
	rows, err := r.store.Live(ctx, since)
	if err != nil {
		return nil, err
	}
	out := make([]cluster.NodeRecord, len(rows))
	for i, n := range rows {
		out[i] = cluster.NodeRecord{Node: n.Node, Gossip: n.Gossip, MemberID: n.MemberID, SeenAt: n.SeenAt}
	}
	return out, nil
}

func (r clusterRegistry) Forget(ctx context.Context, node string) error {
	return r.store.Forget(ctx, node)
}

// reasonIsolated closes the sockets of a node that stopped serving.
const reasonIsolated = "node cut off from its cluster"
