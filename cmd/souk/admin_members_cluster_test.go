package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/require"

	"souk/app/demo"
)

// TestBanClosesSocketsOnEveryNode bans the demo member from node 1 while
// their socket is connected to node 2: the socket closes well within the
// nodes' own revocation poll and sweep (a second each), because node 2
// hears of the ban over the bus; the member's next call is refused.
func TestBanClosesSocketsOnEveryNode(t *testing.T) {
	dataDir, dbURL := postgresClusterStore(t)
	nodes := startNodes(t, 2, dataDir, dbURL, "--trust-proxy", "--secret", "ban-cluster-test-secret-0123456789abcdef")
	login := func(base string, l demo.Login) (*http.Client, map[string]any) {
		client := newClient(t)
		res := shopCall(t, client, base, "auth.login", map[string]any{"provider": "PASSWORD", "username": l.Email, "password": l.Password})
		require.Equal(t, http.StatusOK, res.status, "sign in %s: %s", l.Email, res)
		var reply struct {
			Login struct {
				User map[string]any `json:"user"`
			} `json:"login"`
		}
		require.NoError(t, json.Unmarshal(res.body, &reply))
		return client, reply.Login.User
	}
	admin, _ := login(nodes[0].base, demoLogin(asAdmin))
	member, user := login(nodes[1].base, demoLogin(asMember))
	token := user["gqUserSocketToken"].(map[string]any)

	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	conn, _, _, err := ws.Dial(ctx, "ws"+strings.TrimPrefix(nodes[1].base, "http")+"/api/ws?lang=en")
	require.NoError(t, err)
	defer conn.Close()
	b, err := json.Marshal(map[string]any{"action": "connect", "data": map[string]any{"userId": user["databaseId"],
		"signature": token["signature"], "timestamp": token["timestamp"]}})
	require.NoError(t, err)
	require.NoError(t, wsutil.WriteClientText(conn, b))
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(10*time.Second)))
	for {
		msg, err := wsutil.ReadServerText(conn)
		require.NoError(t, err, "waiting for connect")
		var fr frame
		require.NoError(t, json.Unmarshal(msg, &fr))
		if fr.Action == "connect" {
			break
		}
		require.NotEqual(t, "error", fr.Action, "connect refused: %s", fr.Data)
	}

	banned := time.Now()
	res := shopCall(t, admin, nodes[0].base, "admin.ban", map[string]any{"userId": user["databaseId"], "reason": "cluster test", "minutes": 10})
	require.Equal(t, http.StatusOK, res.status, "%s", res)
	// The socket closes: read until the close (frames sent before it may come first).
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(5*time.Second)))
	for {
		_, err := wsutil.ReadServerText(conn)
		if err == nil {
			continue
		}
		var closed wsutil.ClosedError
		require.True(t, errors.As(err, &closed), "the socket closes, not times out: %v", err)
		require.Equal(t, ws.StatusPolicyViolation, closed.Code)
		break
	}
	took := time.Since(banned)
	require.Less(t, took, 900*time.Millisecond, "closed at once, not at the next poll and sweep")
	t.Logf("socket closed %s after the ban was answered on the other node", took.Round(time.Millisecond))

	res = shopCall(t, member, nodes[1].base, "auth.viewer", nil)
	require.Equal(t, http.StatusOK, res.status, "%s", res)
	require.JSONEq(t, `{"viewer":null}`, string(res.body), "the member's session ended on node 2 too")
	res = shopCall(t, member, nodes[1].base, "account.signIn", nil)
	require.Equal(t, http.StatusUnauthorized, res.status, "%s", res)
}
