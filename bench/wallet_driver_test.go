package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWalletAmounts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in    string
		asset string
		want  int64
	}{
		{`"12.30"`, "CNY", 1230}, {`"12.3"`, "USD", 1230}, {`"-0.05"`, "EUR", -5}, {`"7"`, "CNY", 700},
		{`3000`, walletCredit, 3000}, {`"-25"`, walletCredit, -25}, {`"0.00"`, "CNY", 0},
	} {
		got, err := parseMinor(json.RawMessage(tt.in), tt.asset)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
	for _, bad := range []string{`"1.234"`, `"1."`, `""`, `"abc"`, `"1.5"`} {
		asset := "CNY"
		if bad == `"1.5"` {
			asset = walletCredit
		}
		_, err := parseMinor(json.RawMessage(bad), asset)
		assert.Error(t, err, bad)
	}
	assert.Equal(t, "12.30", formatMinor(1230, "CNY"))
	assert.Equal(t, "0.05", formatMinor(5, "USD"))
	assert.Equal(t, "-1.00", formatMinor(-100, "EUR"))
	assert.Equal(t, "3000", formatMinor(3000, walletCredit))
}

func TestWalletCheckoutURL(t *testing.T) {
	t.Parallel()
	id, token, err := parseCheckout([]byte(`{"payment":{"id":"42"},"qr":{"qrcode":"http://localhost:8080/en/pay/sandbox/42?t=abc.def"}}`))
	require.NoError(t, err)
	assert.Equal(t, "42", id)
	assert.Equal(t, "abc.def", token)
	_, _, err = parseCheckout([]byte(`{"payment":{"id":"42"},"qr":{"qrcode":"http://localhost/pay/sandbox/43?t=x"}}`))
	assert.Error(t, err, "another payment's URL")
	_, _, err = parseCheckout([]byte(`{"payment":{"id":"42"},"qr":{"qrcode":"http://localhost/pay/sandbox/42"}}`))
	assert.Error(t, err, "no token")
}

// fakeLedger is an in-memory wallet server with the actions' wire shapes,
// which loses replies, answers 503 and stalls, and (for the check's own
// test) can apply a repeated key again or acknowledge without applying.
type fakeLedger struct {
	mu       sync.Mutex
	rng      *rand.Rand
	tokens   map[string]int64
	balances map[int64]map[string]int64
	entries  map[int64][]map[string]any // oldest first
	applied  map[string]bool
	payments map[string]struct {
		user   int64
		asset  string
		amount int64
	}
	nextID int64
	// faults
	stall, lose, busy float64
	double, drop      bool
}

func newFakeLedger(members int) (*fakeLedger, []WalletMember) {
	f := &fakeLedger{rng: rand.New(rand.NewPCG(1, 2)), tokens: map[string]int64{}, balances: map[int64]map[string]int64{},
		entries: map[int64][]map[string]any{}, applied: map[string]bool{}, payments: map[string]struct {
			user   int64
			asset  string
			amount int64
		}{}}
	var out []WalletMember
	for i := range members {
		id := int64(100 + i)
		tok := "tok" + strconv.Itoa(i)
		f.tokens[tok] = id
		f.balances[id] = map[string]int64{walletCredit: 5000}
		f.entries[id] = []map[string]any{{"id": "e" + strconv.Itoa(i), "asset": walletCredit, "amount": "5000", "balanceAfter": "5000", "reason": "adjust", "peer": nil}}
		out = append(out, WalletMember{ID: strconv.FormatInt(id, 10), Token: tok})
	}
	return f, out
}

type fakePosting struct {
	user   int64
	asset  string
	amount int64
	reason string
	peer   int64
}

func (f *fakeLedger) view(user int64) map[string]any {
	money := map[string]string{}
	for _, c := range []string{"CNY", "USD"} {
		money[c] = formatMinor(f.balances[user][c], c)
	}
	return map[string]any{"money": money, "credit": f.balances[user][walletCredit]}
}

// apply runs postings once per key; false: insufficient funds.
func (f *fakeLedger) apply(key string, postings []fakePosting) bool {
	if f.applied[key] && !f.double {
		return true
	}
	if f.drop && f.rng.IntN(10) == 0 {
		return true
	}
	for _, p := range postings {
		if f.balances[p.user][p.asset]+p.amount < 0 {
			return false
		}
	}
	f.applied[key] = true
	for _, p := range postings {
		f.balances[p.user][p.asset] += p.amount
		f.nextID++
		e := map[string]any{"id": "x" + strconv.FormatInt(f.nextID, 10), "asset": p.asset, "amount": formatMinor(p.amount, p.asset),
			"balanceAfter": formatMinor(f.balances[p.user][p.asset], p.asset), "reason": p.reason, "ref": key, "peer": nil}
		if p.peer != 0 {
			e["peer"] = map[string]any{"databaseId": strconv.FormatInt(p.peer, 10)}
		}
		f.entries[p.user] = append(f.entries[p.user], e)
	}
	return true
}

func (f *fakeLedger) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var env struct {
		Action    string         `json:"action"`
		Data      map[string]any `json:"data"`
		AuthToken string         `json:"authToken"`
	}
	_ = json.NewDecoder(r.Body).Decode(&env)
	f.mu.Lock()
	stall, busy, lose := f.rng.Float64() < f.stall, f.rng.Float64() < f.busy, f.rng.Float64() < f.lose
	f.mu.Unlock()
	ledger := env.Action == "payments.sandboxPay" || env.Action == "wallet.gift" || env.Action == "wallet.buyMembership"
	if ledger && stall {
		time.Sleep(60 * time.Millisecond)
	}
	if ledger && busy {
		http.Error(w, `{"statusCode":503,"codes":["common.error.busy"]}`, http.StatusServiceUnavailable)
		return
	}
	f.mu.Lock()
	status, reply := f.handle(env.Action, f.tokens[env.AuthToken], env.Data)
	f.mu.Unlock()
	if ledger && lose {
		// Applied, but the answer never arrives.
		http.Error(w, "bad gateway", http.StatusBadGateway)
		return
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(reply)
}

func refusal(status int, code string) (int, any) {
	return status, map[string]any{"statusCode": status, "messages": []string{code}, "codes": []string{code}}
}

func (f *fakeLedger) handle(action string, user int64, data map[string]any) (int, any) {
	str := func(k string) string { s, _ := data[k].(string); return s }
	amountOf := func(asset string) int64 { v, _ := parseMinor(json.RawMessage(`"`+str("amount")+`"`), asset); return v }
	switch action {
	case "wallet.memberships":
		return 200, map[string]any{"tiers": []any{map[string]any{"key": "vip1", "prices": map[string]any{"CNY": "30.00", "USD": "4.99", "CREDIT": "3000"}}}}
	case "wallet.get":
		return 200, map[string]any{"wallet": f.view(user)}
	case "wallet.entries":
		all := f.entries[user]
		first := 20
		if n, ok := data["first"].(float64); ok {
			first = int(n)
		}
		end := len(all)
		if after := str("after"); after != "" {
			end = slices.IndexFunc(all, func(e map[string]any) bool { return e["id"] == after })
		}
		var page []map[string]any
		for i := end - 1; i >= 0 && len(page) < first; i-- {
			page = append(page, all[i])
		}
		cursor := ""
		if len(page) > 0 {
			cursor = page[len(page)-1]["id"].(string)
		}
		return 200, map[string]any{"entries": page, "pageInfo": map[string]any{"endCursor": cursor, "hasNextPage": end-len(page) > 0}}
	case "wallet.topUp":
		f.nextID++
		id := "p" + strconv.FormatInt(f.nextID, 10)
		f.payments[id] = struct {
			user   int64
			asset  string
			amount int64
		}{user, str("currency"), amountOf(str("currency"))}
		return 200, map[string]any{"payment": map[string]any{"id": id}, "qr": map[string]any{"qrcode": "http://x/en/pay/sandbox/" + id + "?t=t" + id}}
	case "payments.sandboxPay":
		p, ok := f.payments[str("id")]
		if !ok || str("token") != "t"+str("id") {
			return refusal(404, "wallet.error.payment")
		}
		f.apply("topup:"+str("id"), []fakePosting{{p.user, p.asset, p.amount, WalletTopUp, 0}})
		return 200, map[string]any{"payment": map[string]any{"id": str("id"), "status": "paid"}}
	case "wallet.buyMembership":
		price := map[string]int64{"CNY": 3000, "USD": 499, walletCredit: 3000}[str("currency")]
		if !f.apply(fmt.Sprint(user, str("idemKey")), []fakePosting{{user, str("currency"), -price, WalletMembership, 0}}) {
			return refusal(400, "wallet.error.insufficient")
		}
		return 200, map[string]any{"wallet": f.view(user)}
	case "wallet.gift":
		to, _ := strconv.ParseInt(str("toUserId"), 10, 64)
		asset := str("currency")
		amount := amountOf(asset)
		if !f.apply(fmt.Sprint(user, str("idemKey")), []fakePosting{{user, asset, -amount, WalletGift, to}, {to, asset, amount, WalletGift, user}}) {
			return refusal(400, "wallet.error.insufficient")
		}
		return 200, map[string]any{"wallet": f.view(user)}
	}
	return refusal(404, "common.error.unknownAction")
}

func runFake(t *testing.T, f *fakeLedger, members []WalletMember) (*WalletDriver, WalletCheck) {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	d, err := NewWalletDriver(t.Context(), WalletConfig{Client: srv.Client(), Targets: func() []string { return []string{srv.URL} },
		Members: members, Seed: 7, RepeatShare: 0.3, ShortTimeoutShare: 0.2, Timeout: 2 * time.Second})
	require.NoError(t, err)
	load, stop := context.WithTimeout(t.Context(), 700*time.Millisecond)
	defer stop()
	settle, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	d.Run(load, settle)
	d.Settle(settle, 100*time.Millisecond)
	check, err := d.Check(t.Context())
	require.NoError(t, err)
	return d, check
}

// TestWalletDriverAgainstFaults: through stalls, lost replies and 503s,
// the driver's repeats with the same key leave the fake ledger exact, and
// the check says so; every kind of operation ran, some with retries.
func TestWalletDriverAgainstFaults(t *testing.T) {
	t.Parallel()
	f, members := newFakeLedger(6)
	f.stall, f.lose, f.busy = 0.1, 0.1, 0.05
	d, check := runFake(t, f, members)
	assert.Empty(t, check.Problems())
	assert.Zero(t, check.Lost)
	assert.Zero(t, check.Duplicated)
	assert.Empty(t, d.Anomalies())
	assert.Zero(t, check.Maybe, "every operation settled")
	kinds := map[string]int{}
	var repeats, unanswered int
	for _, op := range d.Ops() {
		if op.Outcome == OutcomeApplied {
			kinds[op.Kind+" "+op.Asset]++
		}
		repeats += op.Repeats
		unanswered += op.Unanswered
	}
	for _, k := range []string{"topup CNY", "topup USD", "gift CNY", "gift CREDIT"} {
		assert.Positive(t, kinds[k], "%s applied (%v)", k, kinds)
	}
	assert.Positive(t, kinds["membership CREDIT"]+kinds["membership CNY"]+kinds["membership USD"], "%v", kinds)
	assert.Positive(t, repeats)
	assert.Positive(t, unanswered)
	assert.Positive(t, check.Entries)
	assert.Zero(t, check.Other, "the credit granted before the run is not counted")
}

// TestWalletCheckFindsDuplicates: a server that applies a repeated key
// again is caught.
func TestWalletCheckFindsDuplicates(t *testing.T) {
	t.Parallel()
	f, members := newFakeLedger(4)
	f.double = true
	_, check := runFake(t, f, members)
	assert.Positive(t, check.Duplicated)
	assert.NotEmpty(t, check.Problems())
}

// TestWalletCheckFindsLosses: a server that acknowledges without applying
// is caught.
func TestWalletCheckFindsLosses(t *testing.T) {
	t.Parallel()
	f, members := newFakeLedger(4)
	f.drop = true
	_, check := runFake(t, f, members)
	assert.Positive(t, check.Lost)
	assert.NotEmpty(t, check.Problems())
}

// TestWalletSmoke runs the wallet scenario at a tiny size against a fresh
// single node (SQLite).
func TestWalletSmoke(t *testing.T) {
	t.Parallel()
	rep, fields := smoke(t, "wallet", "--nodes", "1", "--users", "4", "--duration", "2s")
	for _, k := range []string{"ops_per_s", "latency_ms", "lost", "duplicated"} {
		assert.Contains(t, fields, k)
	}
	require.NotNil(t, rep.Lost)
	assert.Zero(t, *rep.Lost, "nothing acknowledged went missing: %v", rep.Notes)
	assert.Zero(t, *rep.Duplicated, "nothing applied twice: %v", rep.Notes)
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	assert.Positive(t, rep.OpsPerS)
	assert.Positive(t, rep.Params["applied_topups"])
	assert.Positive(t, rep.Params["applied_gifts"])
}

func TestWalletOptionsRefused(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"chat", "--kill-node"},
		{"wallet", "--kill-node", "--nodes", "1"},
		{"wallet", "--target", "http://127.0.0.1:1", "--users-file", "f", "--kill-node"},
		{"wallet", "--target", "http://127.0.0.1:1"}, // members sign in
	} {
		var stderr bytes.Buffer
		err := Main(context.Background(), args, Env{Stdout: &bytes.Buffer{}, Stderr: &stderr})
		assert.ErrorIs(t, err, ErrUsage, "%v", args)
		assert.NotEmpty(t, stderr.String(), "%v says why", args)
	}
}
