package content_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/content"
	"souk/app/i18n"
	"souk/app/internal/gate"
	"souk/app/wallet"
	"souk/internal/authtest"
	"souk/persistence"
	"souk/transport/httpapi"
	"souk/webui"
)

var qrSecret = []byte("content-qrcode-test-secret-content-qrcode")

// qrFixture is the content fixture whose qrcode entries are paid through
// a real wallet service and its sandbox provider, the provider's callbacks
// arriving through the real HTTP route.
type qrFixture struct {
	*fixture
	wallet *wallet.Service
}

func newQRFixture(t *testing.T, kind string) *qrFixture {
	t.Helper()
	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	require.NoError(t, err)
	f := &qrFixture{}
	srv := httptest.NewServer(httpapi.New(httpapi.Config{Registry: action.NewRegistry(), Translator: catalog,
		PaymentCallback: func(ctx context.Context, provider string, body []byte, header func(string) string) error {
			return f.wallet.Confirm(ctx, provider, wallet.Callback{Body: body, Header: header})
		}}))
	t.Cleanup(srv.Close)
	f.fixture = newFixture(t, kind, func(cfg *content.Config) {
		f.wallet = wallet.New(wallet.Config{DB: cfg.DB, Secret: qrSecret, PublicURL: "https://souk.test",
			CallbackBase: srv.URL, Translator: catalog})
		cfg.Ledger, cfg.Payments = f.wallet, f.wallet
	})
	return f
}

// unlock asks content.unlock as u.
func (f *qrFixture) unlock(t *testing.T, u persistence.User, targetType string, id int64) content.UnlockResult {
	t.Helper()
	var reply content.UnlockReply
	f.must(t, as(u, "en"), "content.unlock", map[string]any{"targetType": targetType, "targetId": id}, &reply)
	return reply.GqUnlock
}

// confirmPage reads the sandbox confirm page a QR encodes.
func confirmPage(t *testing.T, qr string) wallet.SandboxInput {
	t.Helper()
	u, err := url.Parse(qr)
	require.NoError(t, err)
	id, err := strconv.ParseInt(u.Path[strings.LastIndex(u.Path, "/")+1:], 10, 64)
	require.NoError(t, err)
	return wallet.SandboxInput{ID: action.ID(id), Token: u.Query().Get("t")}
}

// callback is a sandbox callback paying p, signed with secret and nonce.
func callback(t *testing.T, secret []byte, p wallet.SandboxInput, amount int64, nonce string) wallet.Callback {
	t.Helper()
	body, err := json.Marshal(map[string]any{"paymentId": strconv.FormatInt(int64(p.ID), 10), "asset": "USD",
		"amount": amount, "providerRef": "sandbox-replay"})
	require.NoError(t, err)
	headers := wallet.NewSandbox(wallet.SandboxConfig{Secret: secret}).SignedHeaders(body, nonce, time.Now())
	return wallet.Callback{Body: body, Header: func(name string) string { return headers[name] }}
}

// ledger is the state of the books: every member's USD balance, the
// system accounts' USD totals and the number of operations.
type ledger struct {
	members map[int64]int64
	system  map[int64]int64
	ops     int64
}

func (f *qrFixture) ledger(t *testing.T, members ...persistence.User) ledger {
	t.Helper()
	a, err := f.db.Wallets().Audit(t.Context())
	require.NoError(t, err)
	require.True(t, a.Clean(), "ledger audit: %+v", a)
	l := ledger{members: map[int64]int64{}, system: map[int64]int64{}, ops: a.Ops}
	for asset, total := range a.MemberTotals {
		for _, accounts := range a.SystemTotals {
			total += accounts[asset]
		}
		require.Zero(t, total, "the books of %s sum to zero", asset)
	}
	for account, totals := range a.SystemTotals {
		l.system[account] = totals["USD"]
	}
	for _, u := range members {
		b, err := f.db.Wallets().Balances(t.Context(), u.ID)
		require.NoError(t, err)
		l.members[u.ID] = b["USD"]
	}
	return l
}

// TestQRCodeUnlockThroughTheProvider: a qrcode entry is paid through the
// wallet's payment provider; the provider's confirmation unlocks the
// content exactly once, the money going to the site (an article) or the
// author (a topic) with the ledger balanced; nobody else sees or pays
// the payment by its id alone, and guests are sent to log in.
func TestQRCodeUnlockThroughTheProvider(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newQRFixture(t, kind)
		ctx := t.Context()
		var saved content.SaveArticleReply
		f.must(t, as(f.admin, "en"), "mutates.saveArticle", map[string]any{"title": "Scan me", "lang": "en",
			"content": "<p>The treasure is under the oak.</p>",
			"roles":   []gate.Role{{Type: gate.QRCode, Value: "250", Currency: "USD"}}}, &saved)
		article := mustID(t, saved.GqSaveArticle.Article.ID)
		const topic int64 = 4242
		f.topics.byID[topic] = content.Access{AuthorID: f.vip.ID,
			Roles: []gate.Role{{Type: gate.Credit, Value: "5"}, {Type: gate.QRCode, Value: "120", Currency: "USD"}}}

		authtest.RequireKey(t, f.call(as(guest, "en"), "content.unlock", map[string]any{"targetType": "article",
			"targetId": article}, nil), http.StatusUnauthorized, "common.error.unauthorized")

		before := f.ledger(t, f.member, f.vip)
		started := f.unlock(t, f.member, "article", article)
		assert.False(t, started.Success, "nothing is the member's before the provider confirms")
		assert.Equal(t, "USD", started.Asset)
		assert.Equal(t, int64(250), started.Amount)
		require.NotNil(t, started.Payment)
		require.NotNil(t, started.QR)
		assert.Equal(t, persistence.PaymentPending, started.Payment.Status)
		assert.Equal(t, persistence.PaymentUnlock, started.Payment.Purpose)
		assert.Equal(t, "2.50", started.Payment.Amount)
		assert.Equal(t, "Unlock content $2.50", started.QR.Title)
		assert.True(t, strings.HasPrefix(started.QR.QRCode, "https://souk.test/en/pay/sandbox/"+started.Payment.ID+"?t="),
			started.QR.QRCode)
		assert.Equal(t, before, f.ledger(t, f.member, f.vip), "no money moves before the payment")
		unlocked, err := f.db.Unlocks().Unlocked(ctx, f.member.ID, persistence.TargetArticle, article)
		require.NoError(t, err)
		assert.False(t, unlocked)

		// The payment is the member's: another member neither sees it nor
		// pays it without the QR's token, and a forged confirmation is refused.
		p := confirmPage(t, started.QR.QRCode)
		_, err = f.wallet.Payment(as(f.vip, "en"), wallet.PaymentInput{ID: p.ID})
		authtest.RequireKey(t, err, http.StatusNotFound, "payments.error.notFound")
		_, err = f.wallet.SandboxPay(as(f.vip, "en"), wallet.SandboxInput{ID: p.ID, Token: "forged"})
		authtest.RequireKey(t, err, http.StatusNotFound, "payments.error.notFound")
		err = f.wallet.Confirm(ctx, wallet.SandboxName, callback(t, []byte("another-secret-another-secret-another"), p, 250, "forged-1"))
		authtest.RequireKey(t, err, http.StatusUnauthorized, "payments.error.signature")
		shown, err := f.wallet.SandboxShow(as(guest, "en"), p)
		require.NoError(t, err)
		assert.Equal(t, persistence.PaymentUnlock, shown.Payment.Purpose)
		assert.Equal(t, "Unlock content $2.50", shown.Payment.Title)
		assert.Equal(t, before, f.ledger(t, f.member, f.vip))

		// Whoever holds the QR pays; the provider's callback unlocks.
		paid, err := f.wallet.SandboxPay(as(guest, "en"), p)
		require.NoError(t, err)
		assert.Equal(t, persistence.PaymentPaid, paid.Payment.Status)
		unlocked, err = f.db.Unlocks().Unlocked(ctx, f.member.ID, persistence.TargetArticle, article)
		require.NoError(t, err)
		assert.True(t, unlocked, "the unlock is the ledger operation of persistence.UnlockKey")
		var read content.ArticleReply
		f.must(t, as(f.member, "en"), "content.article", map[string]any{"id": article}, &read)
		assert.False(t, read.Article.Gated)
		assert.Contains(t, read.Article.Content, "treasure")
		polled, err := f.wallet.Payment(as(f.member, "en"), wallet.PaymentInput{ID: p.ID})
		require.NoError(t, err)
		assert.Equal(t, persistence.PaymentPaid, polled.Payment.Status)
		after := f.ledger(t, f.member, f.vip)
		assert.Equal(t, before.members, after.members, "the member's wallet is not touched: the provider paid")
		assert.Equal(t, before.system[persistence.AccountRevenue]+250, after.system[persistence.AccountRevenue],
			"an article's price goes to the site")
		assert.Equal(t, before.system[persistence.AccountExternal]-250, after.system[persistence.AccountExternal])
		assert.Equal(t, before.ops+1, after.ops, "one operation")

		// The confirmation delivered again, through the page and as a new
		// callback, changes nothing more.
		_, err = f.wallet.SandboxPay(as(guest, "en"), p)
		require.NoError(t, err)
		require.NoError(t, f.wallet.Confirm(ctx, wallet.SandboxName, callback(t, qrSecret, p, 250, "again-1")))
		assert.Equal(t, after, f.ledger(t, f.member, f.vip))
		authtest.RequireKey(t, f.call(as(f.member, "en"), "content.unlock", map[string]any{"targetType": "article",
			"targetId": article}, nil), http.StatusBadRequest, "content.error.notForSale")

		// A topic's price goes to its author; the entry is chosen by type.
		qrcode := map[string]any{"targetType": "topic", "targetId": topic, "type": "qrcode"}
		var firstReply, secondReply content.UnlockReply
		f.must(t, as(f.member, "en"), "content.unlock", qrcode, &firstReply)
		first := firstReply.GqUnlock
		require.NotNil(t, first.Payment, "the qrcode entry, not the first priced one")
		assert.Equal(t, int64(120), first.Amount)
		// A second payment made before the first is paid: one unlocks,
		// the other's money is the member's (credited to the wallet).
		f.must(t, as(f.member, "en"), "content.unlock", qrcode, &secondReply)
		second := secondReply.GqUnlock
		require.NotEqual(t, first.Payment.ID, second.Payment.ID)
		_, err = f.wallet.SandboxPay(as(guest, "en"), confirmPage(t, first.QR.QRCode))
		require.NoError(t, err)
		_, err = f.wallet.SandboxPay(as(guest, "en"), confirmPage(t, second.QR.QRCode))
		require.NoError(t, err)
		unlocked, err = f.db.Unlocks().Unlocked(ctx, f.member.ID, persistence.TargetTopic, topic)
		require.NoError(t, err)
		assert.True(t, unlocked)
		end := f.ledger(t, f.member, f.vip)
		assert.Equal(t, after.members[f.vip.ID]+120, end.members[f.vip.ID], "the author is paid once")
		assert.Equal(t, after.members[f.member.ID]+120, end.members[f.member.ID], "the second payment is not lost")
		assert.Equal(t, after.system[persistence.AccountExternal]-240, end.system[persistence.AccountExternal])

		authtest.RequireKey(t, f.call(as(f.member, "en"), "content.unlock", map[string]any{"targetType": "topic",
			"targetId": topic, "type": "level"}, nil), http.StatusBadRequest, "common.error.badField")
	})
}

// TestQRCodeUnlockWithoutProvider: without a payment provider wired, a
// qrcode entry is refused, and nothing is taken from the wallet.
func TestQRCodeUnlockWithoutProvider(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	const topic int64 = 77
	f.topics.byID[topic] = content.Access{AuthorID: f.vip.ID, Roles: []gate.Role{{Type: gate.QRCode, Value: "10", Currency: "USD"}}}
	authtest.RequireKey(t, f.call(as(f.member, "en"), "content.unlock", map[string]any{"targetType": "topic", "targetId": topic}, nil),
		http.StatusBadRequest, "payments.error.provider")
	unlocked, err := f.db.Unlocks().Unlocked(t.Context(), f.member.ID, persistence.TargetTopic, topic)
	require.NoError(t, err)
	assert.False(t, unlocked)
}
