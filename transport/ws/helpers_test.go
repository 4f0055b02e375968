package ws

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
)

// roomHandler is the tests' handler: "echo" answers with the same data,
// "join" adds the connection to the group named by data.room.
type roomHandler struct {
	groups *Groups

	mu     sync.Mutex
	opened int
	closed map[uint64][]string // guarded by mu; reasons per connection
	conns  []*Conn             // guarded by mu
}

func newRoomHandler() *roomHandler {
	return &roomHandler{groups: NewGroups(), closed: make(map[uint64][]string)}
}

func (h *roomHandler) Open(c *Conn) {
	h.mu.Lock()
	h.opened++
	h.conns = append(h.conns, c)
	h.mu.Unlock()
}

func (h *roomHandler) Frame(c *Conn, f Frame) {
	switch f.Action {
	case "echo":
		c.SendJSON("echo", f.Data)
	case "join":
		var in struct{ Room string }
		_ = json.Unmarshal(f.Data, &in)
		h.groups.Add(in.Room, c)
		c.SendJSON("join_success", map[string]string{"room": in.Room})
	case "close":
		c.Close(CloseNormal, "bye")
	case "signin":
		c.SignedIn()
		c.SendJSON("signed_in", nil)
	}
}

func (h *roomHandler) Close(c *Conn, reason string) {
	h.groups.RemoveAll(c)
	h.mu.Lock()
	h.closed[c.ID()] = append(h.closed[c.ID()], reason)
	h.mu.Unlock()
}

func (h *roomHandler) closeReasons(id uint64) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.closed[id]...)
}

func (h *roomHandler) closedCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.closed)
}

func (h *roomHandler) lastConn() *Conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.conns[len(h.conns)-1]
}

// readModes runs a test with the epoll poller and with a goroutine per
// connection.
var readModes = []struct {
	name          string
	disablePoller bool
}{
	{name: "poller", disablePoller: false},
	{name: "goroutine", disablePoller: true},
}

type testServer struct {
	gw    *Gateway
	h     *roomHandler
	srv   *httptest.Server
	url   string
	wsURL string
	gwCfg Config
}

func newTestServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	h := newRoomHandler()
	if cfg.Handler == nil {
		cfg.Handler = h
	}
	gw := New(cfg)
	mux := http.NewServeMux()
	mux.Handle("GET /api/ws", gw)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = gw.Shutdown(ctx)
		srv.Close()
	})
	return &testServer{
		gw: gw, h: h, srv: srv, gwCfg: cfg,
		url:   srv.URL + "/api/ws",
		wsURL: "ws" + strings.TrimPrefix(srv.URL, "http") + "/api/ws",
	}
}

// client is a gobwas websocket client.
type client struct {
	t    testing.TB
	conn net.Conn
	rd   *wsutil.Reader
	hs   gws.Handshake
	// pings counts the server's pings that next answered.
	pings atomic.Int64
}

// dial connects a client and waits until the handler has opened it, so
// that lastConn is its server side. Dials of one server are sequential.
func (s *testServer) dial(t testing.TB) *client {
	t.Helper()
	s.h.mu.Lock()
	opened := s.h.opened
	s.h.mu.Unlock()
	c := dialWith(t, s.wsURL, gws.Dialer{})
	waitFor(t, "Handler.Open", 5*time.Second, func() bool {
		s.h.mu.Lock()
		defer s.h.mu.Unlock()
		return s.h.opened > opened
	})
	return c
}

func dialWith(t testing.TB, url string, d gws.Dialer) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, br, hs, err := d.Dial(ctx, url)
	if err != nil {
		t.Fatalf(
			"dial %s: %v",
			url, err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	var src net.Conn = conn
	c := &client{t: t, conn: conn, hs: hs}
	if br != nil {
		c.rd = wsutil.NewClientSideReader(&bufferedConn{Conn: src, r: br})
	} else {
		c.rd = wsutil.NewClientSideReader(conn)
	}
	return c
}

type bufferedConn struct {
	net.Conn
	r interface{ Read([]byte) (int, error) }
}

func (b *bufferedConn) Read(p []byte) (int, error) { return b.r.Read(p) }

func (c *client) sendText(s string) {
	c.t.Helper()
	if err := wsutil.WriteClientText(c.conn, []byte(s)); err != nil {
		c.t.Fatalf(
			"write: %v",
			err)
	}
}

func (c *client) send(action string, data any) {
	c.t.Helper()
	b, err := Encode(action, data)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendText(string(b))
}

// closeErr is what a read returns once the server closed the connection.
type closeErr struct {
	code   int
	reason string
}

func (e closeErr) Error() string { return "closed " + e.reason }

// next reads the next data message, answering pings, or returns closeErr.
func (c *client) next(timeout time.Duration) (gws.OpCode, []byte, error) {
	_ = c.conn.SetReadDeadline(time.Now().Add(timeout))
	for {
		hdr, err := c.rd.NextFrame()
		if err != nil {
			return 0, nil, err
		}
		if hdr.OpCode.IsControl() {
			p := make([]byte, hdr.Length)
			if _, err := readFull(c.rd, p); err != nil {
				return 0, nil, err
			}
			switch hdr.OpCode {
			case gws.OpPing:
				c.pings.Add(1)
				_ = wsutil.WriteClientMessage(c.conn, gws.OpPong, p)
			case gws.OpClose:
				code, reason := gws.ParseCloseFrameData(p)
				return gws.OpClose, nil, closeErr{code: int(code), reason: reason}
			}
			continue
		}
		p, err := readAll(c.rd, 512, 1<<30)
		return hdr.OpCode, p, err
	}
}

func readFull(r *wsutil.Reader, p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := r.Read(p[n:])
		n += m
		if err != nil {
			if n == len(p) {
				return n, nil
			}
			return n, err
		}
	}
	return n, nil
}

// frame reads the next data frame as a Frame.
func (c *client) frame() Frame {
	c.t.Helper()
	_, p, err := c.next(5 * time.Second)
	if err != nil {
		c.t.Fatalf(
			"read: %v",
			err)
	}
	var f Frame
	if err := json.Unmarshal(p, &f); err != nil {
		c.t.Fatalf(
			"frame %q: %v",
			p, err)
	}
	return f
}

// closed reads until the server's close frame and returns it.
func (c *client) closed() closeErr {
	c.t.Helper()
	for {
		_, _, err := c.next(5 * time.Second)
		var ce closeErr
		if errors.As(err, &ce) {
			return ce
		}
		if err != nil {
			c.t.Fatalf(
				"waiting for close: %v",
				err)
		}
	}
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t testing.TB, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf(
				"timed out waiting for %s",
				what)
		}
		time.Sleep(time.Millisecond)
	}
}
