package persistence

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// Directions of a follow list.
const (
	// FollowsFollowing lists whom a member follows.
	FollowsFollowing = "following"
	// FollowsFollowers lists who follows a member.
	FollowsFollowers = "followers"
)

// FollowEdge is one member of a follow list.
type FollowEdge struct {
	// ID is the follow's id, time ordered: the list's cursor.
	ID   int64
	User User
	// CreatedAt is when the follow began, epoch ms.
	CreatedAt int64
}

// FollowsStore keeps who follows whom.
type FollowsStore struct{ db *DB }

// Follows returns the follows store.
func (db *DB) Follows() FollowsStore { return FollowsStore{db: db} }

// Follow records that followerID follows followeeID. When that is new and
// notice is not nil, notice is created (unless its idempotency key was
// used) with writes appended to the inboxes, in the same transaction.
// created is false when the follow existed.
func (s FollowsStore) Follow(ctx context.Context, followerID, followeeID int64, notice *Notification, writes ...InboxWrite) (events []InboxEvent, created bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO follows (follower_id, followee_id, id, created_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (follower_id, followee_id) DO NOTHING`,
			followerID, followeeID, s.db.NewID(), Now())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil || n == 0 {
			return err
		}
		created = true
		if notice == nil {
			return nil
		}
		events, _, err = createNotification(ctx, s.db, tx, notice, writes)
		return err
	})
	if err != nil {
		return nil, false, fmt.Errorf("follows store: follow: %w", err)
	}
	return events, created, nil
}

// Unfollow ends followerID's follow of followeeID; removed is false when
// there was none.
func (s FollowsStore) Unfollow(ctx context.Context, followerID, followeeID int64) (removed bool, err error) {
	res, err := s.db.write.ExecContext(ctx, `DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2`, followerID, followeeID)
	if err != nil {
		return false, fmt.Errorf("follows store: unfollow: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("follows store: unfollow: %w", err)
	}
	return n > 0, nil
}

// List returns up to limit members userID follows (FollowsFollowing) or
// who follow userID (FollowsFollowers), the most recent follow first,
// starting below the follow id before (0: the newest).
func (s FollowsStore) List(ctx context.Context, userID int64, direction string, before int64, limit int) ([]FollowEdge, error) {
	own, other := "follower_id", "followee_id"
	switch direction {
	case FollowsFollowing:
	case FollowsFollowers:
		own, other = other, own
	default:
		return nil, fmt.Errorf("follows store: list: unknown direction %q", direction)
	}
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, func(row scanner) (FollowEdge, error) {
		var e FollowEdge
		var err error
		e.User, err = scanUser(tailScanner{row: row, tail: []any{&e.ID, &e.CreatedAt}})
		return e, err
	}, `SELECT `+prefixColumns("u.", userColumns)+`, f.id, f.created_at FROM follows f JOIN users u ON u.id = f.`+other+`
		WHERE f.`+own+` = $1 AND f.id < $2 ORDER BY f.id DESC LIMIT $3`, userID, before, limit)
	if err != nil {
		return nil, fmt.Errorf("follows store: list %s of %d: %w", direction, userID, err)
	}
	return list, nil
}

// Following returns which of ids followerID follows.
func (s FollowsStore) Following(ctx context.Context, followerID int64, ids []int64) (map[int64]bool, error) {
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		var n int
		err := s.db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM follows WHERE follower_id = $1 AND followee_id = $2`,
			followerID, id).Scan(&n)
		if err != nil {
			return nil, fmt.Errorf("follows store: following: %w", err)
		}
		out[id] = n > 0
	}
	return out, nil
}

// Counts returns how many members follow userID and how many userID follows.
func (s FollowsStore) Counts(ctx context.Context, userID int64) (followers, following int, err error) {
	err = s.db.reads.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM follows WHERE followee_id = $1),
		(SELECT COUNT(*) FROM follows WHERE follower_id = $1)`, userID).Scan(&followers, &following)
	if err != nil {
		return 0, 0, fmt.Errorf("follows store: counts of %d: %w", userID, err)
	}
	return followers, following, nil
}

// tailScanner scans a row whose first columns are read by another scan
// function and whose last ones go to tail.
type tailScanner struct {
	row  scanner
	tail []any
}

func (t tailScanner) Scan(dest ...any) error { return t.row.Scan(append(dest, t.tail...)...) }

// prefixColumns qualifies every column of a comma-separated list.
func prefixColumns(prefix, columns string) string {
	parts := strings.Split(columns, ",")
	for i, p := range parts {
		parts[i] = prefix + strings.TrimSpace(p)
	}
	return strings.Join(parts, ", ")
}
