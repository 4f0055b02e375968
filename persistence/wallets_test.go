package persistence

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newMember creates a member for the ledger tests.
func newMember(t *testing.T, db *DB, slug string) int64 {
	t.Helper()
	u := User{Name: slug, Slug: slug, LevelKey: "lv1"}
	require.NoError(t, db.Users().Create(t.Context(), &u))
	return u.ID
}

func topUp(key string, user int64, asset string, amount int64) WalletOp {
	return WalletOp{IdemKey: key, UserID: user, Reason: ReasonTopUp, Ref: key, Postings: []Posting{
		{UserID: AccountExternal, Asset: asset, Amount: -amount}, {UserID: user, Asset: asset, Amount: amount}}}
}

func purchase(key string, user int64, asset string, amount int64) WalletOp {
	return WalletOp{IdemKey: key, UserID: user, Reason: ReasonPurchase, Ref: "product:1", Postings: []Posting{
		{UserID: user, Asset: asset, Amount: -amount}, {UserID: AccountRevenue, Asset: asset, Amount: amount}}}
}

func gift(key string, from, to int64, asset string, amount int64) WalletOp {
	return WalletOp{IdemKey: key, UserID: from, Reason: ReasonGift, Memo: "for you", Postings: []Posting{
		{UserID: to, Asset: asset, Amount: amount}, {UserID: from, Asset: asset, Amount: -amount}}}
}

// requireClean audits the ledger and fails on any broken invariant.
func requireClean(t *testing.T, db *DB) LedgerAudit {
	t.Helper()
	a, err := db.Wallets().Audit(t.Context())
	require.NoError(t, err)
	require.True(t, a.Clean(), "audit: %+v", a)
	return a
}

func TestWalletsApply(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		w := db.Wallets()
		ana, bob := newMember(t, db, "ana"), newMember(t, db, "bob")

		res, err := w.Apply(ctx, topUp("topup:1", ana, "CNY", 10_000))
		require.NoError(t, err)
		assert.False(t, res.Replayed)
		assert.Equal(t, []int64{ana}, res.Members)
		_, err = w.Apply(ctx, topUp("topup:2", ana, AssetCredit, 500))
		require.NoError(t, err)

		_, err = w.Apply(ctx, purchase("buy:1", ana, "CNY", 1_230))
		require.NoError(t, err)
		res, err = w.Apply(ctx, gift("gift:1", ana, bob, AssetCredit, 200))
		require.NoError(t, err)
		assert.Equal(t, []int64{ana, bob}, res.Members, "ascending")

		balances, err := w.Balances(ctx, ana)
		require.NoError(t, err)
		assert.Equal(t, map[string]int64{"CNY": 8_770, AssetCredit: 300}, balances)
		balances, err = w.Balances(ctx, bob)
		require.NoError(t, err)
		assert.Equal(t, map[string]int64{AssetCredit: 200}, balances)
		balances, err = w.Balances(ctx, 424242)
		require.NoError(t, err)
		assert.Empty(t, balances)

		entries, err := w.Entries(ctx, ana, EntryFilter{})
		require.NoError(t, err)
		require.Len(t, entries, 4)
		assert.Equal(t, []int64{-200, -1_230, 500, 10_000},
			[]int64{entries[0].Amount, entries[1].Amount, entries[2].Amount, entries[3].Amount}, "newest first")
		assert.Equal(t, WalletEntry{ID: entries[0].ID, OpID: res.OpID, UserID: ana, Asset: AssetCredit, Amount: -200,
			BalanceAfter: 300, Reason: ReasonGift, Memo: "for you", PeerID: bob, CreatedAt: entries[0].CreatedAt}, entries[0])
		assert.Equal(t, int64(8_770), entries[1].BalanceAfter)
		assert.Zero(t, entries[1].PeerID, "a purchase has no peer")
		bobs, err := w.Entries(ctx, bob, EntryFilter{})
		require.NoError(t, err)
		require.Len(t, bobs, 1)
		assert.Equal(t, ana, bobs[0].PeerID)

		page, err := w.Entries(ctx, ana, EntryFilter{Limit: 2})
		require.NoError(t, err)
		require.Len(t, page, 2)
		page, err = w.Entries(ctx, ana, EntryFilter{Limit: 2, Before: page[1].ID})
		require.NoError(t, err)
		assert.Equal(t, entries[2:], page, "the cursor continues")
		credit, err := w.Entries(ctx, ana, EntryFilter{Asset: AssetCredit})
		require.NoError(t, err)
		assert.Len(t, credit, 2)
		topups, err := w.Entries(ctx, ana, EntryFilter{Reason: ReasonTopUp, Asset: "CNY"})
		require.NoError(t, err)
		require.Len(t, topups, 1)
		assert.Equal(t, int64(10_000), topups[0].Amount)

		a := requireClean(t, db)
		assert.Equal(t, int64(4), a.Ops)
		assert.Equal(t, map[string]int64{"CNY": 8_770, AssetCredit: 500}, a.MemberTotals)
		assert.Equal(t, map[int64]map[string]int64{
			AccountExternal: {"CNY": -10_000, AssetCredit: -500},
			AccountRevenue:  {"CNY": 1_230},
		}, a.SystemTotals)
	})
}

func TestWalletsApplyExactlyOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		w := db.Wallets()
		ana, bob := newMember(t, db, "ana"), newMember(t, db, "bob")
		first, err := w.Apply(ctx, topUp("topup:1", ana, "USD", 1_000))
		require.NoError(t, err)
		gave, err := w.Apply(ctx, gift("gift:1", ana, bob, "USD", 400))
		require.NoError(t, err)

		again, err := w.Apply(ctx, topUp("topup:1", ana, "USD", 1_000))
		require.NoError(t, err)
		assert.Equal(t, WalletResult{OpID: first.OpID, Replayed: true, Members: []int64{ana}}, again)
		again, err = w.Apply(ctx, gift("gift:1", ana, bob, "USD", 400))
		require.NoError(t, err)
		assert.Equal(t, WalletResult{OpID: gave.OpID, Replayed: true, Members: []int64{ana, bob}}, again)

		for name, op := range map[string]WalletOp{
			"amount": topUp("topup:1", ana, "USD", 1_001),
			"asset":  topUp("topup:1", ana, "EUR", 1_000),
			"member": topUp("topup:1", bob, "USD", 1_000),
			"reason": purchase("topup:1", ana, "USD", 1_000),
		} {
			_, err := w.Apply(ctx, op)
			require.ErrorIs(t, err, ErrIdemMismatch, name)
		}
		balances, err := w.Balances(ctx, ana)
		require.NoError(t, err)
		assert.Equal(t, map[string]int64{"USD": 600}, balances, "replays changed nothing")
		assert.Equal(t, int64(2), requireClean(t, db).Ops)
	})
}

func TestWalletsApplyRefusals(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		w := db.Wallets()
		ana, bob := newMember(t, db, "ana"), newMember(t, db, "bob")
		_, err := w.Apply(ctx, topUp("topup:1", ana, "CNY", 500))
		require.NoError(t, err)
		before := requireClean(t, db)

		// A debit of ana after bob's credit: bob's row is written first (the
		// member order), then ana's fails, and both must roll back.
		_, err = w.Apply(ctx, gift("gift:1", ana, bob, "CNY", 501))
		require.ErrorIs(t, err, ErrInsufficientFunds)
		_, err = w.Apply(ctx, purchase("buy:1", bob, "CNY", 1))
		require.ErrorIs(t, err, ErrInsufficientFunds, "no balance row yet")
		_, err = w.Apply(ctx, WalletOp{IdemKey: "vip:1", UserID: ana, Reason: ReasonMembership,
			Postings:   purchase("", ana, "CNY", 600).Postings,
			Membership: &MembershipChange{UserID: ana, VIPKey: "vip1", ExtendMillis: 1000}})
		require.ErrorIs(t, err, ErrInsufficientFunds)

		unbalanced := topUp("topup:2", ana, "CNY", 500)
		unbalanced.Postings[0].Amount = -499
		_, err = w.Apply(ctx, unbalanced)
		require.ErrorIs(t, err, ErrUnbalanced)
		mixed := topUp("topup:3", ana, "CNY", 500)
		mixed.Postings[0].Asset = "USD"
		_, err = w.Apply(ctx, mixed)
		require.ErrorIs(t, err, ErrUnbalanced, "sums per asset")
		_, err = w.Apply(ctx, WalletOp{IdemKey: "", UserID: ana, Postings: topUp("", ana, "CNY", 1).Postings})
		require.Error(t, err, "no key")

		after := requireClean(t, db)
		assert.Equal(t, before, after, "the ledger is unchanged")
		u, err := db.Users().Get(ctx, ana)
		require.NoError(t, err)
		assert.Empty(t, u.VIPKey, "the membership rolled back with the payment")
		entries, err := w.Entries(ctx, bob, EntryFilter{})
		require.NoError(t, err)
		assert.Empty(t, entries)

		// The failed key was not used: it applies once the funds are there.
		_, err = w.Apply(ctx, topUp("topup:4", ana, "CNY", 1))
		require.NoError(t, err)
		res, err := w.Apply(ctx, gift("gift:1", ana, bob, "CNY", 501))
		require.NoError(t, err)
		assert.False(t, res.Replayed)
		requireClean(t, db)
	})
}

func TestWalletsMembership(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		w := db.Wallets()
		ana := newMember(t, db, "ana")
		_, err := w.Apply(ctx, topUp("topup:1", ana, AssetCredit, 20_000))
		require.NoError(t, err)
		const day = int64(24 * time.Hour / time.Millisecond)
		now := Now()
		buy := func(key, tier string, at int64) WalletResult {
			t.Helper()
			op := purchase(key, ana, AssetCredit, 3_000)
			op.Reason, op.Ref, op.At = ReasonMembership, tier, at
			op.Membership = &MembershipChange{UserID: ana, VIPKey: tier, ExtendMillis: 30 * day}
			res, err := w.Apply(ctx, op)
			require.NoError(t, err)
			return res
		}
		vip := func() (string, int64) {
			u, err := db.Users().Get(ctx, ana)
			require.NoError(t, err)
			return u.VIPKey, u.VIPExpiresAt
		}

		res := buy("vip:1", "vip1", now)
		assert.Equal(t, now+30*day, res.VIPExpiresAt, "from now")
		key, end := vip()
		assert.Equal(t, "vip1", key)
		assert.Equal(t, now+30*day, end)

		res = buy("vip:2", "vip1", now+day)
		assert.Equal(t, now+60*day, res.VIPExpiresAt, "the same running tier extends from its end")
		replay := buy("vip:2", "vip1", now+2*day)
		assert.True(t, replay.Replayed)
		assert.Equal(t, now+60*day, replay.VIPExpiresAt, "a replay answers the first end")

		res = buy("vip:3", "vip2", now+2*day)
		assert.Equal(t, now+32*day, res.VIPExpiresAt, "another tier starts from now")
		res = buy("vip:4", "vip2", now+40*day)
		assert.Equal(t, now+70*day, res.VIPExpiresAt, "an ended tier starts from now")
		key, end = vip()
		assert.Equal(t, []any{"vip2", now + 70*day}, []any{key, end})

		_, err = w.Apply(ctx, WalletOp{IdemKey: "vip:5", UserID: 4242, Reason: ReasonMembership,
			Membership: &MembershipChange{UserID: 4242, VIPKey: "vip1", ExtendMillis: day}})
		require.ErrorIs(t, err, ErrNotFound)
		balances, err := w.Balances(ctx, ana)
		require.NoError(t, err)
		assert.Equal(t, int64(20_000-4*3_000), balances[AssetCredit])
		requireClean(t, db)
	})
}

// TestWalletsConcurrentPurchases races many purchases on one balance that
// covers only some of them: the balance never goes below zero and every
// applied purchase is in the ledger.
func TestWalletsConcurrentPurchases(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		w := db.Wallets()
		ana, bob := newMember(t, db, "ana"), newMember(t, db, "bob")
		_, err := w.Apply(ctx, topUp("topup:1", ana, "CNY", 1_000))
		require.NoError(t, err)
		const workers, each = 24, 5
		var applied, refused atomic.Int64
		var wg sync.WaitGroup
		for g := range workers {
			wg.Go(func() {
				for i := range each {
					key := fmt.Sprintf("buy:%d:%d", g, i)
					op := purchase(key, ana, "CNY", 30)
					if i%2 == 1 {
						op = gift(key, ana, bob, "CNY", 30)
					}
					_, err := w.Apply(ctx, op)
					switch {
					case err == nil:
						applied.Add(1)
					case assert.ErrorIs(t, err, ErrInsufficientFunds):
						refused.Add(1)
					}
				}
			})
		}
		wg.Wait()
		assert.Equal(t, int64(1_000/30), applied.Load(), "as many as the balance covers")
		assert.Equal(t, int64(workers*each)-applied.Load(), refused.Load())
		balances, err := w.Balances(ctx, ana)
		require.NoError(t, err)
		assert.Equal(t, int64(1_000%30), balances["CNY"])
		a := requireClean(t, db)
		assert.Equal(t, applied.Load()+1, a.Ops)
		assert.Equal(t, int64(1_000), a.MemberTotals["CNY"]+a.SystemTotals[AccountRevenue]["CNY"])
	})
}

// TestWalletsConcurrentSameKey races one operation under one key: it
// applies exactly once and every caller gets the same operation.
func TestWalletsConcurrentSameKey(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		w := db.Wallets()
		ana, bob := newMember(t, db, "ana"), newMember(t, db, "bob")
		_, err := w.Apply(ctx, topUp("topup:1", ana, "EUR", 1_000))
		require.NoError(t, err)
		const callers = 20
		results := make([]WalletResult, callers)
		var wg sync.WaitGroup
		for i := range callers {
			wg.Go(func() {
				res, err := w.Apply(ctx, gift("gift:same", ana, bob, "EUR", 700))
				assert.NoError(t, err)
				results[i] = res
			})
		}
		wg.Wait()
		fresh := 0
		for _, res := range results {
			assert.Equal(t, results[0].OpID, res.OpID)
			if !res.Replayed {
				fresh++
			}
		}
		assert.Equal(t, 1, fresh, "exactly one caller applied it")
		balances, err := w.Balances(ctx, bob)
		require.NoError(t, err)
		assert.Equal(t, int64(700), balances["EUR"])
		assert.Equal(t, int64(2), requireClean(t, db).Ops)
	})
}

// TestWalletsCrossingTransfers races transfers both ways between two
// members: the fixed update order keeps them from deadlocking, and no cent
// is lost or doubled.
func TestWalletsCrossingTransfers(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		w := db.Wallets()
		ana, bob := newMember(t, db, "ana"), newMember(t, db, "bob")
		_, err := w.Apply(ctx, topUp("topup:1", ana, "USD", 500))
		require.NoError(t, err)
		_, err = w.Apply(ctx, topUp("topup:2", bob, "USD", 500))
		require.NoError(t, err)
		var wg sync.WaitGroup
		for g := range 20 {
			wg.Go(func() {
				from, to := ana, bob
				if g%2 == 1 {
					from, to = bob, ana
				}
				for i := range 5 {
					_, err := w.Apply(ctx, gift(fmt.Sprintf("gift:%d:%d", g, i), from, to, "USD", 7))
					if err != nil {
						assert.ErrorIs(t, err, ErrInsufficientFunds)
					}
				}
			})
		}
		wg.Wait()
		a := requireClean(t, db)
		assert.Equal(t, int64(1_000), a.MemberTotals["USD"])
	})
}
