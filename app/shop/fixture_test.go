package shop_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/notify"
	"souk/app/shop"
	"souk/app/wallet"
	"souk/persistence"
)

var testSecret = []byte("shop-test-secret-shop-test-secret-shop")

// fixture is a shop on a fresh database with three currencies, growth
// levels lv1..lv3, VIP tiers vip1 and vip2, a wallet service whose sandbox
// payments the test confirms with signed callbacks, and members.
type fixture struct {
	t        *testing.T
	db       *persistence.DB
	s        *shop.Service
	wallet   *wallet.Service
	sessions *apptest.Sessions
	live     *apptest.LiveRecorder
	clock    *apptest.Clock
	admin    int64
	buyer    int64
	other    int64
	vip      int64
}

func newFixture(t *testing.T, db *persistence.DB) *fixture {
	ctx := t.Context()
	for i, c := range []persistence.Currency{
		{Code: "CNY", SymbolISO: "RMB", Symbol: "¥", Decimals: 2},
		{Code: "USD", SymbolISO: "USD", Symbol: "$", Decimals: 2},
		{Code: "EUR", SymbolISO: "EUR", Symbol: "€", Decimals: 2},
	} {
		c.Position = i
		require.NoError(t, db.Currencies().Upsert(ctx, c))
	}
	for i, key := range []string{"lv1", "lv2", "lv3"} {
		require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindGrowth, Key: key,
			Names: map[string]string{"en": key}, Rank: i + 1}))
	}
	for i, key := range []string{"vip1", "vip2"} {
		require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindVIP, Key: key,
			Names: map[string]string{"en": strings.ToUpper(key)}, Rank: i + 1, DurationDays: 30}))
	}
	f := &fixture{t: t, db: db, sessions: &apptest.Sessions{}, live: &apptest.LiveRecorder{}, clock: apptest.NewClock(time.Now())}
	f.wallet = wallet.New(wallet.Config{DB: db, Secret: testSecret, PublicURL: "https://souk.test"})
	f.s = shop.New(shop.Config{DB: db, Payments: f.wallet, Balances: f.wallet, Sessions: f.sessions,
		Notify: notify.New(notify.Config{DB: db}), Live: f.live, Now: f.clock.Now})
	f.wallet.SetOrders(f.s)
	f.admin = apptest.Member(t, db, "admin")
	f.buyer = apptest.Member(t, db, "buyer")
	f.other = apptest.Member(t, db, "other")
	f.vip = apptest.Member(t, db, "vip")
	u, err := db.Users().Get(ctx, f.vip)
	require.NoError(t, err)
	u.VIPKey, u.LevelKey = "vip2", "lv3"
	require.NoError(t, db.Users().Update(ctx, u))
	return f
}

// as is a request context of the member in English, prices in cur.
func as(userID int64, cur string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en", Currency: cur,
		Viewer: action.Viewer{UserID: userID}})
}

func asAdmin(userID int64) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en", Currency: "USD",
		Viewer: action.Viewer{UserID: userID, IsAdmin: true}})
}

// fund credits the member amount (minor units) of asset from outside.
func (f *fixture) fund(userID int64, asset string, amount int64) {
	f.t.Helper()
	_, err := f.db.Wallets().Apply(f.t.Context(), persistence.WalletOp{IdemKey: "fund:" + strconv.FormatInt(f.db.NewID(), 10),
		UserID: userID, Reason: persistence.ReasonAdjust, Postings: []persistence.Posting{
			{UserID: persistence.AccountExternal, Asset: asset, Amount: -amount},
			{UserID: userID, Asset: asset, Amount: amount}}})
	require.NoError(f.t, err)
}

func (f *fixture) balance(userID int64, asset string) int64 {
	f.t.Helper()
	b, err := f.db.Wallets().Balances(f.t.Context(), userID)
	require.NoError(f.t, err)
	return b[asset]
}

// audit checks the ledger: balances match their entries, none below zero,
// every operation and every asset sums to zero.
func (f *fixture) audit() {
	f.t.Helper()
	a, err := f.db.Wallets().Audit(f.t.Context())
	require.NoError(f.t, err)
	require.True(f.t, a.Clean(), "ledger audit: %+v", a)
	for asset, total := range a.MemberTotals {
		for _, accounts := range a.SystemTotals {
			total += accounts[asset]
		}
		require.Zero(f.t, total, "the books of %s sum to zero", asset)
	}
}

// product saves a product as the admin and returns it.
func (f *fixture) product(in shop.SaveProductInput) shop.ProductView {
	f.t.Helper()
	r, err := f.s.SaveProduct(asAdmin(f.admin), in)
	require.NoError(f.t, err)
	return r.Product
}

// tee is a physical product with two variants (stock 5 and 2) priced in
// CNY and USD, 10% off for vip2.
func (f *fixture) tee() shop.ProductView {
	return f.product(shop.SaveProductInput{Slug: "tee", Kind: "physical",
		Titles: map[string]string{"en": "Tee", "es": "Camiseta", "zh-hans": "T 恤"}, Images: []string{"https://img.test/tee.png"},
		Variants: []shop.VariantInput{
			{Names: map[string]string{"en": "S"}, Prices: map[string]wallet.Amount{"CNY": "99.00", "USD": "14.00"}, Stock: 5},
			{Names: map[string]string{"en": "M"}, Prices: map[string]wallet.Amount{"CNY": "109", "USD": "15.50"}, Stock: 2},
		}, VIPDiscounts: map[string]int{"vip2": 10}, Tags: []string{"Souk"}})
}

// ebook is a digital download priced in USD and in credit.
func (f *fixture) ebook() shop.ProductView {
	return f.product(shop.SaveProductInput{Slug: "ebook", Kind: "digital", Titles: map[string]string{"en": "E-book"},
		Digital: &shop.DigitalInput{Type: "download", URL: "https://files.test/book.pdf"},
		Prices:  map[string]wallet.Amount{"USD": "4.20", "CREDIT": "300"}, Stock: 100})
}

func mustID(t *testing.T, s string) action.ID {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	require.NoError(t, err)
	return action.ID(n)
}

// setCart puts quantity of a variant in the member's cart.
func (f *fixture) setCart(userID int64, variant string, quantity int64) shop.CartView {
	f.t.Helper()
	r, err := f.s.CartSet(as(userID, "USD"), shop.CartSetInput{VariantID: mustID(f.t, variant), Quantity: quantity})
	require.NoError(f.t, err)
	return r.Cart
}

// address gives the member an address and returns its id.
func (f *fixture) address(userID int64) action.ID {
	f.t.Helper()
	a := persistence.Address{UserID: userID, Type: "MANUAL", Country: "Spain", City: "Madrid", Line: "Calle Mayor 1",
		Phone: "600000000", DialCode: "+34", Name: "Buyer", Postcode: "28013"}
	_, err := f.db.Addresses().Save(f.t.Context(), &a, 20)
	require.NoError(f.t, err)
	return action.ID(a.ID)
}

// pay confirms a sandbox payment as the provider's callback would.
func (f *fixture) pay(paymentID string, asset string, amount int64) error {
	f.t.Helper()
	body, err := json.Marshal(map[string]any{"paymentId": paymentID, "asset": asset, "amount": amount,
		"providerRef": "sandbox-" + paymentID})
	require.NoError(f.t, err)
	headers := wallet.NewSandbox(wallet.SandboxConfig{Secret: testSecret}).SignedHeaders(body,
		"nonce-"+strconv.FormatInt(f.db.NewID(), 10), time.Now())
	return f.wallet.Confirm(f.t.Context(), wallet.SandboxName, wallet.Callback{Body: body,
		Header: func(name string) string { return headers[name] }})
}

// qrPaymentID reads the payment id a QR's URL names.
func qrPaymentID(t *testing.T, qr string) string {
	t.Helper()
	u, err := url.Parse(qr)
	require.NoError(t, err)
	return u.Path[strings.LastIndex(u.Path, "/")+1:]
}

// stock is a variant's stock as stored.
func (f *fixture) stock(variant string) int64 {
	f.t.Helper()
	vs, err := f.db.Shop().Variants(f.t.Context(), []int64{int64(mustID(f.t, variant))})
	require.NoError(f.t, err)
	return vs[int64(mustID(f.t, variant))].Stock
}

// events takes the session events delivered since the last call, by action.
func (f *fixture) events() map[string][]apptest.Delivery {
	out := map[string][]apptest.Delivery{}
	for _, d := range f.sessions.Take() {
		out[d.Action] = append(out[d.Action], d)
	}
	return out
}
