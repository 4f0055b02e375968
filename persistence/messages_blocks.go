package persistence

import (
	"context"
	"fmt"
)

// BlocksStore keeps who blocked whom: no private message passes between a
// member and someone either of them blocked.
type BlocksStore struct{ db *DB }

// Blocks returns the blocks store.
func (db *DB) Blocks() BlocksStore { return BlocksStore{db: db} }

// Block records that userID blocked blockedID; repeating it is harmless.
func (s BlocksStore) Block(ctx context.Context, userID, blockedID int64) error {
	_, err := s.db.write.ExecContext(ctx, `INSERT INTO user_blocks (user_id, blocked_id, created_at)
		VALUES ($1, $2, $3) ON CONFLICT (user_id, blocked_id) DO NOTHING`, userID, blockedID, Now())
	if err != nil {
		return fmt.Errorf("blocks store: block: %w", err)
	}
	return nil
}

// Unblock removes userID's block of blockedID, if any.
func (s BlocksStore) Unblock(ctx context.Context, userID, blockedID int64) error {
	_, err := s.db.write.ExecContext(ctx, `DELETE FROM user_blocks WHERE user_id = $1 AND blocked_id = $2`, userID, blockedID)
	if err != nil {
		return fmt.Errorf("blocks store: unblock: %w", err)
	}
	return nil
}

// Blocks reports whether userID blocked otherID.
func (s BlocksStore) Blocks(ctx context.Context, userID, otherID int64) (bool, error) {
	var n int
	err := s.db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_blocks WHERE user_id = $1 AND blocked_id = $2`,
		userID, otherID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("blocks store: blocks: %w", err)
	}
	return n > 0, nil
}
