package persistence

import (
	"database/sql"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func testCoupon(code string, owner int64) Coupon {
	return Coupon{Code: code, OwnerID: owner, Names: map[string]string{"en": "Ten off"}, Type: CouponCash,
		FaceCurrency: "CNY", FaceValue: 1000, MinSpend: 5000, AllowPush: true, CreatedAt: 100, RedeemType: "none",
		UseRestrict: "none", RestrictedType: "other", Descriptions: map[string]string{"en": "for all"}}
}

func TestCouponsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Coupons()
		ann, bob := newMember(t, db, "ann"), newMember(t, db, "bob")
		_, err := s.Get(ctx, "NOPE")
		require.ErrorIs(t, err, ErrNotFound)

		c := testCoupon("AAA", ann)
		c.RestrictUsers, c.RestrictLevels, c.RestrictedProducts = []int64{ann}, []string{"lv2"}, []int64{7}
		require.NoError(t, s.Insert(ctx, []Coupon{c}))
		got, err := s.Get(ctx, "AAA")
		require.NoError(t, err)
		assert.Equal(t, c, got)
		assert.Equal(t, CouponUnused, got.Status(200))
		require.ErrorIs(t, s.Insert(ctx, []Coupon{testCoupon("BBB", ann), testCoupon("AAA", bob)}), ErrConflict)
		_, err = s.Get(ctx, "BBB")
		require.ErrorIs(t, err, ErrNotFound, "a batch is written whole or not at all")

		expired := testCoupon("OLD", ann)
		expired.ExpiredAt, expired.CreatedAt = 150, 101
		invalid := testCoupon("BAD", ann)
		invalid.Type, invalid.CreatedAt = "", 102
		require.NoError(t, s.Insert(ctx, []Coupon{expired, invalid}))
		assert.Equal(t, CouponExpired, expired.Status(200))
		assert.Equal(t, CouponInvalid, invalid.Status(200))

		list := func(status string, after CouponCursor, limit int) []string {
			l, err := s.ListByOwner(ctx, ann, status, 200, after, limit)
			require.NoError(t, err)
			codes := []string{}
			for _, c := range l {
				codes = append(codes, c.Code)
			}
			return codes
		}
		assert.Equal(t, []string{"BAD", "OLD", "AAA"}, list("", CouponCursor{}, 10))
		assert.Equal(t, []string{"OLD"}, list("", CouponCursor{CreatedAt: 102, Code: "BAD"}, 1))
		assert.Equal(t, []string{"AAA"}, list(CouponUnused, CouponCursor{}, 10))
		assert.Equal(t, []string{"OLD"}, list(CouponExpired, CouponCursor{}, 10))
		assert.Empty(t, list(CouponUsed, CouponCursor{}, 10))

		// Use and release inside a transaction, as a checkout does.
		inTx := func(fn func(tx *sql.Tx) error) error { return db.tx(ctx, fn) }
		require.ErrorIs(t, inTx(func(tx *sql.Tx) error { return useCouponTx(ctx, tx, "AAA", bob, 9, 200) }), ErrConflict,
			"not bob's")
		require.ErrorIs(t, inTx(func(tx *sql.Tx) error { return useCouponTx(ctx, tx, "OLD", ann, 9, 200) }), ErrConflict,
			"expired")
		require.ErrorIs(t, inTx(func(tx *sql.Tx) error { return useCouponTx(ctx, tx, "BAD", ann, 9, 200) }), ErrConflict,
			"invalid")
		require.NoError(t, inTx(func(tx *sql.Tx) error { return useCouponTx(ctx, tx, "AAA", ann, 9, 200) }))
		require.NoError(t, inTx(func(tx *sql.Tx) error { return useCouponTx(ctx, tx, "AAA", ann, 9, 300) }),
			"a rerun for the same order")
		require.ErrorIs(t, inTx(func(tx *sql.Tx) error { return useCouponTx(ctx, tx, "AAA", ann, 10, 300) }),
			ErrConflict, "another order")
		got, err = s.Get(ctx, "AAA")
		require.NoError(t, err)
		assert.Equal(t, CouponUsed, got.Status(400))
		assert.Equal(t, int64(9), got.UsedOrderID)
		assert.Equal(t, int64(200), got.UsedAt)
		assert.Equal(t, []string{"AAA"}, list(CouponUsed, CouponCursor{}, 10))
		require.NoError(t, inTx(func(tx *sql.Tx) error { return releaseCouponTx(ctx, tx, "AAA", 10) }))
		got, _ = s.Get(ctx, "AAA")
		assert.Equal(t, CouponUsed, got.Status(400), "another order's release leaves it")
		require.NoError(t, inTx(func(tx *sql.Tx) error { return releaseCouponTx(ctx, tx, "AAA", 9) }))
		got, _ = s.Get(ctx, "AAA")
		assert.Equal(t, CouponUnused, got.Status(400))
		assert.Zero(t, got.UsedOrderID)
		// A use rolled back with its transaction.
		require.Error(t, inTx(func(tx *sql.Tx) error {
			require.NoError(t, useCouponTx(ctx, tx, "AAA", ann, 11, 200))
			return fmt.Errorf("order failed")
		}))
		got, _ = s.Get(ctx, "AAA")
		assert.Equal(t, CouponUnused, got.Status(400))

		// Upsert keeps owner and use.
		c.Names = map[string]string{"en": "Renamed"}
		c.OwnerID = bob
		require.NoError(t, s.Upsert(ctx, c))
		got, _ = s.Get(ctx, "AAA")
		assert.Equal(t, "Renamed", got.Names["en"])
		assert.Equal(t, ann, got.OwnerID)
	})
}

func TestCouponPushAndGrant(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Coupons()
		ann, bob, cat := newMember(t, db, "ann"), newMember(t, db, "bob"), newMember(t, db, "cat")
		locked := testCoupon("LOCKED", ann)
		locked.AllowPush = false
		require.NoError(t, s.Insert(ctx, []Coupon{testCoupon("GIFT", ann), locked}))

		_, err := s.Push(ctx, "LOCKED", ann, bob, 200)
		require.ErrorIs(t, err, ErrConflict)
		_, err = s.Push(ctx, "GIFT", ann, ann, 200)
		require.ErrorIs(t, err, ErrConflict, "to oneself")
		_, err = s.Push(ctx, "GIFT", bob, cat, 200)
		require.ErrorIs(t, err, ErrConflict, "not bob's")
		_, err = s.Push(ctx, "NONE", ann, bob, 200)
		require.ErrorIs(t, err, ErrNotFound)

		// Two gifts of the same coupon at once: it moves exactly once.
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, to := range []int64{bob, cat} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.Push(ctx, "GIFT", ann, to, 200)
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else {
				require.ErrorIs(t, err, ErrConflict)
			}
		}
		assert.Equal(t, 1, ok, "exactly one gift: %v", errs)
		got, err := s.Get(ctx, "GIFT")
		require.NoError(t, err)
		assert.Contains(t, []int64{bob, cat}, got.OwnerID)
		assert.Equal(t, ann, got.PushedFrom)

		// Register templates are granted once per member.
		tpl := testCoupon("REG", 0)
		tpl.Type = CouponRegister
		old := testCoupon("REGOLD", 0)
		old.Type, old.ExpiredAt = CouponRegister, 150
		require.NoError(t, s.Insert(ctx, []Coupon{tpl, old}))
		templates, err := s.Templates(ctx, 200)
		require.NoError(t, err)
		require.Len(t, templates, 1)
		n := 0
		codeOf := func(Coupon) string { n++; return fmt.Sprintf("G%d", n) }
		granted, err := s.Grant(ctx, bob, templates, codeOf, 300)
		require.NoError(t, err)
		require.Len(t, granted, 1)
		assert.Equal(t, bob, granted[0].OwnerID)
		assert.Equal(t, "REG", granted[0].Template)
		mineT, err := s.GrantedTemplates(ctx, bob)
		require.NoError(t, err)
		assert.Equal(t, []string{"REG"}, mineT)
		again, err := s.Grant(ctx, bob, templates, codeOf, 300)
		require.NoError(t, err)
		assert.Empty(t, again, "once per member")
		mine, err := s.ListByOwner(ctx, bob, "", 300, CouponCursor{}, 10)
		require.NoError(t, err)
		assert.Len(t, mine, 1+boolInt(got.OwnerID == bob))
		_, err = s.Push(ctx, "REG", 0, bob, 200)
		require.ErrorIs(t, err, ErrConflict, "a template is nobody's")
		require.ErrorIs(t, db.tx(ctx, func(tx *sql.Tx) error { return useCouponTx(ctx, tx, "REG", 0, 1, 200) }), ErrConflict)
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestCouponRedeem(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Coupons()
		ann, bob := newMember(t, db, "ann"), newMember(t, db, "bob")
		c := testCoupon("EX", ann)
		c.Type, c.RedeemType, c.RedeemAsset, c.RedeemAmount = CouponExchange, "credit", AssetCredit, 120
		require.NoError(t, s.Insert(ctx, []Coupon{c}))
		op := func(user int64) *WalletOp {
			return &WalletOp{IdemKey: CouponRedeemKey("EX"), UserID: user, Reason: ReasonCoupon, Ref: "EX",
				Postings: []Posting{{UserID: AccountRevenue, Asset: AssetCredit, Amount: -120},
					{UserID: user, Asset: AssetCredit, Amount: 120}}}
		}
		_, _, err := s.Redeem(ctx, "EX", bob, 200, op(bob), nil)
		require.ErrorIs(t, err, ErrConflict, "not bob's")
		bal, err := db.Wallets().Balances(ctx, bob)
		require.NoError(t, err)
		assert.Zero(t, bal[AssetCredit], "nothing paid")

		got, res, err := s.Redeem(ctx, "EX", ann, 200, op(ann), nil)
		require.NoError(t, err)
		assert.False(t, res.Replayed)
		assert.Equal(t, CouponUsed, got.Status(300))
		got, res, err = s.Redeem(ctx, "EX", ann, 300, op(ann), nil)
		require.NoError(t, err, "a retry answers the same")
		assert.True(t, res.Replayed)
		assert.Equal(t, int64(200), got.UsedAt)
		bal, err = db.Wallets().Balances(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, int64(120), bal[AssetCredit], "paid once")

		lvl := testCoupon("LV", ann)
		lvl.Type, lvl.RedeemType, lvl.RedeemLevel = CouponExchange, "level", "lv2"
		require.NoError(t, s.Insert(ctx, []Coupon{lvl}))
		got, _, err = s.Redeem(ctx, "LV", ann, 200, nil, &CouponLevel{Key: "lv2", MinPoints: 300})
		require.NoError(t, err)
		assert.Equal(t, CouponUsed, got.Status(300))
		u, err := db.Users().Get(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, "lv2", u.LevelKey)
		points, err := db.Growth().Points(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, int64(300), points)
		_, _, err = s.Redeem(ctx, "LV", ann, 200, nil, &CouponLevel{Key: "lv3", MinPoints: 900})
		require.ErrorIs(t, err, ErrConflict)
		u, _ = db.Users().Get(ctx, ann)
		assert.Equal(t, "lv2", u.LevelKey, "nothing half-written")
	})
}
