package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWalletEndToEnd: on a dev node, the demo member tops up, a guest
// holding the QR's URL pays it (the sandbox's callback comes back to the
// node over HTTP), and the member's open websocket sees the balance change;
// the member buys a VIP tier and the same socket is told, and may chat
// without reconnecting.
func TestWalletEndToEnd(t *testing.T) {
	f := newAuthzFixture(t, nil)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	conn, _, _, err := ws.Dial(ctx, "ws"+strings.TrimPrefix(f.base, "http")+"/api/ws?lang=en")
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetDeadline(time.Now().Add(20*time.Second)))
	send := func(action string, data any) {
		b, err := json.Marshal(map[string]any{"action": action, "data": data})
		require.NoError(t, err)
		require.NoError(t, wsutil.WriteClientText(conn, b))
	}
	await := func(action string) json.RawMessage {
		for {
			msg, err := wsutil.ReadServerText(conn)
			require.NoError(t, err, "waiting for %s", action)
			var fr frame
			require.NoError(t, json.Unmarshal(msg, &fr))
			if fr.Action == action {
				return fr.Data
			}
			require.NotEqual(t, "error", fr.Action, "%s", fr.Data)
		}
	}
	tok := f.tokens[asMember]
	send("connect", map[string]any{"userId": f.ids[asMember], "signature": tok["signature"], "timestamp": tok["timestamp"]})
	await("connect")

	var before struct {
		Wallet struct {
			Money map[string]string `json:"money"`
		} `json:"wallet"`
	}
	f.must(asMember, "wallet.get", nil, &before)
	page := f.topUp(asMember, "4.99")
	res := f.call(asGuest, "payments.sandboxPay", page)
	require.Equal(t, ok, res.status, "%s", res)
	assert.Contains(t, string(res.body), `"status":"paid"`)
	var live struct {
		Money map[string]string `json:"money"`
	}
	require.NoError(t, json.Unmarshal(await("wallet"), &live))
	assert.Equal(t, addCents(t, before.Wallet.Money["USD"], 499), live.Money["USD"], "the member's socket sees the top-up")
	replay := f.call(asGuest, "payments.sandboxPay", page)
	require.Equal(t, ok, replay.status, "%s", replay)

	refused := f.call(asMember, "utils.chat", map[string]any{"text": "before the tier"})
	require.Equal(t, http.StatusForbidden, refused.status, "Lv1 may not chat: %s", refused)

	f.must(asMember, "wallet.buyMembership", map[string]any{"tier": "vip1", "currency": "USD", "idemKey": "e2e-buy-vip1"}, nil)
	await("wallet")
	assert.JSONEq(t, `{"reason":"membership"}`, string(await("viewer")))
	send("join_room", map[string]any{"room": "chat"})
	await("join_success")
	// The access token the member holds was issued before the purchase: it
	// is read with the new rights, no refresh needed.
	chat := f.call(asMember, "utils.chat", map[string]any{"text": "with the tier"})
	require.Equal(t, ok, chat.status, "the member's HTTP calls have the tier's rights at once: %s", chat)

	// Another feature's money (a paid node's joining fee, USD 2.99) moves
	// through the wallet service: the balances come live too.
	var held struct {
		Wallet struct {
			Money map[string]string `json:"money"`
		} `json:"wallet"`
	}
	f.must(asMember, "wallet.get", nil, &held)
	f.must(asMember, "community.join", map[string]any{"nodeId": 2000000002}, nil)
	require.NoError(t, json.Unmarshal(await("wallet"), &live))
	assert.Equal(t, addCents(t, held.Wallet.Money["USD"], -299), live.Money["USD"], "the joining fee, live")

	// The console reads the member's balances and ledger through the wallet.
	var detail struct {
		Wallet struct {
			Balances []struct {
				Currency string `json:"currency"`
				Amount   string `json:"amount"`
			} `json:"balances"`
		} `json:"wallet"`
	}
	f.must(asAdmin, "admin.member", map[string]any{"userId": f.ids[asMember]}, &detail)
	var usd string
	for _, b := range detail.Wallet.Balances {
		if b.Currency == "USD" {
			usd = b.Amount
		}
	}
	assert.Equal(t, live.Money["USD"], usd, "admin.member's balances are the member's")
	var ledger struct {
		Entries []struct {
			Reason string `json:"reason"`
		} `json:"entries"`
	}
	f.must(asAdmin, "admin.memberLedger", map[string]any{"userId": f.ids[asMember], "first": 1}, &ledger)
	require.Len(t, ledger.Entries, 1)
	assert.Equal(t, "node_join", ledger.Entries[0].Reason, "the member's newest entry first")
}

// addCents adds cents to a money text with two decimals.
func addCents(t *testing.T, text string, cents int64) string {
	t.Helper()
	units, err := strconv.ParseInt(strings.Replace(text, ".", "", 1), 10, 64)
	require.NoError(t, err, text)
	s := fmt.Sprintf("%03d", units+cents)
	return s[:len(s)-2] + "." + s[len(s)-2:]
}
