package ws

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
)

func TestEcho(t *testing.T) {
	t.Parallel()
	for _, mode := range readModes {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			s := newTestServer(t, Config{DisablePoller: mode.disablePoller})
			c := s.dial(t)
			for i := range 50 {
				c.send("echo", map[string]int{"n": i})
				f := c.frame()
				if f.Action != "echo" || string(f.Data) != fmt.Sprintf(`{"n":%d}`, i) {
					t.Fatalf(
						"echo %d: got %s %s",
						i, f.Action, f.Data)
				}
			}
			if st := s.gw.Stats(); st.Open != 1 || st.FramesIn != 50 {
				t.Errorf(
					"stats: %+v",
					st)
			}
		})
	}
}

func TestFragmentedMessageWithPing(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	c := s.dial(t)
	parts := []string{`{"action":"ec`, `ho","data":`, `{"x":1}}`}
	for i, p := range parts {
		op := gws.OpContinuation
		if i == 0 {
			op = gws.OpText
		}
		f := gws.NewFrame(op, i == len(parts)-1, []byte(p))
		if err := gws.WriteFrame(c.conn, gws.MaskFrameInPlace(f)); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if err := gws.WriteFrame(c.conn, gws.MaskFrameInPlace(gws.NewPingFrame([]byte("hi")))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if f := c.frame(); f.Action != "echo" || string(f.Data) != `{"x":1}` {
		t.Fatalf(
			"got %s %s",
			f.Action, f.Data)
	}
}

func TestBadFrameKeepsConnection(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	c := s.dial(t)
	for _, bad := range []string{"not json", `{"data":{}}`, `[1,2]`} {
		c.sendText(bad)
		f := c.frame()
		var data errorFrame
		_ = json.Unmarshal(f.Data, &data)
		if f.Action != "error" || data.Code != "bad_frame" || data.Message == "" {
			t.Fatalf(
				"%q: got %s %s",
				bad, f.Action, f.Data)
		}
	}
	c.send("echo", "still here")
	if f := c.frame(); f.Action != "echo" {
		t.Fatalf(
			"after bad frames: %s",
			f.Action)
	}
}

func TestAbusiveClientClosed(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{BadFrameLimit: 3})
	c := s.dial(t)
	for range 4 {
		c.sendText("garbage")
	}
	if got := c.closed(); got.code != ClosePolicy || got.reason != ReasonAbusive {
		t.Fatalf(
			"close: %+v",
			got)
	}
}

func TestProtocolViolationsClose(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		cfg    Config
		write  func(c *client) error
		code   int
		reason string
	}{
		{
			name:   "binary frame",
			write:  func(c *client) error { return wsutil.WriteClientBinary(c.conn, []byte("bin")) },
			code:   CloseUnsupported,
			reason: ReasonBinary,
		},
		{
			name: "oversize frame",
			cfg:  Config{MaxFrameBytes: 1024},
			write: func(c *client) error {
				return wsutil.WriteClientText(c.conn, []byte(`{"action":"echo","data":"`+strings.Repeat("x", 4096)+`"}`))
			},
			code:   CloseTooBig,
			reason: ReasonTooBig,
		},
		{
			name: "oversize fragmented message",
			cfg:  Config{MaxFrameBytes: 1024},
			write: func(c *client) error {
				for i := range 4 {
					op := gws.OpContinuation
					if i == 0 {
						op = gws.OpText
					}
					f := gws.NewFrame(op, i == 3, []byte(strings.Repeat("x", 500)))
					if err := gws.WriteFrame(c.conn, gws.MaskFrameInPlace(f)); err != nil {
						return err
					}
				}
				return nil
			},
			code:   CloseTooBig,
			reason: ReasonTooBig,
		},
		{
			name: "unmasked frame",
			write: func(c *client) error {
				return gws.WriteFrame(c.conn, gws.NewTextFrame([]byte(`{"action":"echo"}`)))
			},
			code:   CloseProtocol,
			reason: ReasonProtocol,
		},
	}
	for _, mode := range readModes {
		for _, tt := range tests {
			t.Run(mode.name+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				cfg := tt.cfg
				cfg.DisablePoller = mode.disablePoller
				s := newTestServer(t, cfg)
				c := s.dial(t)
				if err := tt.write(c); err != nil {
					t.Fatal(err)
				}
				if got := c.closed(); got.code != tt.code || got.reason != tt.reason {
					t.Fatalf(
						"close: got %+v, want %d %q",
						got, tt.code, tt.reason)
				}
				waitFor(t, "Handler.Close", 5*time.Second, func() bool { return s.h.closedCount() == 1 })
			})
		}
	}
}

func TestUpgradeRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		cfg    Config
		header http.Header
		host   string
		plain  bool
		status int
	}{
		{
			name:   "not an upgrade",
			plain:  true,
			status: http.StatusBadRequest,
		},
		{
			name:   "foreign origin",
			header: http.Header{"Origin": {"http://evil.example"}},
			status: http.StatusForbidden,
		},
		{
			name:   "same host other scheme",
			header: http.Header{"Origin": {"https://HOST"}},
			status: http.StatusForbidden,
		},
		{
			name:   "origin not in the list",
			cfg:    Config{AllowedOrigins: []string{"https://souk.example"}},
			header: http.Header{"Origin": {"https://other.example"}},
			status: http.StatusForbidden,
		},
		{
			name:   "forwarded host without TrustProxy",
			header: http.Header{"Origin": {"https://souk.example"}, "X-Forwarded-Host": {"souk.example"}, "X-Forwarded-Proto": {"https"}},
			status: http.StatusForbidden,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newTestServer(t, tt.cfg)
			req, _ := http.NewRequest(http.MethodGet, s.url, nil)
			if !tt.plain {
				req.Header.Set("Connection", "Upgrade")
				req.Header.Set("Upgrade", "websocket")
				req.Header.Set("Sec-WebSocket-Version", "13")
				req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
			}
			for k, v := range tt.header {
				req.Header[k] = []string{strings.ReplaceAll(v[0], "HOST", req.URL.Host)}
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			if resp.StatusCode != tt.status {
				t.Fatalf(
					"status %d, want %d",
					resp.StatusCode, tt.status)
			}
		})
	}
}

func TestOriginAccepted(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		cfg    Config
		header func(host string) http.Header
	}{
		{
			name:   "no origin",
			header: func(string) http.Header { return nil },
		},
		{
			name:   "same host",
			header: func(host string) http.Header { return http.Header{"Origin": {"http://" + host}} },
		},
		{
			name: "listed origin",
			cfg:  Config{AllowedOrigins: []string{"https://souk.example"}},
			header: func(string) http.Header {
				return http.Header{"Origin": {"https://Souk.example"}}
			},
		},
		{
			name: "behind a trusted proxy",
			cfg:  Config{TrustProxy: true},
			header: func(string) http.Header {
				return http.Header{
					"Origin":            {"https://souk.example"},
					"X-Forwarded-Host":  {"souk.example"},
					"X-Forwarded-Proto": {"https"},
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newTestServer(t, tt.cfg)
			host := strings.TrimPrefix(s.srv.URL, "http://")
			c := dialWith(t, s.wsURL, gws.Dialer{Header: gws.HandshakeHeaderHTTP(tt.header(host))})
			c.send("echo", 1)
			if f := c.frame(); f.Action != "echo" {
				t.Fatalf(
					"got %s",
					f.Action)
			}
		})
	}
}

func TestPingKeepsAliveAndSilentClientDropped(t *testing.T) {
	t.Parallel()
	for _, mode := range readModes {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			const interval = 200 * time.Millisecond
			s := newTestServer(t, Config{PingInterval: interval, DisablePoller: mode.disablePoller})
			alive := s.dial(t)
			aliveConn := s.h.lastConn()
			silent := s.dial(t)
			silentConn := s.h.lastConn()

			// The alive client only answers pings, well past the read deadline.
			echoed := make(chan string, 1)
			go func() {
				_, p, err := alive.next(5 * time.Second)
				if err != nil {
					echoed <- err.Error()
					return
				}
				echoed <- string(p)
			}()
			<-time.After(6 * interval)
			if n := alive.pings.Load(); n < 3 {
				t.Errorf(
					"%d pings answered in 6 intervals",
					n)
			}
			waitFor(t, "silent client dropped", 2*time.Second, func() bool {
				return len(s.h.closeReasons(silentConn.ID())) == 1
			})
			if got := s.h.closeReasons(silentConn.ID()); got[0] != ReasonPingTimeout {
				t.Errorf(
					"silent client: %v",
					got)
			}
			if got := s.h.closeReasons(aliveConn.ID()); len(got) != 0 {
				t.Fatalf(
					"alive client closed: %v",
					got)
			}
			alive.send("echo", "ok")
			if got := <-echoed; got != `{"action":"echo","data":"ok"}` {
				t.Fatalf(
					"alive: %s",
					got)
			}
			_ = silent
		})
	}
}

func TestClientCloseAndHandlerClose(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	c := s.dial(t)
	sc := s.h.lastConn()
	if err := wsutil.WriteClientMessage(c.conn, gws.OpClose, gws.NewCloseFrameBody(gws.StatusNormalClosure, "")); err != nil {
		t.Fatal(err)
	}
	if got := c.closed(); got.code != CloseNormal {
		t.Fatalf(
			"echoed close: %+v",
			got)
	}
	waitFor(t, "Handler.Close", 2*time.Second, func() bool { return len(s.h.closeReasons(sc.ID())) == 1 })
	if got := s.h.closeReasons(sc.ID()); got[0] != ReasonClientClosed {
		t.Fatalf(
			"reason %v",
			got)
	}

	c2 := s.dial(t)
	sc2 := s.h.lastConn()
	c2.send("echo", 1)
	c2.send("close", nil)
	if f := c2.frame(); f.Action != "echo" {
		t.Fatalf(
			"queued frame before close: %s",
			f.Action)
	}
	if got := c2.closed(); got.code != CloseNormal || got.reason != "bye" {
		t.Fatalf(
			"handler close: %+v",
			got)
	}
	_ = wsutil.WriteClientMessage(c2.conn, gws.OpClose, gws.NewCloseFrameBody(gws.StatusNormalClosure, ""))
	waitFor(t, "Handler.Close", 2*time.Second, func() bool { return len(s.h.closeReasons(sc2.ID())) == 1 })
	if got := s.h.closeReasons(sc2.ID()); got[0] != "bye" {
		t.Fatalf(
			"reason %v",
			got)
	}
	if c2.conn.SetReadDeadline(time.Now().Add(time.Second)) == nil {
		if _, err := c2.conn.Read(make([]byte, 1)); err == nil {
			t.Fatal("socket still open after the close handshake")
		}
	}
}
