package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/benchusers"
	"souk/persistence"
)

// TestShopClusterNeverOversells: a 3-node cluster on PostgreSQL, 50
// buyers racing for the last 10 items of a product, half paying from
// their wallets and half by QR (paid at once through the sandbox), spread
// over the nodes; one node is stopped midway and its buyers carry on at
// the others with the same clientId. Exactly 10 orders are paid, none is
// left pending, the stock is 0 and never below, only the buyers of a paid
// order were charged, and the ledger balances (every asset sums to zero).
func TestShopClusterNeverOversells(t *testing.T) {
	dataDir, dbURL := postgresClusterStore(t)
	nodes := startNodes(t, 3, dataDir, dbURL, "--trust-proxy", "--secret", "shop-cluster-test-secret-0123456789abcdef")

	// The test's own handle on the shared database: the buyers, their money and the product.
	ctx := t.Context()
	db, err := persistence.Open(ctx, persistence.Config{URL: dbURL, DataDir: t.TempDir(), Node: 77})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	const buyers, items = 50, 10
	file, err := benchusers.Create(ctx, db, []byte("unused"), buyers, time.Now())
	require.NoError(t, err)
	product := persistence.Product{Slug: "last-ten", Titles: map[string]string{"en": "The last ten"},
		Kind: persistence.ProductDigital, DigitalType: persistence.DigitalDownload, DigitalURL: "https://files.test/x.zip",
		Variants: []persistence.ProductVariant{{Prices: map[string]int64{"CNY": 100}, Stock: items}}}
	require.NoError(t, db.Shop().SaveProduct(ctx, &product, nil))
	variant := product.Variants[0].ID
	ids := make([]int64, buyers)
	for i, u := range file.Users {
		_, err := fmt.Sscan(u.ID, &ids[i])
		require.NoError(t, err)
		_, err = db.Wallets().Apply(ctx, persistence.WalletOp{IdemKey: "cluster-fund:" + u.ID, UserID: ids[i],
			Reason: persistence.ReasonAdjust, Postings: []persistence.Posting{
				{UserID: persistence.AccountExternal, Asset: "CNY", Amount: -500}, {UserID: ids[i], Asset: "CNY", Amount: 500}}})
		require.NoError(t, err)
		require.NoError(t, db.Shop().SetCart(ctx, ids[i], []persistence.CartItem{{VariantID: variant, Quantity: 1}}))
	}

	// Each buyer signs in at a node of their own.
	clients := make([]*http.Client, buyers)
	for i, u := range file.Users {
		clients[i] = newClient(t)
		res := shopCall(t, clients[i], nodes[i%3].base, "auth.login",
			map[string]any{"provider": "PASSWORD", "username": u.Email, "password": file.Password})
		require.Equal(t, http.StatusOK, res.status, "sign in %s: %s", u.Email, res)
	}

	alive := func() []*mediaNode {
		var out []*mediaNode
		for _, n := range nodes {
			select {
			case <-n.done:
			default:
				out = append(out, n)
			}
		}
		return out
	}
	// call runs an action as buyer i at a node (their own, shifted by
	// shift), moving on to the next live
	// node while one does not answer (stopped, or stopping).
	call := func(i, shift int, name string, data any) result {
		for attempt := 0; ; attempt++ {
			live := alive()
			n := live[(i+shift+attempt)%len(live)]
			res := shopCall(t, clients[i], n.base, name, data)
			if (res.status == 0 || res.status >= 500) && attempt < 40 {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			return res
		}
	}

	var paid, refused atomic.Int64
	var started sync.WaitGroup
	started.Add(buyers / 2)
	var wg sync.WaitGroup
	for i := range buyers {
		wg.Go(func() {
			if i < buyers/2 {
				defer started.Done()
			}
			payment := "money"
			if i%2 == 1 {
				payment = "qrcode"
			}
			res := call(i, 0, "shop.checkout", map[string]any{"clientId": fmt.Sprintf("cluster-race-%d", i), "payment": payment})
			if res.status != http.StatusOK {
				assert.Equal(t, "shop.error.stock", res.code, "buyer %d: %s", i, res)
				refused.Add(1)
				return
			}
			var reply struct {
				Order struct {
					ID     string `json:"id"`
					Status string `json:"status"`
				} `json:"order"`
				QR *struct {
					QRCode string `json:"qrcode"`
				} `json:"qr"`
			}
			require.NoError(t, json.Unmarshal(res.body, &reply))
			if reply.QR != nil {
				u, err := url.Parse(reply.QR.QRCode)
				require.NoError(t, err)
				id := u.Path[strings.LastIndex(u.Path, "/")+1:]
				pay := call(i, 1, "payments.sandboxPay", map[string]any{"id": id, "token": u.Query().Get("t")})
				require.Equal(t, http.StatusOK, pay.status, "pay buyer %d's QR: %s", i, pay)
				require.Eventually(t, func() bool {
					got := call(i, 2, "shop.order", map[string]any{"orderId": reply.Order.ID})
					return got.status == http.StatusOK && strings.Contains(string(got.body), `"status":"paid"`)
				}, 20*time.Second, 100*time.Millisecond, "buyer %d's QR order is paid", i)
			} else {
				assert.Equal(t, "paid", reply.Order.Status)
			}
			paid.Add(1)
		})
	}
	// Midway, node 2 stops.
	started.Wait()
	t.Log("stopping node 2 midway")
	nodes[1].stop(t)
	wg.Wait()

	t.Logf("%d paid, %d refused for want of stock", paid.Load(), refused.Load())
	assert.Equal(t, int64(items), paid.Load(), "exactly the stock was sold")
	assert.Equal(t, int64(buyers-items), refused.Load())

	// The books.
	paidOrders, err := db.Shop().CountOrders(ctx, persistence.OrderPaid)
	require.NoError(t, err)
	pending, err := db.Shop().CountOrders(ctx, persistence.OrderPending)
	require.NoError(t, err)
	assert.Equal(t, items, paidOrders, "exactly 10 paid orders")
	assert.Zero(t, pending)
	got, err := db.Shop().Product(ctx, product.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(0), got.Variants[0].Stock, "0 left, none oversold")
	assert.Equal(t, int64(items), got.Sold)
	// A wallet buyer paid 1.00 from their balance; a QR buyer paid outside, their balance untouched.
	for _, id := range ids {
		orders, err := db.Shop().Orders(ctx, id, persistence.OrderPaid, 0, 10)
		require.NoError(t, err)
		want := int64(500)
		if len(orders) == 1 && orders[0].Payment == "money" {
			want = 400
		}
		assert.LessOrEqual(t, len(orders), 1)
		b, err := db.Wallets().Balances(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, want, b["CNY"], "buyer %d", id)
	}
	audit, err := db.Wallets().Audit(ctx)
	require.NoError(t, err)
	require.True(t, audit.Clean(), "ledger audit: %+v", audit)
	for asset, total := range audit.MemberTotals {
		for _, accounts := range audit.SystemTotals {
			total += accounts[asset]
		}
		assert.Zero(t, total, "the entries of %s sum to zero", asset)
	}
	assert.Equal(t, int64(items*100), audit.SystemTotals[persistence.AccountRevenue]["CNY"], "the revenue is the 10 sales")
}

// shopCall runs an action on a node with client; status 0 when the node
// does not answer.
func shopCall(t *testing.T, client *http.Client, base, name string, data any) result {
	t.Helper()
	body, err := json.Marshal(map[string]any{"action": name, "data": data, "lang": "en", "currency": "CNY"})
	require.NoError(t, err)
	res, err := client.Post(base+"/api/request", "application/json", bytes.NewReader(body))
	if err != nil {
		return result{}
	}
	defer res.Body.Close()
	reply, _ := io.ReadAll(res.Body)
	out := result{status: res.StatusCode, body: reply}
	if res.StatusCode != http.StatusOK {
		var refusal struct {
			Codes []string `json:"codes"`
		}
		if json.Unmarshal(reply, &refusal) == nil && len(refusal.Codes) > 0 {
			out.code = refusal.Codes[0]
		}
	}
	return out
}
