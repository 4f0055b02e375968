package wallet

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/member"
	"souk/persistence"
)

// confirmPage reads the confirm page URL a top-up's QR encodes.
func confirmPage(t *testing.T, qr string) (path string, in SandboxInput) {
	t.Helper()
	u, err := url.Parse(qr)
	require.NoError(t, err)
	id, err := action.FlexibleInt([]byte(u.Path[strings.LastIndex(u.Path, "/")+1:]))
	require.NoError(t, err)
	return u.Path, SandboxInput{ID: action.ID(id), Token: u.Query().Get("t")}
}

func TestTopUpRefusals(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := apptest.Member(t, db, "ann")
		cases := []struct {
			currency, amount, provider, key string
		}{
			{"CNY", "-5", "", "wallet.error.amount"},
			{"CNY", "0", "", "wallet.error.amount"},
			{"CNY", "0.00", "", "wallet.error.amount"},
			{"CNY", "abc", "", "wallet.error.amount"},
			{"CNY", "12.345", "", "wallet.error.precision"},
			{"CNY", "1000000.01", "", "wallet.error.tooLarge"},
			{"CNY", "123456789012345678901234567890", "", "wallet.error.tooLarge"},
			{"GBP", "10", "", "wallet.error.currency"},
			{"CREDIT", "10", "", "wallet.error.currency"},
			{"CNY", "10", "paypal", "payments.error.provider"},
		}
		for _, c := range cases {
			_, err := f.s.TopUp(apptest.As(ann), TopUpInput{Currency: c.currency, Amount: Amount(c.amount), Provider: c.provider})
			apptest.RequireKey(t, err, c.key)
		}
		list, err := db.Payments().ListByUser(t.Context(), ann, 10)
		require.NoError(t, err)
		assert.Empty(t, list, "a refused top-up stores nothing")

		for range MaxPendingPayments {
			_, err = f.s.TopUp(apptest.As(ann), TopUpInput{Currency: "CNY", Amount: "1"})
			require.NoError(t, err)
		}
		_, err = f.s.TopUp(apptest.As(ann), TopUpInput{Currency: "CNY", Amount: "1"})
		apptest.RequireKey(t, err, "payments.error.tooMany")
		f.clock.Add(PaymentTTL)
		_, err = f.s.TopUp(apptest.As(ann), TopUpInput{Currency: "CNY", Amount: "1"})
		require.NoError(t, err, "expired ones do not count")

		_, err = f.reg.Call(t.Context(), "wallet.topUp", json.RawMessage(`{"currency":"CNY","amount":"1"}`))
		require.ErrorIs(t, err, action.ErrUnauthorized, "guests get the login dialog")
		for _, name := range []string{"wallet.get", "wallet.entries", "wallet.payment", "wallet.buyMembership", "wallet.gift"} {
			_, err = f.reg.Call(t.Context(), name, nil)
			require.ErrorIs(t, err, action.ErrUnauthorized, name)
		}
		_, err = f.reg.Call(apptest.As(ann), "admin.walletAdjust", json.RawMessage(`{"userId":"1","currency":"CNY","amount":"1","idemKey":"abcdefgh"}`))
		require.ErrorIs(t, err, action.ErrForbidden, "only administrators adjust")
	})
}

func TestSandboxFlow(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")

		// The amount as typed over the wire: text, exactly.
		raw, err := f.reg.Call(as(ann, "en"), "wallet.topUp", json.RawMessage(`{"currency":"CNY","amount":"12.3"}`))
		require.NoError(t, err)
		top := raw.(TopUpReply)
		assert.Equal(t, "12.30", top.Payment.Amount)
		assert.Equal(t, persistence.PaymentPending, top.Payment.Status)
		assert.Equal(t, PaymentTTL.Milliseconds(), top.Payment.ExpiresAt-top.Payment.CreatedAt)
		assert.Equal(t, "Top up ¥12.30", top.QR.Title)
		assert.Equal(t, "¥", top.QR.Symbol)
		assert.Equal(t, "12.30", top.QR.Amount)
		assert.Contains(t, top.QR.Description, "5 minutes")
		assert.True(t, strings.HasPrefix(top.QR.QRCode, "https://souk.test/en/pay/sandbox/"+top.Payment.ID+"?t="), top.QR.QRCode)
		path, page := confirmPage(t, top.QR.QRCode)
		assert.Equal(t, "/en/pay/sandbox/"+top.Payment.ID, path)

		zh, err := f.s.TopUp(as(ann, "zh-hans"), TopUpInput{Currency: "USD", Amount: "1"})
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(zh.QR.QRCode, "https://souk.test/pay/sandbox/"), "no prefix for the default language: %s", zh.QR.QRCode)
		assert.Equal(t, "充值 $1.00", zh.QR.Title)

		// The confirm page: anyone with the token; a wrong token is no payment.
		shown, err := f.s.SandboxShow(as(0, "es"), page)
		require.NoError(t, err)
		assert.Equal(t, SandboxPayment{ID: top.Payment.ID, Status: "pending", Title: "Recargar ¥12.30", Purpose: "topup", Currency: "CNY", Symbol: "¥",
			Amount: "12.30", ExpiresAt: top.Payment.ExpiresAt}, shown.Payment)
		_, zhPage := confirmPage(t, zh.QR.QRCode)
		for _, bad := range []SandboxInput{{ID: page.ID, Token: zhPage.Token}, {ID: page.ID}, {ID: page.ID + 1, Token: page.Token}} {
			_, err = f.s.SandboxShow(as(0, "en"), bad)
			apptest.RequireKey(t, err, "payments.error.notFound")
			_, err = f.s.SandboxPay(as(0, "en"), bad)
			apptest.RequireKey(t, err, "payments.error.notFound")
		}
		_, err = f.s.Payment(apptest.As(bob), PaymentInput{ID: page.ID})
		apptest.RequireKey(t, err, "payments.error.notFound")
		assert.Empty(t, f.events(), "nothing paid yet")

		// Paying: the sandbox POSTs its signed callback over HTTP.
		paid, err := f.s.SandboxPay(as(0, "en"), page)
		require.NoError(t, err)
		assert.Equal(t, "paid", paid.Payment.Status)
		own, err := f.s.Payment(apptest.As(ann), PaymentInput{ID: page.ID})
		require.NoError(t, err)
		assert.Equal(t, "paid", own.Payment.Status)
		assert.NotZero(t, own.Payment.PaidAt)
		assert.Equal(t, WalletView{Money: map[string]string{"CNY": "12.30", "USD": "0.00", "EUR": "0.00"}}, f.balances(ann))
		ev := f.events()
		require.Contains(t, ev[EventWallet], ann, "the member sees the top-up live")
		assert.Equal(t, "12.30", walletEvent(t, ev[EventWallet][ann]).Money["CNY"])
		assert.Len(t, ev[EventWallet], 1)

		again, err := f.s.SandboxPay(as(0, "en"), page)
		require.NoError(t, err, "paying a paid payment again is harmless")
		assert.Equal(t, "paid", again.Payment.Status)
		assert.Equal(t, "12.30", f.balances(ann).Money["CNY"], "and credits nothing more")

		entries, err := f.s.Entries(apptest.As(ann), EntriesInput{})
		require.NoError(t, err)
		require.Len(t, entries.Entries, 1)
		e := entries.Entries[0]
		assert.Equal(t, "12.30", e.Amount)
		assert.Equal(t, "12.30", e.BalanceAfter)
		assert.Equal(t, persistence.ReasonTopUp, e.Reason)
		assert.Equal(t, "payment:"+top.Payment.ID, e.Ref)
		assert.Nil(t, e.Peer)

		// Expiry: 300 s after creation the payment can no longer be paid.
		late, err := f.s.TopUp(as(ann, "en"), TopUpInput{Currency: "EUR", Amount: "5"})
		require.NoError(t, err)
		_, latePage := confirmPage(t, late.QR.QRCode)
		f.clock.Add(PaymentTTL)
		shown, err = f.s.SandboxShow(as(0, "en"), latePage)
		require.NoError(t, err)
		assert.Equal(t, "expired", shown.Payment.Status)
		_, err = f.s.SandboxPay(as(0, "en"), latePage)
		apptest.RequireKey(t, err, "payments.error.expired")
		body := callbackBody(t, latePage.ID, "EUR", 500)
		res := f.post(f.signed(f.s.sandbox, body, "late-nonce", f.clock.Now()))
		assert.Equal(t, http.StatusConflict, res.StatusCode, "a callback after the expiry is refused")
		assert.Equal(t, "0.00", f.balances(ann).Money["EUR"])
		f.audit()
	})
}

func callbackBody(t *testing.T, id action.ID, asset string, amount int64) []byte {
	t.Helper()
	b, err := json.Marshal(sandboxCallback{PaymentID: member.FormatID(int64(id)), Asset: asset, Amount: amount, ProviderRef: "ref"})
	require.NoError(t, err)
	return b
}

// signed is the callback request carrying body as p signs it at at with nonce.
func (f *fixture) signed(p *Sandbox, body []byte, nonce string, at time.Time) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, f.base+CallbackPath+SandboxName, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, v := range p.SignedHeaders(body, nonce, at) {
		req.Header.Set(k, v)
	}
	return req, nil
}

// post sends a callback request built by the sandbox.
func (f *fixture) post(req *http.Request, err error) *http.Response {
	f.t.Helper()
	require.NoError(f.t, err)
	res, err := http.DefaultClient.Do(req)
	require.NoError(f.t, err)
	f.t.Cleanup(func() { _ = res.Body.Close() })
	return res
}

func TestCallbackRefusals(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := apptest.Member(t, db, "ann")
		top, err := f.s.TopUp(as(ann, "en"), TopUpInput{Currency: "USD", Amount: "20"})
		require.NoError(t, err)
		_, page := confirmPage(t, top.QR.QRCode)
		body := callbackBody(t, page.ID, "USD", 2000)
		now := f.clock.Now()
		sign := func(body []byte, nonce string, at time.Time) (*http.Request, error) {
			return f.signed(f.s.sandbox, body, nonce, at)
		}
		unchanged := func(why string) {
			t.Helper()
			assert.Equal(t, "0.00", f.balances(ann).Money["USD"], why)
			p, err := db.Payments().Get(t.Context(), int64(page.ID))
			require.NoError(t, err)
			assert.Equal(t, persistence.PaymentPending, p.Status, why)
		}

		forged, err := sign(body, "nonce-forged", now)
		require.NoError(t, err)
		forged.Header.Set(HeaderSignature, strings.Repeat("0", 64))
		assert.Equal(t, http.StatusUnauthorized, f.post(forged, nil).StatusCode)
		unchanged("a forged signature")

		tampered, err := sign(body, "nonce-tampered", now)
		require.NoError(t, err)
		big := callbackBody(t, page.ID, "USD", 2_000_000)
		tampered.Body, tampered.ContentLength = readCloser(big), int64(len(big))
		assert.Equal(t, http.StatusUnauthorized, f.post(tampered, nil).StatusCode)
		unchanged("a body that is not the signed one")

		other := NewSandbox(SandboxConfig{Secret: []byte("another-secret-another-secret-another"), CallbackURL: f.base + CallbackPath + SandboxName, Now: f.clock.Now})
		assert.Equal(t, http.StatusUnauthorized, f.post(f.signed(other, body, "nonce-other", now)).StatusCode)
		unchanged("signed with another key")

		assert.Equal(t, http.StatusUnauthorized, f.post(sign(body, "nonce-stale", now.Add(-CallbackWindow-time.Second))).StatusCode)
		unchanged("a stale timestamp")

		noNonce, err := sign(body, "", now)
		require.NoError(t, err)
		assert.Equal(t, http.StatusUnauthorized, f.post(noNonce, nil).StatusCode)

		mismatch := callbackBody(t, page.ID, "USD", 1)
		assert.Equal(t, http.StatusBadRequest, f.post(sign(mismatch, "nonce-mismatch", now)).StatusCode)
		unchanged("another amount than the payment's")

		unknown, err := http.NewRequest(http.MethodPost, f.base+CallbackPath+"paypal", bytes.NewReader(body))
		require.NoError(t, err)
		assert.Equal(t, http.StatusNotFound, f.post(unknown, nil).StatusCode)
		get, err := http.NewRequest(http.MethodGet, f.base+CallbackPath+SandboxName, nil)
		require.NoError(t, err)
		assert.Equal(t, http.StatusMethodNotAllowed, f.post(get, nil).StatusCode)
		unchanged("no provider")
		assert.Empty(t, f.events())

		// The genuine callback, then the same request replayed: credited once.
		res := f.post(sign(body, "nonce-genuine", now))
		require.Equal(t, http.StatusOK, res.StatusCode)
		assert.Equal(t, "20.00", f.balances(ann).Money["USD"])
		require.Len(t, f.events()[EventWallet], 1)
		replayed := f.post(sign(body, "nonce-genuine", now))
		assert.Equal(t, http.StatusConflict, replayed.StatusCode)
		var refusal struct {
			StatusCode int      `json:"statusCode"`
			Codes      []string `json:"codes"`
		}
		require.NoError(t, json.NewDecoder(replayed.Body).Decode(&refusal))
		assert.Equal(t, []string{"payments.error.replayed"}, refusal.Codes)

		// A provider's retry (a fresh nonce) is accepted and credits nothing more.
		assert.Equal(t, http.StatusOK, f.post(sign(body, "nonce-retry", now)).StatusCode)
		assert.Equal(t, "20.00", f.balances(ann).Money["USD"], "topup:{id} credits once")
		assert.Empty(t, f.events(), "a replayed operation announces nothing")
		list, err := db.Wallets().Entries(t.Context(), ann, persistence.EntryFilter{Limit: 10})
		require.NoError(t, err)
		assert.Len(t, list, 1)
		f.audit()
	})
}

func readCloser(b []byte) *readCloserBuf { return &readCloserBuf{bytes.NewReader(b)} }

type readCloserBuf struct{ *bytes.Reader }

func (readCloserBuf) Close() error { return nil }
