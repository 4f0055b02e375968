package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Kinds of community_nodes rows.
const (
	// NodeKindCategory groups nodes.
	NodeKindCategory = "category"
	// NodeKindNode is a node members join and post topics in.
	NodeKindNode = "node"
)

// How a member joins a node (Node.JoinType).
const (
	JoinFree  = "free"
	JoinMoney = "money"
	JoinLevel = "level"
	// JoinOther is a node whose members the admins add; nobody joins it.
	JoinOther = "other"
)

// Node is a community category or node.
type Node struct {
	// ID is the databaseId; UpsertNode assigns one to a new row.
	ID int64
	// Kind is NodeKindCategory or NodeKindNode.
	Kind string
	// CategoryID is a node's category; 0 for none and for categories.
	CategoryID int64
	// Slug is unique per kind.
	Slug         string
	Names        map[string]string
	Descriptions map[string]string
	// Thumb is the picture's URL.
	Thumb string
	// OwnerID is the member a paid join pays; 0 is the site (revenue).
	OwnerID int64
	// Admins are the members who moderate the node.
	Admins []int64
	// NodeType is the client's settings.nodeType.
	NodeType string
	// JoinType is one of the Join constants; JoinAmount minor units of
	// JoinAsset (a currency code or AssetCredit) for JoinMoney, JoinLevel a
	// growth level key for JoinLevel.
	JoinType   string
	JoinAsset  string
	JoinAmount int64
	JoinLevel  string
	// MemberCount and TopicCount are kept by Join, Leave and the topics.
	MemberCount, TopicCount int64
	// Position orders the list, lowest first.
	Position  int64
	CreatedAt int64
	UpdatedAt int64
}

// CommunityStore keeps the community: nodes, their members, topics,
// answers and votes.
type CommunityStore struct{ db *DB }

// Community returns the community store.
func (db *DB) Community() CommunityStore { return CommunityStore{db: db} }

const nodeColumns = `id, kind, category_id, slug, names, descriptions, thumb, owner_id, admins, node_type, join_type,
	join_asset, join_amount, join_level, member_count, topic_count, position, created_at, updated_at`

func scanNode(row scanner) (Node, error) {
	var n Node
	var names, descriptions, admins string
	err := row.Scan(&n.ID, &n.Kind, &n.CategoryID, &n.Slug, &names, &descriptions, &n.Thumb, &n.OwnerID, &admins,
		&n.NodeType, &n.JoinType, &n.JoinAsset, &n.JoinAmount, &n.JoinLevel, &n.MemberCount, &n.TopicCount, &n.Position,
		&n.CreatedAt, &n.UpdatedAt)
	if err != nil {
		return n, mapError(err)
	}
	if err := decodeJSON(names, &n.Names); err != nil {
		return n, err
	}
	if err := decodeJSON(descriptions, &n.Descriptions); err != nil {
		return n, err
	}
	return n, decodeJSON(admins, &n.Admins)
}

// UpsertNode writes n by its kind and slug: a new row, or the same row
// with n's fields (its counts are kept). n.ID is set to the row's id.
func (s CommunityStore) UpsertNode(ctx context.Context, n *Node) error {
	names, descriptions, admins, err := nodeJSON(n)
	if err != nil {
		return err
	}
	if n.ID == 0 {
		n.ID = s.db.NewID()
	}
	now := Now()
	err = s.db.write.QueryRowContext(ctx, `INSERT INTO community_nodes (`+nodeColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, 0, $15, $16, $16)
		ON CONFLICT (kind, slug) DO UPDATE SET category_id = excluded.category_id, names = excluded.names,
			descriptions = excluded.descriptions, thumb = excluded.thumb, owner_id = excluded.owner_id,
			admins = excluded.admins, node_type = excluded.node_type, join_type = excluded.join_type,
			join_asset = excluded.join_asset, join_amount = excluded.join_amount, join_level = excluded.join_level,
			position = excluded.position, updated_at = excluded.updated_at
		RETURNING id`,
		n.ID, n.Kind, n.CategoryID, n.Slug, names, descriptions, n.Thumb, n.OwnerID, admins, n.NodeType, n.JoinType,
		n.JoinAsset, n.JoinAmount, n.JoinLevel, n.Position, now).Scan(&n.ID)
	if err != nil {
		return fmt.Errorf("community store: upsert node %q: %w", n.Slug, mapError(err))
	}
	return nil
}

// Node returns a node or category by id, or ErrNotFound.
func (s CommunityStore) Node(ctx context.Context, id int64) (Node, error) {
	n, err := scanNode(s.db.reads.QueryRowContext(ctx, `SELECT `+nodeColumns+` FROM community_nodes WHERE id = $1`, id))
	if err != nil {
		return n, fmt.Errorf("community store: node %d: %w", id, err)
	}
	return n, nil
}

// NodeCursor is where a page of nodes starts: after the node at Position
// with ID (the zero value is the first page).
type NodeCursor struct {
	Position, ID int64
}

// Nodes returns up to limit rows of kind in list order after the cursor.
func (s CommunityStore) Nodes(ctx context.Context, kind string, after NodeCursor, limit int) ([]Node, error) {
	list, err := queryList(ctx, s.db.reads, scanNode, `SELECT `+nodeColumns+` FROM community_nodes
		WHERE kind = $1 AND (position > $2 OR (position = $2 AND id > $3))
		ORDER BY position, id LIMIT $4`, kind, after.Position, after.ID, limit)
	if err != nil {
		return nil, fmt.Errorf("community store: nodes: %w", err)
	}
	return list, nil
}

// IsMember reports whether the member joined the node.
func (s CommunityStore) IsMember(ctx context.Context, nodeID, userID int64) (bool, error) {
	var one int
	err := s.db.reads.QueryRowContext(ctx, `SELECT 1 FROM community_members WHERE node_id = $1 AND user_id = $2`,
		nodeID, userID).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("community store: is member: %w", err)
	}
	return true, nil
}

// JoinedOf returns which of the nodes the member joined.
func (s CommunityStore) JoinedOf(ctx context.Context, userID int64, nodeIDs []int64) (map[int64]bool, error) {
	out := make(map[int64]bool, len(nodeIDs))
	if userID == 0 || len(nodeIDs) == 0 {
		return out, nil
	}
	ids, err := queryList(ctx, s.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT node_id FROM community_members WHERE user_id = $1`, userID)
	if err != nil {
		return nil, fmt.Errorf("community store: joined: %w", err)
	}
	wanted := make(map[int64]bool, len(nodeIDs))
	for _, id := range nodeIDs {
		wanted[id] = true
	}
	for _, id := range ids {
		if wanted[id] {
			out[id] = true
		}
	}
	return out, nil
}

// Join adds the member to the node and counts them, once: joined is false
// when they were a member already.
func (s CommunityStore) Join(ctx context.Context, nodeID, userID, at int64) (joined bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO community_members (node_id, user_id, joined_at) VALUES ($1, $2, $3)
			ON CONFLICT (node_id, user_id) DO NOTHING`, nodeID, userID, at)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		joined = true
		_, err = tx.ExecContext(ctx, `UPDATE community_nodes SET member_count = member_count + 1 WHERE id = $1`, nodeID)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("community store: join %d: %w", nodeID, err)
	}
	return joined, nil
}

// Leave removes the member from the node, once: left is false when they
// were not a member.
func (s CommunityStore) Leave(ctx context.Context, nodeID, userID int64) (left bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM community_members WHERE node_id = $1 AND user_id = $2`, nodeID, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		left = true
		_, err = tx.ExecContext(ctx, `UPDATE community_nodes SET member_count = member_count - 1 WHERE id = $1`, nodeID)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("community store: leave %d: %w", nodeID, err)
	}
	return left, nil
}
