package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/admin"
	"souk/app/ops"
	"souk/app/settings"
)

// watchSite opens a guest's websocket on the node at base watching the
// site's live channel; the returned function reads frames until the
// channel's settings event, and answers its data.
func watchSite(t *testing.T, base string) func() json.RawMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	t.Cleanup(cancel)
	conn, _, _, err := ws.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/ws?lang=en")
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	require.NoError(t, conn.SetDeadline(time.Now().Add(20*time.Second)))
	frame, err := json.Marshal(map[string]any{"action": "watch", "data": map[string]any{"channel": siteChannel}})
	require.NoError(t, err)
	require.NoError(t, wsutil.WriteClientText(conn, frame))
	type liveFrame struct {
		Action string `json:"action"`
		Data   struct {
			Channel string          `json:"channel"`
			Event   string          `json:"event"`
			Data    json.RawMessage `json:"data"`
		} `json:"data"`
	}
	read := func() liveFrame {
		msg, err := wsutil.ReadServerText(conn)
		require.NoError(t, err)
		var fr liveFrame
		require.NoError(t, json.Unmarshal(msg, &fr))
		require.NotEqual(t, "error", fr.Action, "%s", msg)
		return fr
	}
	for read().Action != "watch" {
	}
	return func() json.RawMessage {
		for {
			fr := read()
			if fr.Action == "live" && fr.Data.Channel == siteChannel && fr.Data.Event == settingsSavedEvent {
				return fr.Data.Data
			}
		}
	}
}

// TestSettingsApplyOnEveryNode: a currency an administrator adds on one
// node shows at once in utils.getSettings on another node (long before
// the copies' time to live would let it), with the new settingsVersion
// soon after; the operators' cluster view answers each node's rates and
// database connections.
func TestSettingsApplyOnEveryNode(t *testing.T) {
	dataDir, db := clusterTestStore(t)
	n1 := startMediaNode(t, nodeArgs(dataDir, db, 1, freeAddr(t)))
	n2 := launchNode(t, nodeArgs(dataDir, db, 2, freeAddr(t)))
	n2.waitReady(t, 30*time.Second)
	ctx := context.Background()
	login := demoLogin(asAdmin)
	operator, err := signInAt(t, n1.base, login.Email, login.Password)
	require.NoError(t, err)
	visitor := &http.Client{Timeout: 10 * time.Second}
	// A currency nobody else asks for: node 2's reply for it is read now,
	// and kept for settings.CacheTTL unless the save drops it.
	const asked = "XTS"
	readNode2 := func() settings.GetReply {
		var reply settings.GetReply
		require.NoError(t, callAction(ctx, visitor, n2.base, "utils.getSettings", map[string]any{"currency": asked}, &reply))
		return reply
	}
	hasGBP := func(r settings.GetReply) bool {
		return slices.ContainsFunc(r.Settings.Currency, func(c settings.Currency) bool { return c.Code == "GBP" })
	}

	site := watchSite(t, n2.base)

	var current admin.SettingsReply
	require.NoError(t, callAction(ctx, operator, n1.base, "admin.settings", struct{}{}, &current))
	require.False(t, hasGBP(readNode2()))
	gbp := admin.CurrencySetting{Code: "GBP", SymbolISO: "GBP", Symbol: "£", Decimals: 2,
		Names: map[string]string{"zh-hans": "英镑", "en": "Pound sterling", "es": "Libra esterlina"}}
	var saved admin.SaveSettingsReply
	require.NoError(t, callAction(ctx, operator, n1.base, "admin.saveSettings", map[string]any{"section": "currencies",
		"version": current.Version, "value": append(current.Currencies, gbp)}, &saved))
	assert.Equal(t, current.Version+1, saved.Version)
	require.Eventually(t, func() bool { return hasGBP(readNode2()) }, settings.CacheTTL/2, 20*time.Millisecond,
		"node 2 shows the currency at once")
	assert.JSONEq(t, fmt.Sprintf(`{"version":%d}`, saved.Version), string(site()),
		"a guest's page on node 2 is told to read the settings again")
	require.Eventually(t, func() bool { return readNode2().SettingsVersion == saved.Version }, 5*time.Second,
		100*time.Millisecond, "node 2 answers the new version once its copies are surely as new")

	var status ops.ClusterStatusReply
	require.Eventually(t, func() bool {
		return callAction(ctx, operator, n1.base, "admin.clusterStatus", struct{}{}, &status) == nil && len(status.Nodes) == 2
	}, 20*time.Second, 200*time.Millisecond)
	for _, n := range status.Nodes {
		assert.Positive(t, n.DB.Open, "%s has database connections open", n.Node)
		assert.GreaterOrEqual(t, n.DeliveriesPerSecond, 0.0)
		assert.GreaterOrEqual(t, n.ChatPerSecond, 0.0)
	}
}
