package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/require"

	"souk/app/demo"
	"souk/persistence/pgtest"
)

// dbProxy is a TCP proxy between a node and PostgreSQL that a test can cut
// (every connection dropped, new ones refused) and restore on the same
// address.
type dbProxy struct {
	t      *testing.T
	addr   string // the proxy's own address, kept across cuts
	target string

	mu    sync.Mutex
	ln    net.Listener      // guarded by mu; nil while cut
	conns map[net.Conn]bool // guarded by mu
}

func newDBProxy(t *testing.T, target string) *dbProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &dbProxy{t: t, addr: ln.Addr().String(), target: target, conns: map[net.Conn]bool{}}
	p.serve(ln)
	t.Cleanup(p.cut)
	return p
}

func (p *dbProxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			go p.pipe(client)
		}
	}()
}

func (p *dbProxy) pipe(client net.Conn) {
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		_ = client.Close()
		return
	}
	p.mu.Lock()
	if p.ln == nil {
		p.mu.Unlock()
		_ = client.Close()
		_ = server.Close()
		return
	}
	p.conns[client], p.conns[server] = true, true
	p.mu.Unlock()
	go func() { _, _ = io.Copy(server, client); _ = server.Close() }()
	_, _ = io.Copy(client, server)
	_ = client.Close()
}

// cut drops every connection and refuses new ones (the port is closed).
func (p *dbProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		_ = p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		_ = c.Close()
	}
	clear(p.conns)
}

// restore listens again on the same address.
func (p *dbProxy) restore() {
	ln, err := net.Listen("tcp", p.addr)
	require.NoError(p.t, err)
	p.serve(ln)
}

// outageClient is a member's browser: cookies, the socket token, and what
// the node answered them.
type outageClient struct {
	t      *testing.T
	base   string
	http   *http.Client
	userID string
	token  map[string]any
}

type httpAnswer struct {
	status     int
	retryAfter string
	body       map[string]any
}

func (c *outageClient) post(path, body string) httpAnswer {
	req, err := http.NewRequestWithContext(c.t.Context(), http.MethodPost, c.base+path, strings.NewReader(body))
	require.NoError(c.t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	var reply map[string]any
	require.NoError(c.t, json.NewDecoder(res.Body).Decode(&reply))
	return httpAnswer{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After"), body: reply}
}

func (c *outageClient) action(name string, data any) httpAnswer {
	raw, err := json.Marshal(map[string]any{"action": name, "data": data, "lang": "en"})
	require.NoError(c.t, err)
	return c.post("/api/request", string(raw))
}

func (c *outageClient) cookie(path, name string) string {
	u, _ := url.Parse(c.base + path)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == name {
			return ck.Value
		}
	}
	return ""
}

func loginOutageClient(t *testing.T, base, email, password string) *outageClient {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &outageClient{t: t, base: base, http: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	a := c.action("auth.login", map[string]any{"provider": "PASSWORD", "username": email, "password": password})
	require.Equal(t, http.StatusOK, a.status, a.body)
	user := a.body["login"].(map[string]any)["user"].(map[string]any)
	c.userID = fmt.Sprint(user["databaseId"])
	c.token = user["gqUserSocketToken"].(map[string]any)
	return c
}

// socket opens a websocket and sends connect; it returns the connection and
// the first frame answered.
func (c *outageClient) socket() (net.Conn, map[string]any) {
	conn, _, _, err := ws.Dial(c.t.Context(), "ws"+strings.TrimPrefix(c.base, "http")+"/api/ws?lang=en")
	require.NoError(c.t, err)
	c.t.Cleanup(func() { _ = conn.Close() })
	c.send(conn, "connect", map[string]any{"userId": c.userID, "signature": c.token["signature"], "timestamp": c.token["timestamp"]})
	return conn, readFrame(c.t, conn, 15*time.Second)
}

func (c *outageClient) send(conn net.Conn, name string, data any) {
	raw, err := json.Marshal(map[string]any{"action": name, "data": data})
	require.NoError(c.t, err)
	require.NoError(c.t, wsutil.WriteClientText(conn, raw))
}

// readFrame reads one frame within wait; nil when none came.
func readFrame(t *testing.T, conn net.Conn, wait time.Duration) map[string]any {
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	raw, err := wsutil.ReadServerText(conn)
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return nil
	}
	require.NoError(t, err, "the socket stays open")
	var frame map[string]any
	require.NoError(t, json.Unmarshal(raw, &frame))
	return frame
}

// requireRetryable fails unless an HTTP refusal is a 503 that says when to
// retry, in the header and the body, with an unavailable code.
func requireRetryable(t *testing.T, what string, a httpAnswer) {
	t.Helper()
	require.Equal(t, http.StatusServiceUnavailable, a.status, "%s: %v", what, a.body)
	require.NotEmpty(t, a.retryAfter, "%s: Retry-After", what)
	require.Greater(t, a.body["retryAfterMs"], float64(0), "%s: retryAfterMs", what)
	code := fmt.Sprint(a.body["codes"])
	require.True(t, strings.Contains(code, "common.error.unavailable") || strings.Contains(code, "chat.error.unavailable"), "%s: %s", what, code)
}

// TestDatabaseOutageAnswersHonestly cuts a node off PostgreSQL for a few
// seconds while a member sends private messages over HTTP and chat over the
// websocket: every refusal is a retryable 503 (never a 500, never a bad
// signature), the refusals do not close the socket as abusive, the session
// survives, and every acknowledged message is stored exactly once.
func TestDatabaseOutageAnswersHonestly(t *testing.T) {
	dbURL, err := url.Parse(pgtest.NewDatabase(t))
	require.NoError(t, err)
	proxy := newDBProxy(t, dbURL.Host)
	dbURL.Host = proxy.addr
	base := startServer(t, "--db", dbURL.String())

	vip := loginOutageClient(t, base, "vip@souk.dev", demo.VIPPassword)
	member := loginOutageClient(t, base, "member@souk.dev", demo.MemberPassword)
	conn, first := vip.socket()
	require.Equal(t, "connect", first["action"], first)

	var pmAcked, chatAcked []string
	pmPending, chatPending := "", ""
	pmN, chatN := 0, 0
	var lastChatAck, lastPM, chatNotBefore time.Time
	wsRefusals, connectRefusals, sessionChecks := 0, 0, 0

	// step sends what is due: the pending private message again (or a new
	// one), the pending chat message again (or a new one once the room's
	// send interval passed), and reads the socket's answer.
	step := func(outage bool) {
		if time.Since(lastPM) >= 500*time.Millisecond {
			lastPM = time.Now()
			if pmPending == "" {
				pmN++
				pmPending = fmt.Sprintf("outage-pm-%d", pmN)
			}
			a := vip.action("mutates.sendMessage", map[string]any{"toId": member.userID, "content": pmPending, "clientId": pmPending})
			if a.status == http.StatusOK {
				pmAcked, pmPending = append(pmAcked, pmPending), ""
			} else {
				requireRetryable(t, "mutates.sendMessage", a)
			}
		}
		if chatPending == "" && time.Since(lastChatAck) > 2100*time.Millisecond {
			chatN++
			chatPending = fmt.Sprintf("outage-chat-%d", chatN)
		}
		if chatPending != "" && time.Now().After(chatNotBefore) {
			vip.send(conn, "chat_room", map[string]any{"room": demo.DemoRoom, "message": chatPending, "clientId": chatPending})
			for deadline := time.Now().Add(12 * time.Second); time.Now().Before(deadline); {
				frame := readFrame(t, conn, time.Until(deadline))
				require.NotNil(t, frame, "chat_room is answered within the action deadline")
				data, _ := frame["data"].(map[string]any)
				if data["clientId"] != chatPending {
					continue
				}
				if frame["action"] == "chat_ack" {
					chatAcked, chatPending, lastChatAck = append(chatAcked, chatPending), "", time.Now()
				} else {
					require.Equal(t, "error", frame["action"], frame)
					require.Greater(t, data["retryAfterMs"], float64(0), frame)
					if data["code"] == "chat.error.throttled" {
						// The room's send interval: the client's pacing, not the outage.
						chatNotBefore = time.Now().Add(time.Duration(data["retryAfterMs"].(float64)) * time.Millisecond)
						break
					}
					require.Equal(t, "chat.error.unavailable", data["code"], frame)
					wsRefusals++
				}
				break
			}
		}
		if outage && sessionChecks < 5 {
			sessionChecks++
			viewer := vip.action("auth.viewer", map[string]any{})
			requireRetryable(t, "auth.viewer", viewer)
			refresh := vip.post("/api/auth/refresh", "")
			requireRetryable(t, "auth.refresh", refresh)
		}
		if outage {
			if connectRefusals < 2 {
				_, answer := vip.socket()
				require.Equal(t, "error", answer["action"], "a connect while the database is away: %v", answer)
				data := answer["data"].(map[string]any)
				require.Equal(t, "common.error.unavailable", data["code"], "never a bad signature: %v", answer)
				require.Greater(t, data["retryAfterMs"], float64(0))
				connectRefusals++
			}
		}
		time.Sleep(100 * time.Millisecond)
	}

	for start := time.Now(); time.Since(start) < 1500*time.Millisecond; {
		step(false)
	}
	require.NotEmpty(t, pmAcked, "private messages go through before the outage")
	require.NotEmpty(t, chatAcked, "chat goes through before the outage")

	// The outage lasts at least 4 s and until the socket has been refused
	// more often than the abuse limit allows (a busy machine sends fewer a
	// second), within a bound.
	proxy.cut()
	for start := time.Now(); (time.Since(start) < 4*time.Second || wsRefusals <= 30) && time.Since(start) < 45*time.Second; {
		step(true)
	}
	require.Greater(t, wsRefusals, 30, "more refusals than the abuse limit, and the socket stays open")
	proxy.restore()

	deadline := time.Now().Add(20 * time.Second)
	for (pmPending != "" || chatPending != "") && time.Now().Before(deadline) {
		step(false)
	}
	require.Empty(t, pmPending, "the private message is stored once the database is back")
	require.Empty(t, chatPending, "the chat message is stored once the database is back")

	viewer := vip.action("auth.viewer", map[string]any{})
	require.Equal(t, http.StatusOK, viewer.status, viewer.body)
	require.NotNil(t, viewer.body["viewer"], "the session survived the outage")
	_, answer := vip.socket()
	require.Equal(t, "connect", answer["action"], answer)
	require.NotEmpty(t, vip.cookie("/api/auth/refresh", "souk_refresh"), "the refresh cookie was kept")
	refresh := vip.post("/api/auth/refresh", "")
	require.Equal(t, http.StatusOK, refresh.status, "the refresh token still works: %v", refresh.body)

	pms := vip.action("utils.getPrivateMessage", map[string]any{"toId": member.userID, "first": 50})
	require.Equal(t, http.StatusOK, pms.status, pms.body)
	stored := map[string]int{}
	for _, e := range pms.body["privateMessages"].(map[string]any)["edges"].([]any) {
		stored[fmt.Sprint(e.(map[string]any)["node"].(map[string]any)["content"])]++
	}
	for _, content := range pmAcked {
		require.Equal(t, 1, stored[content], "private message %s stored exactly once", content)
	}
	chat := vip.action("utils.getChatMessages", map[string]any{"room": demo.DemoRoom, "first": 50})
	require.Equal(t, http.StatusOK, chat.status, chat.body)
	stored = map[string]int{}
	page := chat.body["guaqi"].(map[string]any)["utils"].(map[string]any)["getChatMessages"].(map[string]any)
	for _, e := range page["edges"].([]any) {
		stored[fmt.Sprint(e.(map[string]any)["node"].(map[string]any)["message"])]++
	}
	for _, content := range chatAcked {
		require.Equal(t, 1, stored[content], "chat message %s stored exactly once", content)
	}
}
