package actors

import (
	"context"
	"fmt"
	"strconv"

	"souk/persistence"
)

// Wallets calls the wallet grains: one per member, through which every
// operation of that member runs (see walletGrain). It is safe for
// concurrent use.
type Wallets struct{ env *env }

// Apply runs op in the wallet grain of op.UserID: exactly once per
// op.IdemKey, however often it is retried or wherever the grain moves.
// Errors are the ledger's (persistence.ErrInsufficientFunds,
// ErrIdemMismatch, ErrUnbalanced, ErrNotFound, ErrInvalidOp: errors.Is
// works) or the cluster's (ErrUnavailable: retry with the same key).
func (w *Wallets) Apply(ctx context.Context, op persistence.WalletOp) (persistence.WalletResult, error) {
	if op.UserID <= 0 {
		return persistence.WalletResult{}, fmt.Errorf("actors: wallet: %w: operation of no member", persistence.ErrInvalidOp)
	}
	if op.At == 0 {
		// Fixed here, so that a retry reaching a new activation applies
		// the operation at the same time.
		op.At = persistence.Now()
	}
	res, err := w.env.request(ctx, walletKind, walletIdentity(op.UserID), walletOpToProto(op))
	if err != nil {
		return persistence.WalletResult{}, err
	}
	reply, ok := res.(*WalletReply)
	if !ok {
		return persistence.WalletResult{}, fmt.Errorf("%w: unexpected reply %T", ErrUnavailable, res)
	}
	if err := walletReplyError(reply); err != nil {
		return persistence.WalletResult{}, err
	}
	return persistence.WalletResult{OpID: reply.GetOpId(), Replayed: reply.GetReplayed(),
		Members: reply.GetMembers(), VIPExpiresAt: reply.GetVipExpiresAt()}, nil
}

// walletIdentity is the identity of a member's wallet grain: the member id.
func walletIdentity(userID int64) string { return strconv.FormatInt(userID, 10) }

// WalletActivations counts the wallet grains active on this node.
func (s *System) WalletActivations() int { return s.env.node.Activations(walletKind) }
