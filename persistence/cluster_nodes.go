package persistence

import (
	"context"
	"fmt"
	"time"
)

// ClusterNode is a node's row in the shared record of live nodes.
type ClusterNode struct {
	Node     string
	Gossip   string // host:port of its memberlist
	MemberID string // its current protoactor member id
	SeenAt   time.Time
}

// ClusterNodesStore is the shared record of a cluster's live nodes (see
// migration 00016).
type ClusterNodesStore struct {
	db      *DB
	cluster string
}

// ClusterNodes returns the record of the nodes of the cluster named cluster.
func (db *DB) ClusterNodes(cluster string) ClusterNodesStore {
	return ClusterNodesStore{db: db, cluster: cluster}
}

// Beat records that n is alive now.
func (s ClusterNodesStore) Beat(ctx context.Context, n ClusterNode) error {
	_, err := s.db.write.ExecContext(ctx, `INSERT INTO cluster_nodes (cluster, node, gossip, member_id, seen_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (cluster, node)
		DO UPDATE SET gossip = excluded.gossip, member_id = excluded.member_id, seen_at = excluded.seen_at`,
		s.cluster, n.Node, n.Gossip, n.MemberID, n.SeenAt.UnixMilli())
	if err != nil {
		return fmt.Errorf("cluster nodes: beat: %w", err)
	}
	return nil
}

// Live returns the nodes seen at or after since, by name.
func (s ClusterNodesStore) Live(ctx context.Context, since time.Time) ([]ClusterNode, error) {
	rows, err := s.db.reads.QueryContext(ctx, `SELECT node, gossip, member_id, seen_at FROM cluster_nodes
		WHERE cluster = $1 AND seen_at >= $2 ORDER BY node`, s.cluster, since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("cluster nodes: live: %w", err)
	}
	defer rows.Close()
	var out []ClusterNode
	for rows.Next() {
		var n ClusterNode
		var seen int64
		if err := rows.Scan(&n.Node, &n.Gossip, &n.MemberID, &seen); err != nil {
			return nil, fmt.Errorf("cluster nodes: live: %w", err)
		}
		n.SeenAt = time.UnixMilli(seen)
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("cluster nodes: live: %w", err)
	}
	return out, nil
}

// Forget removes the node's row (it stops gracefully).
func (s ClusterNodesStore) Forget(ctx context.Context, node string) error {
	if _, err := s.db.write.ExecContext(ctx, `DELETE FROM cluster_nodes WHERE cluster = $1 AND node = $2`,
		s.cluster, node); err != nil {
		return fmt.Errorf("cluster nodes: forget: %w", err)
	}
	return nil
}
