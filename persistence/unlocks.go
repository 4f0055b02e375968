package persistence

import (
	"context"
	"fmt"
	"strconv"
)

// UnlockKey is the idempotency key of the ledger operation by which userID
// bought gated content (a target of targetType): the operation is the
// unlock, so paying and unlocking are one exactly-once step.
func UnlockKey(userID int64, targetType string, targetID int64) string {
	return "unlock:" + strconv.FormatInt(userID, 10) + ":" + targetType + ":" + strconv.FormatInt(targetID, 10)
}

// UnlocksStore reads which gated content members bought.
type UnlocksStore struct{ db *DB }

// Unlocks returns the unlocks store.
func (db *DB) Unlocks() UnlocksStore { return UnlocksStore{db: db} }

// Unlocked reports whether userID paid for the target: whether the ledger
// holds the operation of UnlockKey.
func (s UnlocksStore) Unlocked(ctx context.Context, userID int64, targetType string, targetID int64) (bool, error) {
	if userID == 0 {
		return false, nil
	}
	var n int
	err := s.db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_ops WHERE idem_key = $1`,
		UnlockKey(userID, targetType, targetID)).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("unlocks store: unlocked: %w", err)
	}
	return n > 0, nil
}
