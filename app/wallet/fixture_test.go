package wallet

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/i18n"
	"souk/app/internal/apptest"
	"souk/persistence"
	"souk/transport/httpapi"
	"souk/webui"
)

var testSecret = []byte("wallet-test-secret-wallet-test-secret")

// fixture is a wallet service on a database with the demo's currencies
// and two VIP tiers, its callback endpoint served over real HTTP.
type fixture struct {
	t        *testing.T
	db       *persistence.DB
	s        *Service
	reg      *action.Registry
	sessions *apptest.Sessions
	clock    *apptest.Clock
	// base is the test server's address.
	base string
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
	require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindGrowth, Key: "lv1",
		Names: map[string]string{"en": "Lv1"}, Rank: 1}))
	require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindVIP, Key: "vip1", Rank: 1,
		Names: map[string]string{"zh-hans": "白银会员", "en": "Silver VIP"}, Roles: persistence.LevelRoles{UserCan: []string{"chat", "directMessages"}},
		Prices: map[string]int64{"CNY": 3000, "USD": 499, "CREDIT": 3000}, DurationDays: 30}))
	require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindVIP, Key: "vip2", Rank: 2,
		Names: map[string]string{"en": "Gold VIP"}, Prices: map[string]int64{"CNY": 6800}, DurationDays: 30}))
	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	require.NoError(t, err)

	f := &fixture{t: t, db: db, sessions: &apptest.Sessions{}, clock: apptest.NewClock(time.Now()), reg: action.NewRegistry()}
	// The callbacks arrive through the real HTTP route of transport/httpapi.
	srv := httptest.NewServer(httpapi.New(httpapi.Config{Registry: f.reg, Translator: catalog,
		PaymentCallback: func(ctx context.Context, provider string, body []byte, header func(string) string) error {
			return f.s.Confirm(ctx, provider, Callback{Body: body, Header: header})
		}}))
	t.Cleanup(srv.Close)
	f.base = srv.URL
	f.s = New(Config{DB: db, Sessions: f.sessions, Secret: testSecret, PublicURL: "https://souk.test/",
		CallbackBase: srv.URL, Translator: catalog, Now: f.clock.Now})
	f.s.Register(f.reg)
	return f
}

// as is a request context for the member in lang.
func as(userID int64, lang string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: lang, Viewer: action.Viewer{UserID: userID}})
}

// balances are the member's balances as wallet.get answers them.
func (f *fixture) balances(userID int64) WalletView {
	f.t.Helper()
	r, err := f.s.Get(apptest.As(userID), GetInput{})
	require.NoError(f.t, err)
	return r.Wallet
}

// credit gives the member an amount through an administrator's adjustment.
func (f *fixture) credit(userID int64, currency, amount string) {
	f.t.Helper()
	_, err := f.s.Adjust(apptest.AsAdmin(1), AdjustInput{UserID: action.ID(userID), Currency: currency, Amount: Amount(amount),
		Memo: "test", IdemKey: "fund-" + strconv.FormatInt(f.db.NewID(), 10)})
	require.NoError(f.t, err)
}

// events are the deliveries since the last call, as action -> user -> data.
func (f *fixture) events() map[string]map[int64]string {
	out := map[string]map[int64]string{}
	for _, d := range f.sessions.Take() {
		if out[d.Action] == nil {
			out[d.Action] = map[int64]string{}
		}
		out[d.Action][d.UserID] = d.Data
	}
	return out
}

// walletEvent decodes a wallet event's data.
func walletEvent(t *testing.T, data string) WalletView {
	t.Helper()
	var v WalletView
	require.NoError(t, json.Unmarshal([]byte(data), &v))
	return v
}

// audit checks every invariant of the ledger.
func (f *fixture) audit() {
	f.t.Helper()
	a, err := f.db.Wallets().Audit(f.t.Context())
	require.NoError(f.t, err)
	require.Empty(f.t, a.Mismatched, "balances are the sums of their entries")
	require.Empty(f.t, a.Negative)
	require.Empty(f.t, a.Unbalanced)
}
