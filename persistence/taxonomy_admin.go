package persistence

import (
	"context"
	"fmt"
)

// SaveNode writes the operators' version of n: a new row when n.ID is 0
// (its counts zero, n.ID set), otherwise the row n.ID with n's fields, its
// kind, counts and creation time kept. ErrNotFound when there is no row
// n.ID; ErrConflict when another row of the kind has n's slug.
func (s CommunityStore) SaveNode(ctx context.Context, n *Node) error {
	names, descriptions, admins, err := nodeJSON(n)
	if err != nil {
		return err
	}
	now := Now()
	if n.ID == 0 {
		n.ID = s.db.NewID()
		_, err = s.db.write.ExecContext(ctx, `INSERT INTO community_nodes (`+nodeColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, 0, $15, $16, $16)`,
			n.ID, n.Kind, n.CategoryID, n.Slug, names, descriptions, n.Thumb, n.OwnerID, admins, n.NodeType, n.JoinType,
			n.JoinAsset, n.JoinAmount, n.JoinLevel, n.Position, now)
		if err != nil {
			n.ID = 0
			return fmt.Errorf("community store: create node %q: %w", n.Slug, mapError(err))
		}
		return nil
	}
	res, err := s.db.write.ExecContext(ctx, `UPDATE community_nodes SET category_id = $2, slug = $3, names = $4,
		descriptions = $5, thumb = $6, owner_id = $7, admins = $8, node_type = $9, join_type = $10, join_asset = $11,
		join_amount = $12, join_level = $13, position = $14, updated_at = $15 WHERE id = $1`,
		n.ID, n.CategoryID, n.Slug, names, descriptions, n.Thumb, n.OwnerID, admins, n.NodeType, n.JoinType,
		n.JoinAsset, n.JoinAmount, n.JoinLevel, n.Position, now)
	if err != nil {
		return fmt.Errorf("community store: save node %d: %w", n.ID, mapError(err))
	}
	if affected, err := res.RowsAffected(); err != nil || affected == 0 {
		return fmt.Errorf("community store: save node %d: %w", n.ID, ErrNotFound)
	}
	return nil
}

// nodeJSON is n's JSON columns: names, descriptions and admins.
func nodeJSON(n *Node) (names, descriptions, admins string, err error) {
	if names, err = encodeJSON(nonNilMap(n.Names)); err != nil {
		return
	}
	if descriptions, err = encodeJSON(nonNilMap(n.Descriptions)); err != nil {
		return
	}
	admins, err = encodeJSON(nonNilSlice(n.Admins))
	return
}

// Term returns the article term id, or ErrNotFound.
func (s ArticlesStore) Term(ctx context.Context, id int64) (ArticleTerm, error) {
	t, err := scanTerm(s.db.reads.QueryRowContext(ctx, `SELECT `+termColumns+` FROM article_terms WHERE id = $1`, id))
	if err != nil {
		return t, fmt.Errorf("articles store: term %d: %w", id, mapError(err))
	}
	return t, nil
}

// SaveTerm writes the operators' version of t: a new term when t.ID is 0
// (t.ID set), otherwise the term t.ID with t's slug and names, its kind
// and creation time kept. ErrNotFound when there is no term t.ID;
// ErrConflict when another term of the kind has t's slug.
func (s ArticlesStore) SaveTerm(ctx context.Context, t *ArticleTerm) error {
	names, err := encodeJSON(nonNilMap(t.Names))
	if err != nil {
		return fmt.Errorf("articles store: save term: %w", err)
	}
	if t.ID == 0 {
		t.ID, t.CreatedAt = s.db.NewID(), Now()
		_, err = s.db.write.ExecContext(ctx, `INSERT INTO article_terms (`+termColumns+`) VALUES ($1, $2, $3, $4, $5)`,
			t.ID, t.Kind, t.Slug, names, t.CreatedAt)
		if err != nil {
			t.ID = 0
			return fmt.Errorf("articles store: create term %q: %w", t.Slug, mapError(err))
		}
		return nil
	}
	res, err := s.db.write.ExecContext(ctx, `UPDATE article_terms SET slug = $2, names = $3 WHERE id = $1`,
		t.ID, t.Slug, names)
	if err != nil {
		return fmt.Errorf("articles store: save term %d: %w", t.ID, mapError(err))
	}
	if affected, err := res.RowsAffected(); err != nil || affected == 0 {
		return fmt.Errorf("articles store: save term %d: %w", t.ID, ErrNotFound)
	}
	return nil
}
