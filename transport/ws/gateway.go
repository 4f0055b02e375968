package ws

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsflate"
)

// Handler is what a Gateway calls for each connection. The realtime logic
// (rooms, sessions) implements it.
type Handler interface {
	// Open is called after the upgrade, before any frame is read.
	Open(c *Conn)
	// Frame is called for each valid frame, sequentially per connection.
	Frame(c *Conn, f Frame)
	// Close is called once, after the connection is gone and the last Frame
	// call has returned.
	Close(c *Conn, reason string)
}

// Stats are counters of a Gateway since it started.
type Stats struct {
	// Open is the number of connections open now.
	Open int64
	// Accepted counts upgrades.
	Accepted uint64
	// FramesIn and BytesIn count data frames (messages) read and their
	// payload bytes.
	FramesIn, BytesIn uint64
	// FramesOut and BytesOut count frames written (control frames included)
	// and the bytes written to sockets.
	FramesOut, BytesOut uint64
	// Writes counts socket writes; FramesOut/Writes is the coalescing factor.
	Writes uint64
	// SlowConsumers counts connections dropped because their queue
	// overflowed.
	SlowConsumers uint64
	// BadFrames counts frames answered with a bad_frame error.
	BadFrames uint64
	// RefusedPerAddr counts upgrades refused because their client address
	// held as many connections as it may.
	RefusedPerAddr uint64
}

type counters struct {
	accepted, framesIn, bytesIn, framesOut, bytesOut, writes, slow, bad, refusedAddr atomic.Uint64
	open                                                                             atomic.Int64
}

// Gateway upgrades requests to websockets and runs their connections.
type Gateway struct {
	cfg     Config
	origins map[string]bool // lower-cased AllowedOrigins, read-only
	poller  *poller         // nil when connections are read by goroutines
	stats   counters
	addrs   addrLimits
	nextID  atomic.Uint64
	wg      sync.WaitGroup // one per connection until Handler.Close returned

	// inFrames counts Handler.Frame calls running; once draining is set, no
	// new one starts (see Shutdown).
	inFrames atomic.Int64
	draining atomic.Bool

	mu       sync.RWMutex
	conns    map[uint64]*Conn // guarded by mu
	shutdown bool             // guarded by mu

	// Delayed flushes (writer.go): the coalescer goroutine starts them.
	delayMu   sync.Mutex
	delayed   []*Conn       // guarded by delayMu: connections whose flush waits
	coalesced bool          // guarded by delayMu: the coalescer ended, flush at once
	delayWake chan struct{} // capacity 1: "delayed is no longer empty"
	stop      chan struct{} // closed by Shutdown: the coalescer ends
	stopOnce  sync.Once
}

// New returns a Gateway. It panics when cfg.Handler is nil: that is a wiring
// mistake, not a runtime condition.
func New(cfg Config) *Gateway {
	if err := cfg.validate(); err != nil {
		panic(err)
	}
	cfg.setDefaults()
	g := &Gateway{cfg: cfg, conns: make(map[uint64]*Conn), delayWake: make(chan struct{}, 1), stop: make(chan struct{}),
		addrs: addrLimits{max: cfg.MaxPerAddr, maxGuests: cfg.MaxGuestsPerAddr, counts: make(map[string]*addrCount)}}
	if cfg.FlushDelay > 0 {
		go g.coalesce()
	}
	if len(cfg.AllowedOrigins) > 0 {
		g.origins = make(map[string]bool, len(cfg.AllowedOrigins))
		for _, o := range cfg.AllowedOrigins {
			g.origins[strings.ToLower(strings.TrimRight(o, "/"))] = true
		}
	}
	if !cfg.DisablePoller {
		p, err := newPoller(g)
		if err != nil {
			slog.Warn("ws: epoll unavailable, reading with a goroutine per connection", "error", err)
		} else {
			g.poller = p
		}
	}
	return g
}

// ServeHTTP upgrades the request: 400 when it is not a websocket upgrade,
// 403 when its Origin is not allowed, 429 when its client address holds
// as many connections as it may, 503 after Shutdown.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet || !headerHasToken(r.Header, "Upgrade", "websocket") {
		http.Error(w, "websocket upgrade required", http.StatusBadRequest)
		return
	}
	if !g.originAllowed(r) {
		http.Error(w, "origin not allowed", http.StatusForbidden)
		return
	}
	g.mu.RLock()
	closed := g.shutdown
	g.mu.RUnlock()
	if closed {
		http.Error(w, "server shutting down", http.StatusServiceUnavailable)
		return
	}
	addr := clientAddr(r, g.cfg.TrustProxy)
	if !g.addrs.admit(addr) {
		g.stats.refusedAddr.Add(1)
		http.Error(w, "too many connections from this address", http.StatusTooManyRequests)
		return
	}

	up := gws.HTTPUpgrader{Timeout: g.cfg.WriteTimeout}
	var ext *wsflate.Extension
	if g.cfg.Compression {
		ext = &wsflate.Extension{Parameters: wsflate.Parameters{
			ServerNoContextTakeover: true,
			ClientNoContextTakeover: true,
		}}
		up.Negotiate = ext.Negotiate
	}
	nc, rw, _, err := up.Upgrade(r, w)
	if err != nil {
		g.addrs.release(addr, true)
		if nc != nil {
			_ = nc.Close()
		}
		slog.DebugContext(r.Context(), "ws: upgrade failed", "error", err)
		return
	}
	deflate := false
	if ext != nil {
		_, deflate = ext.Accepted()
	}
	g.open(r, addr, nc, rw.Reader, deflate)
}

// originAllowed checks the Origin header against AllowedOrigins, or against
// the request's own scheme and host when none are configured.
func (g *Gateway) originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	if g.origins != nil {
		return g.origins[strings.ToLower(origin)]
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if g.cfg.TrustProxy {
		if p := firstValue(r.Header.Get("X-Forwarded-Proto")); p != "" {
			scheme = strings.ToLower(p)
		}
		if h := firstValue(r.Header.Get("X-Forwarded-Host")); h != "" {
			host = h
		}
	}
	return strings.EqualFold(u.Scheme, scheme) &&
		strings.EqualFold(hostPort(u.Host, u.Scheme), hostPort(host, scheme))
}

// hostPort adds the scheme's default port to host when it has none.
func hostPort(host, scheme string) string {
	if _, _, err := net.SplitHostPort(host); err == nil {
		return host
	}
	port := "80"
	if strings.EqualFold(scheme, "https") {
		port = "443"
	}
	return net.JoinHostPort(strings.Trim(host, "[]"), port)
}

func firstValue(v string) string {
	first, _, _ := strings.Cut(v, ",")
	return strings.TrimSpace(first)
}

func headerHasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for part := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(part), token) {
				return true
			}
		}
	}
	return false
}

// Shutdown lets the frames being handled finish (at most drainWait), then
// closes every connection with 1001 "server shutting down" and waits until each one's Handler.Close has returned, or ctx is done (then the
// remaining sockets are closed at once and ctx's error is returned). New
// upgrades are refused with 503 from the start.
func (g *Gateway) Shutdown(ctx context.Context) error {
	g.mu.Lock()
	g.shutdown = true
	g.mu.Unlock()
	// Frames being handled finish first, so that their answers (a chat
	// message's acknowledgement) go out before the close; frames read from
	// now on are dropped unanswered, and the clients send them again
	// elsewhere. Events keep flowing meanwhile.
	g.draining.Store(true)
	g.drainFrames(ctx)
	g.mu.Lock()
	conns := make([]*Conn, 0, len(g.conns))
	for _, c := range g.conns {
		conns = append(conns, c)
	}
	g.mu.Unlock()
	for _, c := range conns {
		c.Close(CloseGoingAway, ReasonShutdown)
	}
	done := make(chan struct{})
	go func() {
		g.wg.Wait()
		close(done)
	}()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
		for _, c := range conns {
			c.finish(ReasonShutdown)
		}
	}
	if g.poller != nil {
		g.poller.close()
	}
	g.stopOnce.Do(func() { close(g.stop) })
	return err
}

// CloseAll closes every connection with 1001 and reason, and returns how
// many it closed; new upgrades go on. The node calls it when it stops
// serving (cut off from its cluster): its clients reconnect, through the
// load balancer, to a node that serves.
func (g *Gateway) CloseAll(reason string) int {
	g.mu.RLock()
	conns := make([]*Conn, 0, len(g.conns))
	for _, c := range g.conns {
		conns = append(conns, c)
	}
	g.mu.RUnlock()
	for _, c := range conns {
		c.Close(CloseGoingAway, reason)
	}
	return len(conns)
}

// drainWait bounds how long Shutdown waits for the frames being handled.
const drainWait = 5 * time.Second

// drainFrames waits until no Handler.Frame call runs, at most drainWait or
// until ctx ends.
func (g *Gateway) drainFrames(ctx context.Context) {
	deadline := time.Now().Add(drainWait)
	for g.inFrames.Load() > 0 && time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(2 * time.Millisecond)
	}
}

// Stats returns the gateway's counters.
func (g *Gateway) Stats() Stats {
	s := &g.stats
	return Stats{
		Open:           s.open.Load(),
		Accepted:       s.accepted.Load(),
		FramesIn:       s.framesIn.Load(),
		BytesIn:        s.bytesIn.Load(),
		FramesOut:      s.framesOut.Load(),
		BytesOut:       s.bytesOut.Load(),
		Writes:         s.writes.Load(),
		SlowConsumers:  s.slow.Load(),
		BadFrames:      s.bad.Load(),
		RefusedPerAddr: s.refusedAddr.Load(),
	}
}

func (g *Gateway) lookup(id uint64) *Conn {
	g.mu.RLock()
	c := g.conns[id]
	g.mu.RUnlock()
	return c
}

func (g *Gateway) remove(c *Conn) {
	g.mu.Lock()
	delete(g.conns, c.id)
	g.mu.Unlock()
	g.stats.open.Add(-1)
	g.addrs.releaseConn(c)
}

// now is the clock of liveness checks, in nanoseconds.
func now() int64 { return time.Now().UnixNano() }
