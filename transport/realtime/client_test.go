package realtime

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"testing"
	"time"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
)

// client is a gobwas websocket client.
type client struct {
	conn net.Conn
	rw   io.ReadWriter
}

type readWriter struct {
	io.Reader
	io.Writer
}

func dialWith(t testing.TB, url string) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, br, _, err := gws.Dialer{}.Dial(ctx, url)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	var r io.Reader = conn
	if br != nil {
		r = io.MultiReader(br, conn)
	}
	return &client{conn: conn, rw: readWriter{Reader: bufio.NewReader(r), Writer: conn}}
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
	p, op, err := wsutil.ReadServerData(c.rw)
	var closed wsutil.ClosedError
	if errors.As(err, &closed) {
		return gws.OpClose, nil, closeErr{code: int(closed.Code), reason: closed.Reason}
	}
	return op, p, err
}
