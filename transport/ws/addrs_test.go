package ws

import (
	"net/http"
	"testing"
	"time"

	gws "github.com/gobwas/ws"
)

// upgradeStatus sends an upgrade request with header and returns the
// response's status; a connection it opens is closed.
func upgradeStatus(t *testing.T, url string, header http.Header) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Sec-WebSocket-Version", "13")
	req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}

// TestConnectionsPerAddress: one client address holds at most MaxPerAddr
// connections, and at most MaxGuestsPerAddr not signed in; an upgrade
// beyond is refused with 429 before it is made, and a closed or signed-in
// connection frees its place. With TrustProxy the forwarded address
// counts, so that clients behind one proxy do not share a limit.
func TestConnectionsPerAddress(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{MaxPerAddr: 3, MaxGuestsPerAddr: 2})
	a, b := s.dial(t), s.dial(t)
	if got := upgradeStatus(t, s.url, nil); got != http.StatusTooManyRequests {
		t.Fatalf("a third guest: status %d, want 429", got)
	}
	a.send("signin", nil)
	if f := a.frame(); f.Action != "signed_in" {
		t.Fatalf("got %q", f.Action)
	}
	s.dial(t) // a member's place frees a guest's
	if got := upgradeStatus(t, s.url, nil); got != http.StatusTooManyRequests {
		t.Fatalf("a fourth connection: status %d, want 429", got)
	}
	if n := s.gw.Stats().RefusedPerAddr; n != 2 {
		t.Fatalf("RefusedPerAddr %d, want 2", n)
	}
	_ = b.conn.Close()
	waitFor(t, "the closed connection's place", 5*time.Second, func() bool { return s.gw.Stats().Open == 2 })
	s.dial(t)

	proxied := newTestServer(t, Config{MaxPerAddr: 1, TrustProxy: true})
	from := func(ip string) gws.Dialer {
		return gws.Dialer{Header: gws.HandshakeHeaderHTTP(http.Header{"X-Forwarded-For": {"203.0.113.9, " + ip}})}
	}
	dialWith(t, proxied.wsURL, from("198.51.100.1"))
	dialWith(t, proxied.wsURL, from("198.51.100.2"))
	if got := upgradeStatus(t, proxied.url, http.Header{"X-Forwarded-For": {"198.51.100.1"}}); got != http.StatusTooManyRequests {
		t.Fatalf("a second connection of a forwarded address: status %d, want 429", got)
	}
	dialWith(t, proxied.wsURL, from("2001:db8::1"))
	if got := upgradeStatus(t, proxied.url, http.Header{"X-Forwarded-For": {"2001:db8::2"}}); got != http.StatusTooManyRequests {
		t.Fatalf("an IPv6 address of the same /64: status %d, want 429", got)
	}
}
