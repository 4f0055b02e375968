package bench

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestReadReply(t *testing.T) {
	cases := []struct {
		name   string
		raw    string
		status int
		keep   bool
		bad    bool
	}{
		{"length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", 200, true, false},
		{"chunked", "HTTP/1.1 400 Bad Request\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\nTrailer: v\r\n\r\n", 400, true, false},
		{"close", "HTTP/1.1 503 Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", 503, false, false},
		{"http/1.0", "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", 200, false, false},
		{"to the end", "HTTP/1.1 200 OK\r\n\r\nall of it", 200, false, false},
		{"no content", "HTTP/1.1 204 No Content\r\n\r\n", 204, true, false},
		{"not http", "SSH-2.0-OpenSSH\r\n\r\n", 0, false, true},
		{"bad status", "HTTP/1.1 2x0 OK\r\n\r\n", 0, false, true},
		{"bad header", "HTTP/1.1 200 OK\r\nno colon\r\n\r\n", 0, false, true},
		{"bad length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", 0, false, true},
		{"bad chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 0, false, true},
		{"short body", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", 0, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The reply is followed by the next one's first byte, which must
			// stay unread: replies are read back to back on one connection.
			r := bufio.NewReader(strings.NewReader(c.raw + "H"))
			status, keep, err := readReply(r)
			if c.bad {
				if err == nil {
					t.Fatalf("readReply(%q) = %d, want an error", c.raw, status)
				}
				return
			}
			if err != nil || status != c.status || keep != c.keep {
				t.Fatalf("readReply(%q) = %d, %v, %v; want %d, %v", c.raw, status, keep, err, c.status, c.keep)
			}
			if rest, _ := io.ReadAll(r); c.keep && string(rest) != "H" {
				t.Fatalf("left %q unread, want the next reply's first byte", rest)
			}
		})
	}
}

// TestConnPoster posts over one keep-alive connection to a real server,
// including replies of every framing and a server that closes idle
// connections between requests.
func TestConnPoster(t *testing.T) {
	var conns atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch string(body) {
		case "big":
			// Over net/http's buffer: sent chunked.
			_, _ = w.Write([]byte(strings.Repeat("x", 10_000)))
		case "close":
			w.Header().Set("Connection", "close")
			w.WriteHeader(http.StatusServiceUnavailable)
		case "post":
			if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" || r.URL.Path != "/api/request" {
				w.WriteHeader(http.StatusTeapot)
			}
		default:
			w.WriteHeader(http.StatusBadRequest)
		}
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()

	p := newPoster(srv.URL+"/api/request", srv.Client())
	defer p.close()
	if _, ok := p.(*connPoster); !ok {
		t.Fatalf("newPoster(http) = %T, want the lean client", p)
	}
	ctx := context.Background()
	for i, want := range []struct{ body, status string }{
		{"post", "200"}, {"big", "200"}, {"other", "400"}, {"post", "200"}, {"close", "503"}, {"post", "200"},
	} {
		if got := p.post(ctx, []byte(want.body)); got != want.status {
			t.Fatalf("request %d (%s): status %s, want %s", i, want.body, got, want.status)
		}
	}
	if n := conns.Load(); n != 2 {
		t.Fatalf("%d connections, want 2 (one kept alive, one after the server's close)", n)
	}
	// The server drops idle connections (a restart, an idle timeout): the
	// next request goes out on a new one and succeeds.
	srv.CloseClientConnections()
	if got := p.post(ctx, []byte("post")); got != "200" {
		t.Fatalf("after the server closed the connection: status %s, want 200", got)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if got := p.post(canceled, []byte("post")); got != "error" {
		t.Fatalf("canceled: status %s, want error", got)
	}
	if _, ok := newPoster("https://example.test/api/request", srv.Client()).(*stdPoster); !ok {
		t.Fatal("https should go through net/http")
	}
}
