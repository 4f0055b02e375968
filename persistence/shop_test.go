package persistence

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shopUser creates a member for the shop tests.
func shopUser(t *testing.T, db *DB, slug string) int64 {
	t.Helper()
	u := User{Name: slug, Slug: slug, LevelKey: "lv1"}
	require.NoError(t, db.Users().Create(t.Context(), &u))
	return u.ID
}

func shopFund(t *testing.T, db *DB, userID int64, asset string, amount int64) {
	t.Helper()
	_, err := db.Wallets().Apply(t.Context(), WalletOp{IdemKey: fmt.Sprintf("fund:%d", db.NewID()), UserID: userID,
		Reason: ReasonAdjust, Postings: []Posting{{UserID: AccountExternal, Asset: asset, Amount: -amount},
			{UserID: userID, Asset: asset, Amount: amount}}})
	require.NoError(t, err)
}

func testOrder(db *DB, userID int64, clientID string, p Product, qty int64, status string) Order {
	v := p.Variants[0]
	return Order{ID: db.NewID(), UserID: userID, ClientID: clientID, Status: status, Currency: "USD",
		Subtotal: v.Prices["USD"] * qty, Total: v.Prices["USD"] * qty, Payment: "money", CreatedAt: Now(),
		ExpiresAt: Now() + 60_000, Lines: []OrderLine{{VariantID: v.ID, ProductID: p.ID, Kind: p.Kind, Titles: p.Titles,
			Quantity: qty, UnitPrice: v.Prices["USD"], LineTotal: v.Prices["USD"] * qty, DigitalType: p.DigitalType}}}
}

func payOp(o Order) *WalletOp {
	return &WalletOp{IdemKey: OrderKey(o.ID), UserID: o.UserID, Reason: ReasonPurchase, Ref: fmt.Sprintf("order:%d", o.ID),
		Postings: []Posting{{UserID: o.UserID, Asset: o.Currency, Amount: -o.Total},
			{UserID: AccountRevenue, Asset: o.Currency, Amount: o.Total}}}
}

func TestShopStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Shop()
		tag := ArticleTerm{Kind: TermShopTag, Slug: "gift", Names: map[string]string{"en": "Gift"}}
		require.NoError(t, db.Articles().UpsertTerm(ctx, &tag))
		p := Product{Slug: "card", Titles: map[string]string{"en": "Card"}, Kind: ProductDigital, DigitalType: DigitalCode,
			TagIDs: []int64{tag.ID}, Variants: []ProductVariant{{Prices: map[string]int64{"USD": 500}}}}
		require.NoError(t, s.SaveProduct(ctx, &p, []string{"C1", "C2", "C3"}))
		got, err := s.Product(ctx, p.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(3), got.Variants[0].Stock, "a code product's stock is its free codes")
		assert.Equal(t, []int64{tag.ID}, got.TagIDs)
		list, err := s.Products(ctx, ProductFilter{TagID: tag.ID})
		require.NoError(t, err)
		require.Len(t, list, 1)

		// Seeding with fixed ids writes once.
		seed := Product{ID: 77, Slug: "seed", Titles: map[string]string{"en": "Seed"}, Kind: ProductPhysical,
			Variants: []ProductVariant{{ID: 7701, Prices: map[string]int64{"USD": 100}, Stock: 4}}}
		created, err := s.SeedProduct(ctx, &seed, nil)
		require.NoError(t, err)
		assert.True(t, created)
		seed.Variants[0].Stock = 99
		created, err = s.SeedProduct(ctx, &seed, nil)
		require.NoError(t, err)
		assert.False(t, created)
		vs, err := s.Variants(ctx, []int64{7701})
		require.NoError(t, err)
		assert.Equal(t, int64(4), vs[7701].Stock)

		// Stock can never go below zero.
		_, err = db.write.ExecContext(ctx, `UPDATE product_variants SET stock = -1 WHERE id = 7701`)
		require.Error(t, err)

		buyer := shopUser(t, db, "buyer")
		shopFund(t, db, buyer, "USD", 3000)
		// Too many: nothing written, not even the payment.
		o := testOrder(db, buyer, "client-1", got, 4, OrderPaid)
		_, err = s.PlaceOrder(ctx, &o, payOp(o))
		require.ErrorIs(t, err, ErrOutOfStock)
		b, err := db.Wallets().Balances(ctx, buyer)
		require.NoError(t, err)
		assert.Equal(t, int64(3000), b["USD"])
		_, err = s.OrderByClient(ctx, buyer, "client-1")
		require.ErrorIs(t, err, ErrNotFound)
		// Too poor: nothing written, no stock taken.
		o = testOrder(db, buyer, "client-1", got, 3, OrderPaid)
		o.Total = 5000
		o.Lines[0].LineTotal = 5000
		_, err = s.PlaceOrder(ctx, &o, payOp(o))
		require.ErrorIs(t, err, ErrInsufficientFunds)
		vs, err = s.Variants(ctx, []int64{got.Variants[0].ID})
		require.NoError(t, err)
		assert.Equal(t, int64(3), vs[got.Variants[0].ID].Stock)

		o = testOrder(db, buyer, "client-1", got, 2, OrderPaid)
		_, err = s.PlaceOrder(ctx, &o, payOp(o))
		require.NoError(t, err)
		stored, err := s.Order(ctx, o.ID)
		require.NoError(t, err)
		assert.Equal(t, []string{"C1", "C2"}, stored.Codes)
		assert.Equal(t, OrderPaid, stored.History[0].Status)
		dup := testOrder(db, buyer, "client-1", got, 1, OrderPaid)
		_, err = s.PlaceOrder(ctx, &dup, payOp(dup))
		require.ErrorIs(t, err, ErrOrderExists)

		// A pending order: paid once; a second payment under another ref is refused.
		pend := testOrder(db, buyer, "client-2", got, 1, OrderPending)
		_, err = s.PlaceOrder(ctx, &pend, nil)
		require.NoError(t, err)
		op := *payOp(pend)
		paid, res, err := s.PayOrder(ctx, pend.ID, "money", 0, op)
		require.NoError(t, err)
		assert.Equal(t, OrderPaid, paid.Status)
		assert.False(t, res.Replayed)
		_, res, err = s.PayOrder(ctx, pend.ID, "money", 0, op)
		require.NoError(t, err)
		assert.True(t, res.Replayed)
		other := op
		other.Ref = "payment:1"
		_, _, err = s.PayOrder(ctx, pend.ID, "qrcode", 1, other)
		require.ErrorIs(t, err, ErrIdemMismatch)
		_, err = s.ReleaseOrder(ctx, pend.ID, buyer, OrderCancelled, Now())
		require.ErrorIs(t, err, ErrOrderState)

		// Released orders give their stock and codes back, once.
		seedP, err := s.Product(ctx, 77)
		require.NoError(t, err)
		r1 := testOrder(db, buyer, "client-3", seedP, 2, OrderPending)
		r1.ExpiresAt = Now() - 1
		_, err = s.PlaceOrder(ctx, &r1, nil)
		require.NoError(t, err)
		due, err := s.DueOrders(ctx, Now(), 10)
		require.NoError(t, err)
		assert.Equal(t, []int64{r1.ID}, due)
		_, err = s.ReleaseOrder(ctx, r1.ID, shopUser(t, db, "stranger"), OrderCancelled, Now())
		require.ErrorIs(t, err, ErrNotFound)
		_, err = s.ReleaseOrder(ctx, r1.ID, 0, OrderExpired, Now())
		require.NoError(t, err)
		_, err = s.ReleaseOrder(ctx, r1.ID, 0, OrderExpired, Now())
		require.ErrorIs(t, err, ErrOrderState)
		vs, err = s.Variants(ctx, []int64{7701})
		require.NoError(t, err)
		assert.Equal(t, int64(4), vs[7701].Stock)

		orders, err := s.Orders(ctx, buyer, "", 0, 10)
		require.NoError(t, err)
		assert.Len(t, orders, 3)
		audit, err := db.Wallets().Audit(ctx)
		require.NoError(t, err)
		assert.True(t, audit.Clean())
	})
}

// TestShopStoreNeverOversells races 20 checkouts for 5 items.
func TestShopStoreNeverOversells(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		p := Product{Slug: "rare", Titles: map[string]string{"en": "Rare"}, Kind: ProductPhysical,
			Variants: []ProductVariant{{Prices: map[string]int64{"USD": 100}, Stock: 5}}}
		require.NoError(t, db.Shop().SaveProduct(ctx, &p, nil))
		var ok atomic.Int64
		var wg sync.WaitGroup
		for i := range 20 {
			buyer := shopUser(t, db, fmt.Sprintf("racer%d", i))
			shopFund(t, db, buyer, "USD", 100)
			wg.Go(func() {
				o := testOrder(db, buyer, "race", p, 1, OrderPaid)
				_, err := db.Shop().PlaceOrder(ctx, &o, payOp(o))
				if err == nil {
					ok.Add(1)
				} else {
					assert.ErrorIs(t, err, ErrOutOfStock)
				}
			})
		}
		wg.Wait()
		assert.Equal(t, int64(5), ok.Load())
		got, err := db.Shop().Product(ctx, p.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(0), got.Variants[0].Stock)
		assert.Equal(t, int64(5), got.Sold)
	})
}
