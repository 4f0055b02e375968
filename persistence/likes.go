package persistence

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// LikesStore keeps the members' likes of every kind of target, one per
// member and target, and their counts in counters (see CountersStore).
type LikesStore struct{ db *DB }

// Likes returns the likes store.
func (db *DB) Likes() LikesStore { return LikesStore{db: db} }

// Set records (like) or removes (!like) userID's like of a target and
// counts the change, in one transaction; changed is false when the like
// already was as asked (a repeat changes nothing).
func (s LikesStore) Set(ctx context.Context, targetType string, targetID, userID int64, like bool) (changed bool, err error) {
	changed, _, err = s.SetNotifying(ctx, targetType, targetID, userID, like, nil)
	return changed, err
}

// SetNotifying is Set that also creates notice (once per its idempotency
// key) when a like is new, in the same transaction, and returns its inbox
// events.
func (s LikesStore) SetNotifying(ctx context.Context, targetType string, targetID, userID int64, like bool, notice *Notice) (changed bool, events []InboxEvent, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		changed, events = false, nil
		var res sql.Result
		var err error
		delta := int64(1)
		if like {
			res, err = tx.ExecContext(ctx, `INSERT INTO likes (target_type, target_id, user_id, created_at)
				VALUES ($1, $2, $3, $4) ON CONFLICT (target_type, target_id, user_id) DO NOTHING`,
				targetType, targetID, userID, Now())
		} else {
			delta = -1
			res, err = tx.ExecContext(ctx, `DELETE FROM likes WHERE target_type = $1 AND target_id = $2 AND user_id = $3`,
				targetType, targetID, userID)
		}
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil || n == 0 {
			return err
		}
		changed = true
		if err := count(ctx, tx, targetType, targetID, delta, 0); err != nil {
			return err
		}
		if !like || notice == nil {
			return nil
		}
		events, err = notify(ctx, s.db, tx, []Notice{*notice})
		return err
	})
	if err != nil {
		return false, nil, fmt.Errorf("likes store: set: %w", err)
	}
	return changed, events, nil
}

// Liked returns which of the targets ids of targetType userID likes.
func (s LikesStore) Liked(ctx context.Context, userID int64, targetType string, ids []int64) (map[int64]bool, error) {
	out := make(map[int64]bool, len(ids))
	if len(ids) == 0 || userID == 0 {
		return out, nil
	}
	args := []any{userID, targetType}
	marks := make([]string, len(ids))
	for i, id := range ids {
		args = append(args, id)
		marks[i] = "$" + strconv.Itoa(i+3)
	}
	rows, err := s.db.reads.QueryContext(ctx, `SELECT target_id FROM likes
		WHERE user_id = $1 AND target_type = $2 AND target_id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("likes store: liked: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("likes store: liked: %w", err)
		}
		out[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("likes store: liked: %w", err)
	}
	return out, nil
}
