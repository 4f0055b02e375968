package persistence

import (
	"context"
	"database/sql"
	"fmt"
)

// CreateBountyTopic is CreateTopic for a bounty: escrow, the operation that
// takes the bounty's value from the author (under the topic's creation
// key), and the topic are written in one transaction, so that neither is
// ever stored without the other. A retry replays the escrow and answers
// the topic written the first time (created false). The ledger's refusals
// (ErrInsufficientFunds, ErrIdemMismatch) leave nothing written; res is
// the escrow's result, for the balances to be told.
func (s CommunityStore) CreateBountyTopic(ctx context.Context, t *Topic, escrow WalletOp) (created bool, res WalletResult, err error) {
	topic := *t
	err = s.db.applyWith(ctx, escrow, &res, func(tx *sql.Tx) error {
		// A rerun of the transaction starts again from the topic asked for.
		*t = topic
		created, err = s.insertTopic(ctx, tx, t)
		return err
	})
	if err != nil {
		return false, WalletResult{}, fmt.Errorf("community store: create bounty topic: %w", err)
	}
	return created, res, nil
}
