package wallet

import (
	"context"

	"souk/persistence"
)

// Apply runs a ledger operation another feature builds (a purchase of
// gated content, a bounty's escrow, a paid join) through the wallet
// grains, exactly once per its idempotency key, and pushes the balances
// to every member it touched, as this package's own operations do. The
// feature owns the operation's rules and refusals.
func (s *Service) Apply(ctx context.Context, op persistence.WalletOp) (persistence.WalletResult, error) {
	res, err := s.ledger.Apply(ctx, op)
	if err != nil {
		return res, err
	}
	s.changed(ctx, res, "")
	return res, nil
}

// Changed pushes the balances to every member an operation another
// feature applied without the grains touched (a bounty's escrow, written
// with its topic in one transaction), as Apply does after its own.
func (s *Service) Changed(ctx context.Context, res persistence.WalletResult) {
	s.changed(ctx, res, "")
}
