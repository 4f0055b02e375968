package main

import (
	"errors"
	"log/slog"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// refusedAnswer is what a connection accepted at the open-file limit is
// told before it is closed: a client (or a load balancer) learns at once
// that this node is full, instead of waiting in the listen queue until
// its own timeout.
const refusedAnswer = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: text/plain; charset=utf-8\r\n" +
	"Content-Length: 21\r\nConnection: close\r\n\r\nthis node is too busy"

// acceptGuard is the site's listener with one descriptor held in reserve
// (/dev/null). When accept fails because the process is out of
// descriptors (EMFILE, ENFILE), it frees the reserve, accepts the next
// waiting connection with it and, if the reserve cannot be taken back
// (still at the limit), answers that connection 503 and closes it. The
// node keeps serving the connections it has and takes new ones as soon as
// descriptors are free again; net/http alone would retry the accept every
// second, leaving every new client in the listen queue until it gave up.
type acceptGuard struct {
	net.Listener

	mu      sync.Mutex
	reserve *os.File // guarded by mu; nil when it could not be taken back

	refused  atomic.Int64
	lastLog  atomic.Int64 // unix ns of the last warning
	openFile func() (*os.File, error)
}

func guardAccept(ln net.Listener) *acceptGuard {
	g := &acceptGuard{Listener: ln, openFile: func() (*os.File, error) { return os.Open(os.DevNull) }}
	g.reserve, _ = g.openFile()
	return g
}

// outOfFiles reports whether err is accept's "too many open files".
func outOfFiles(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

func (g *acceptGuard) Accept() (net.Conn, error) {
	for {
		c, err := g.Listener.Accept()
		if err == nil || !outOfFiles(err) {
			return c, err
		}
		c, ok := g.acceptWithReserve()
		if c != nil {
			return c, nil
		}
		if !ok {
			// No reserve to use: net/http waits (5 ms doubling to 1 s)
			// and tries again.
			return nil, err
		}
	}
}

// acceptWithReserve frees the reserve and accepts with it. It returns the
// connection when the reserve could be taken back afterwards (descriptors
// were freed meanwhile), or refuses it and returns nil, true. ok is false
// when there was no reserve, or accept failed anyway.
func (g *acceptGuard) acceptWithReserve() (c net.Conn, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.reserve == nil {
		// Freed by an earlier round and not taken back: try now.
		g.reserve, _ = g.openFile()
		return nil, false
	}
	_ = g.reserve.Close()
	g.reserve = nil
	c, err := g.Listener.Accept()
	g.reserve, _ = g.openFile()
	if err != nil {
		return nil, false
	}
	if g.reserve != nil {
		return c, true // there is room again
	}
	_ = c.SetWriteDeadline(time.Now().Add(time.Second))
	_, _ = c.Write([]byte(refusedAnswer))
	_ = c.Close()
	g.reserve, _ = g.openFile()
	n := g.refused.Add(1)
	now := time.Now().UnixNano()
	if last := g.lastLog.Load(); now-last > int64(10*time.Second) && g.lastLog.CompareAndSwap(last, now) {
		slog.Warn("out of file descriptors: refusing new connections with 503", "refused", n, "addr", g.Addr().String())
	}
	return nil, true
}

// Close closes the listener (ending an accept that waits with the
// reserve freed, which holds mu), then the reserve.
func (g *acceptGuard) Close() error {
	err := g.Listener.Close()
	g.mu.Lock()
	if g.reserve != nil {
		_ = g.reserve.Close()
		g.reserve = nil
	}
	g.mu.Unlock()
	return err
}
