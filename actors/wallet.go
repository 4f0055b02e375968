package actors

import (
	"context"
	"errors"
	"strconv"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"

	"souk/persistence"
)

// walletReplyCacheSize is how many recent operations a wallet grain answers
// from memory.
const walletReplyCacheSize = 128

// walletGrain is the one activation of a member's wallet: every operation
// of the member (op.UserID) runs here, one at a time, through
// WalletsStore.Apply. It holds no balance: the database is the ledger, and
// the grain only serializes the member's operations (so they do not race
// each other for the balance row) and answers a retried request from
// memory. Two activations during a partition are harmless: Apply is
// exactly-once per idempotency key and every debit is a conditional update.
//
// A transfer (a gift from payer to payee) is one operation of the payer,
// run by the payer's grain as ONE database transaction that debits the
// payer and credits the payee: both conditional updates commit or neither
// does. It is not a saga (debit in the payer's grain, then a credit message
// to the payee's grain, with a compensation when that fails) because the
// two accounts live in one database, where a transaction gives atomicity
// for free, while a saga would add an in-between state (money gone from
// one account, not yet in the other) that a crash must recover and an
// audit must explain. The payee's grain keeps no balance cache, so it has
// nothing to reconcile when its balance changes under it; member accounts
// are updated in (user_id, asset) order, so two crossing transfers never
// deadlock.
type walletGrain struct {
	env     *env
	userID  int64
	replies *replyCache[walletCached]
	idle    idleWatch
}

// walletCached is a reply kept by idempotency key, with the fingerprint of
// the operation it answered (a key reused for another operation must still
// be refused).
type walletCached struct {
	fingerprint string
	reply       *WalletReply
}

func newWalletGrain(e *env) *walletGrain {
	return &walletGrain{env: e, replies: newReplyCache[walletCached](walletReplyCacheSize)}
}

// Receive handles one message at a time.
func (g *walletGrain) Receive(ctx actor.Context) {
	if _, tick := ctx.Message().(idleTick); !tick {
		g.idle.touch()
	}
	switch msg := ctx.Message().(type) {
	case *pcluster.ClusterInit:
		g.userID, _ = strconv.ParseInt(msg.Identity.Identity, 10, 64)
		g.env.waitBound()
		g.idle.start(ctx, g.env.walletIdle)
	case idleTick:
		// Quiet for walletIdle: nothing here is lost by passivating.
		if g.idle.idle() {
			ctx.Poison(ctx.Self())
		}
	case *actor.Stopping:
		g.idle.stop()
	case *ApplyWalletOp:
		ctx.Respond(g.apply(msg))
	}
}

func (g *walletGrain) apply(msg *ApplyWalletOp) *WalletReply {
	op := walletOpFromProto(msg)
	if op.UserID != g.userID {
		return &WalletReply{Error: walletErrInvalid, ErrorMessage: "operation of member " +
			strconv.FormatInt(op.UserID, 10) + " sent to the wallet of " + strconv.FormatInt(g.userID, 10)}
	}
	fingerprint := op.Fingerprint()
	if prior, ok := g.replies.get(op.IdemKey); ok {
		if prior.fingerprint != fingerprint {
			return walletErrorReply(persistence.ErrIdemMismatch)
		}
		return &WalletReply{OpId: prior.reply.GetOpId(), Replayed: true, Members: prior.reply.GetMembers(),
			VipExpiresAt: prior.reply.GetVipExpiresAt()}
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	res, err := g.env.db.Wallets().Apply(ctx, op)
	if err != nil {
		if code := walletErrorCode(err); code == walletErrUnavailable || code == walletErrInvalid {
			g.env.log.Warn("wallet: apply", "user", g.userID, "idem_key", op.IdemKey, "error", err)
		}
		return walletErrorReply(err)
	}
	reply := &WalletReply{OpId: res.OpID, Replayed: res.Replayed, Members: res.Members, VipExpiresAt: res.VIPExpiresAt}
	g.replies.put(op.IdemKey, walletCached{fingerprint: fingerprint, reply: reply})
	return reply
}

// Error codes of WalletReply.error: the ledger's errors, which cross the
// wire as codes and are mapped back to the same values (walletReplyError).
const (
	walletErrInsufficient = "insufficient"
	walletErrIdemMismatch = "idem_mismatch"
	walletErrUnbalanced   = "unbalanced"
	walletErrNotFound     = "not_found"
	// walletErrInvalid is an operation that can never apply (no key, a zero
	// amount): a caller's bug.
	walletErrInvalid = "invalid"
	// walletErrUnavailable is any other failure (the database did not
	// answer in time): the operation may be retried with the same key.
	walletErrUnavailable = "unavailable"
)

// walletErrors maps the codes to the ledger's errors.
var walletErrors = map[string]error{
	walletErrInsufficient: persistence.ErrInsufficientFunds,
	walletErrIdemMismatch: persistence.ErrIdemMismatch,
	walletErrUnbalanced:   persistence.ErrUnbalanced,
	walletErrNotFound:     persistence.ErrNotFound,
	walletErrInvalid:      persistence.ErrInvalidOp,
}

func walletErrorCode(err error) string {
	for code, target := range walletErrors {
		if errors.Is(err, target) {
			return code
		}
	}
	return walletErrUnavailable
}

func walletErrorReply(err error) *WalletReply {
	return &WalletReply{Error: walletErrorCode(err), ErrorMessage: err.Error()}
}

// walletReplyError turns a reply's error code back into the ledger's error
// (errors.Is works on the result), keeping the grain's message.
func walletReplyError(r *WalletReply) error {
	code := r.GetError()
	if code == "" {
		return nil
	}
	if target, ok := walletErrors[code]; ok {
		return &walletError{target: target, msg: r.GetErrorMessage()}
	}
	return &walletError{target: ErrUnavailable, msg: r.GetErrorMessage()}
}

// walletError is a ledger error that crossed the wire: it is target (for
// errors.Is) and reads as the grain's message.
type walletError struct {
	target error
	msg    string
}

func (e *walletError) Error() string { return "actors: wallet: " + e.msg }
func (e *walletError) Unwrap() error { return e.target }

func walletOpFromProto(m *ApplyWalletOp) persistence.WalletOp {
	op := persistence.WalletOp{IdemKey: m.GetIdemKey(), UserID: m.GetUserId(), Reason: m.GetReason(),
		Ref: m.GetRef(), Memo: m.GetMemo(), At: m.GetAt()}
	for _, p := range m.GetPostings() {
		op.Postings = append(op.Postings, persistence.Posting{UserID: p.GetUserId(), Asset: p.GetAsset(), Amount: p.GetAmount()})
	}
	if ms := m.GetMembership(); ms != nil {
		op.Membership = &persistence.MembershipChange{UserID: ms.GetUserId(), VIPKey: ms.GetVipKey(),
			ExtendMillis: ms.GetExtendMillis()}
	}
	return op
}

func walletOpToProto(op persistence.WalletOp) *ApplyWalletOp {
	m := &ApplyWalletOp{IdemKey: op.IdemKey, UserId: op.UserID, Reason: op.Reason, Ref: op.Ref, Memo: op.Memo, At: op.At}
	for _, p := range op.Postings {
		m.Postings = append(m.Postings, &WalletPosting{UserId: p.UserID, Asset: p.Asset, Amount: p.Amount})
	}
	if ms := op.Membership; ms != nil {
		m.Membership = &WalletMembership{UserId: ms.UserID, VipKey: ms.VIPKey, ExtendMillis: ms.ExtendMillis}
	}
	return m
}
