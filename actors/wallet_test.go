package actors

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/cluster"
	"souk/persistence"
)

func walletTopUp(key string, user int64, amount int64) persistence.WalletOp {
	return persistence.WalletOp{IdemKey: key, UserID: user, Reason: persistence.ReasonTopUp, Ref: key,
		Postings: []persistence.Posting{
			{UserID: persistence.AccountExternal, Asset: "CNY", Amount: -amount},
			{UserID: user, Asset: "CNY", Amount: amount}}}
}

func walletGift(key string, from, to int64, amount int64) persistence.WalletOp {
	return persistence.WalletOp{IdemKey: key, UserID: from, Reason: persistence.ReasonGift,
		Postings: []persistence.Posting{
			{UserID: from, Asset: "CNY", Amount: -amount},
			{UserID: to, Asset: "CNY", Amount: amount}}}
}

func balance(t *testing.T, db *persistence.DB, user int64) int64 {
	t.Helper()
	b, err := db.Wallets().Balances(t.Context(), user)
	require.NoError(t, err)
	return b["CNY"]
}

// TestWalletGrain applies operations through the grains: results, replays
// and the ledger's errors, mapped back across the wire.
func TestWalletGrain(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	w := sys.Wallets()
	ctx := t.Context()
	ann, bob := member(t, db, "ann").GetId(), member(t, db, "bob").GetId()

	res, err := w.Apply(ctx, walletTopUp("topup:1", ann, 1_000))
	require.NoError(t, err)
	assert.False(t, res.Replayed)
	assert.Equal(t, []int64{ann}, res.Members)
	gift, err := w.Apply(ctx, walletGift("gift:1", ann, bob, 300))
	require.NoError(t, err)
	assert.ElementsMatch(t, []int64{ann, bob}, gift.Members)
	assert.Equal(t, []int64{700, 300}, []int64{balance(t, db, ann), balance(t, db, bob)})

	again, err := w.Apply(ctx, walletGift("gift:1", ann, bob, 300))
	require.NoError(t, err, "a retried operation is answered with the first result")
	assert.True(t, again.Replayed)
	assert.Equal(t, gift.OpID, again.OpID)

	vip := walletGift("vip:1", ann, 0, 100)
	vip.Postings[1].UserID = persistence.AccountRevenue
	vip.Reason, vip.Ref = persistence.ReasonMembership, "vip1"
	vip.Membership = &persistence.MembershipChange{UserID: ann, VIPKey: "vip1", ExtendMillis: 60_000}
	res, err = w.Apply(ctx, vip)
	require.NoError(t, err)
	assert.Greater(t, res.VIPExpiresAt, persistence.Now())

	for name, tt := range map[string]struct {
		op   persistence.WalletOp
		want error
	}{
		"insufficient":            {walletGift("gift:2", ann, bob, 601), persistence.ErrInsufficientFunds},
		"mismatch (cached reply)": {walletGift("gift:1", ann, bob, 301), persistence.ErrIdemMismatch},
		"mismatch (stored op)":    {walletTopUp("topup:1", ann, 2_000), persistence.ErrIdemMismatch},
		"unbalanced": {func() persistence.WalletOp {
			op := walletGift("gift:3", ann, bob, 10)
			op.Postings[1].Amount = 9
			return op
		}(), persistence.ErrUnbalanced},
		"no member": {persistence.WalletOp{IdemKey: "vip:2", UserID: ann, Reason: persistence.ReasonMembership,
			Membership: &persistence.MembershipChange{UserID: 4242, VIPKey: "vip1", ExtendMillis: 1}}, persistence.ErrNotFound},
		"invalid":   {persistence.WalletOp{IdemKey: "", UserID: ann, Postings: walletGift("", ann, bob, 1).Postings}, persistence.ErrInvalidOp},
		"no wallet": {persistence.WalletOp{IdemKey: "x:1"}, persistence.ErrInvalidOp},
	} {
		_, err := w.Apply(ctx, tt.op)
		require.ErrorIs(t, err, tt.want, name)
	}
	assert.Equal(t, []int64{600, 300}, []int64{balance(t, db, ann), balance(t, db, bob)}, "refusals changed nothing")
	audit, err := db.Wallets().Audit(ctx)
	require.NoError(t, err)
	assert.True(t, audit.Clean(), "%+v", audit)
	assert.Equal(t, int64(3), audit.Ops)
}

// TestWalletGrainDuplicateRequests sends one operation many times at once,
// as protoactor's retries and a caller's own retry do: it applies once,
// and every answer names the same operation.
func TestWalletGrainDuplicateRequests(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ctx := t.Context()
	ann, bob := member(t, db, "ann").GetId(), member(t, db, "bob").GetId()
	_, err := sys.Wallets().Apply(ctx, walletTopUp("topup:1", ann, 1_000))
	require.NoError(t, err)

	op := walletGift("gift:1", ann, bob, 250)
	op.At = persistence.Now()
	const callers = 16
	replies := make([]*WalletReply, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() {
			// The raw request, as a re-delivery reaches the grain.
			res, err := sys.env.request(ctx, walletKind, walletIdentity(ann), walletOpToProto(op))
			if assert.NoError(t, err) {
				replies[i], _ = res.(*WalletReply)
			}
		})
	}
	wg.Wait()
	fresh := 0
	for _, r := range replies {
		require.NotNil(t, r)
		require.Empty(t, r.GetError())
		assert.Equal(t, replies[0].GetOpId(), r.GetOpId())
		if !r.GetReplayed() {
			fresh++
		}
	}
	assert.Equal(t, 1, fresh, "applied once")
	assert.Equal(t, []int64{750, 250}, []int64{balance(t, db, ann), balance(t, db, bob)})
}

// TestWalletGrainPassivates: an idle wallet grain stops, and its next
// activation still answers a retried operation from the ledger.
func TestWalletGrainPassivates(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"}, WithWalletIdle(50*time.Millisecond))
	ctx := t.Context()
	ann := member(t, db, "ann").GetId()
	first, err := sys.Wallets().Apply(ctx, walletTopUp("topup:1", ann, 500))
	require.NoError(t, err)
	require.Equal(t, 1, sys.WalletActivations())
	require.Eventually(t, func() bool { return sys.WalletActivations() == 0 }, 5*time.Second, 10*time.Millisecond)

	again, err := sys.Wallets().Apply(ctx, walletTopUp("topup:1", ann, 500))
	require.NoError(t, err)
	assert.Equal(t, persistence.WalletResult{OpID: first.OpID, Replayed: true, Members: []int64{ann}}, again)
	_, err = sys.Wallets().Apply(ctx, walletTopUp("topup:1", ann, 501))
	require.ErrorIs(t, err, persistence.ErrIdemMismatch)
	assert.Equal(t, int64(500), balance(t, db, ann))
}
