package ws

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsflate"
	"github.com/gobwas/ws/wsutil"
)

// closeLinger is how long the server waits for the peer's answer to its
// close frame before it closes the socket anyway.
const closeLinger = time.Second

// Conn is one websocket connection of this node.
type Conn struct {
	id      uint64
	gw      *Gateway
	nc      net.Conn
	req     *http.Request
	ctx     context.Context
	cancel  context.CancelFunc
	deflate bool // permessage-deflate was negotiated
	polled  bool // read through the gateway's poller
	// addr is the client address the connection counts under (MaxPerAddr).
	addr string
	// signedIn is set once by SignedIn; written and read for the address
	// counts under the gateway's addrs.mu.
	signedIn atomic.Bool

	// readMu serialises reading and Handler.Frame calls, and orders the
	// Handler.Close call after the last of them.
	readMu      sync.Mutex
	rd          wsutil.Reader        // guarded by readMu
	msg         wsflate.MessageState // guarded by readMu; set by rd for each message
	br          *bufio.Reader        // guarded by readMu; the hijacked reader while it holds bytes, or for good without the poller
	strikes     int                  // guarded by readMu; bad frames in the current window
	strikesFrom int64                // guarded by readMu; start of the window
	drain       bool                 // guarded by readMu; the stream is unusable, discard it until the socket closes
	handlerDone bool                 // guarded by readMu; Handler.Close was called, no Frame may follow

	lastSeen atomic.Int64 // unix nanos of the last frame from the peer
	timer    *time.Timer  // ping and liveness, then the close-handshake deadline
	finished atomic.Bool  // the socket is closed

	mu         sync.Mutex
	queue      []outFrame // guarded by mu; frames waiting for the flusher
	spare      []outFrame // guarded by mu; the other slice: the batch being written, or kept for the next flusher
	queued     int        // guarded by mu; bytes in queue
	flushing   bool       // guarded by mu; a flusher goroutine runs
	closing    bool       // guarded by mu; a close frame is queued, Send refuses
	closeSent  bool       // guarded by mu; the close frame was written
	peerClosed bool       // guarded by mu; the peer's close frame was read
	reason     string     // guarded by mu; why the connection is closing
	closeAt    int64      // guarded by mu; when to stop waiting for the close handshake
	lastPing   int64      // guarded by mu
	lastFlush  int64      // guarded by mu; when the flusher last wrote

	writeDeadline int64 // the socket's write deadline (unix nanos); owned by the running flusher

	stateMu sync.Mutex
	state   map[any]any // guarded by stateMu
}

func (g *Gateway) open(r *http.Request, addr string, nc net.Conn, br *bufio.Reader, deflate bool) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	c := &Conn{
		id:      g.nextID.Add(1),
		gw:      g,
		nc:      nc,
		req:     r.WithContext(ctx),
		ctx:     ctx,
		cancel:  cancel,
		deflate: deflate,
		addr:    addr,
	}
	c.rd = wsutil.Reader{
		State:          gws.StateServerSide,
		MaxFrameSize:   g.cfg.MaxFrameBytes,
		MaxMessageSize: g.cfg.MaxFrameBytes,
		OnIntermediate: c.onIntermediate,
	}
	if deflate {
		c.rd.State = c.rd.State.Set(gws.StateExtended)
		c.rd.Extensions = []wsutil.RecvExtension{&c.msg}
	}
	t := now()
	c.lastSeen.Store(t)
	c.lastPing = t
	_, isTCP := nc.(*net.TCPConn)
	c.polled = g.poller != nil && isTCP
	// Armed only below, so that the callback sees c.timer assigned.
	c.timer = time.AfterFunc(time.Hour, c.tick)

	g.mu.Lock()
	if g.shutdown {
		g.mu.Unlock()
		c.timer.Stop()
		_ = nc.Close()
		cancel()
		g.addrs.release(addr, true)
		return
	}
	g.conns[c.id] = c
	g.wg.Add(1)
	g.mu.Unlock()
	g.stats.open.Add(1)
	g.stats.accepted.Add(1)

	c.readMu.Lock()
	c.timer.Reset(g.cfg.PingInterval)
	g.cfg.Handler.Open(c)
	if !c.polled || br.Buffered() > 0 {
		c.br = br
	}
	c.readMu.Unlock()

	switch {
	case !c.polled:
		go c.readLoop()
	case c.br != nil:
		go c.onReadable()
	default:
		if err := g.poller.add(c); err != nil {
			c.finish(ReasonConnectionLost)
		}
	}
}

// ID is unique among the connections of this process.
func (c *Conn) ID() uint64 { return c.id }

// Request is the upgrade request (cookies, headers, remote address). Its
// context keeps the request's values (the action request with the viewer)
// and is cancelled when the connection is gone.
func (c *Conn) Request() *http.Request { return c.req }

// Context is cancelled when the connection is gone; it carries the upgrade
// request's values.
func (c *Conn) Context() context.Context { return c.ctx }

// ClientAddr is the client address the connection counts under: the
// peer's IP, or with Config.TrustProxy the forwarded one (an IPv6 /64).
func (c *Conn) ClientAddr() string { return c.addr }

// SignedIn moves the connection from its address's guests
// (Config.MaxGuestsPerAddr) to its members; the handler calls it once the
// connection is bound to a member. Later calls, and calls after the
// connection finished (its counts are gone), do nothing.
func (c *Conn) SignedIn() {
	c.gw.addrs.mu.Lock()
	defer c.gw.addrs.mu.Unlock()
	if c.signedIn.Load() || c.finished.Load() {
		return
	}
	c.signedIn.Store(true)
	if n := c.gw.addrs.counts[c.addr]; n != nil && n.guests > 0 {
		n.guests--
	}
}

// RemoteAddr is the peer's address as the server saw it.
func (c *Conn) RemoteAddr() string { return c.req.RemoteAddr }

// Set stores handler-owned state on the connection (e.g. the user).
// It is safe for concurrent use.
func (c *Conn) Set(key, value any) {
	c.stateMu.Lock()
	if c.state == nil {
		c.state = make(map[any]any, 1)
	}
	c.state[key] = value
	c.stateMu.Unlock()
}

// Get returns what Set stored under key, or nil.
func (c *Conn) Get(key any) any {
	c.stateMu.Lock()
	defer c.stateMu.Unlock()
	return c.state[key]
}

// Send queues pre-encoded frame bytes (from Encode) without copying them:
// the slice must not be modified afterwards. It never blocks. It returns
// false when the connection is closing, or when the queue overflows: the
// connection is then closed with 1008 "slow consumer".
func (c *Conn) Send(frame []byte) bool {
	c.mu.Lock()
	if c.closing {
		c.mu.Unlock()
		return false
	}
	if !c.roomLocked(1, len(frame)) {
		c.slowLocked()
		return false
	}
	c.queue = append(c.queue, outFrame{data: frame, op: gws.OpText})
	c.queued += len(frame)
	c.startFlushLocked()
	c.mu.Unlock()
	return true
}

// SendMany is Send of every frame, in order, under one lock: all are
// queued, or, when they overflow the queue, none and the connection is
// closed as a slow consumer.
func (c *Conn) SendMany(frames [][]byte) bool {
	size := 0
	for _, f := range frames {
		size += len(f)
	}
	c.mu.Lock()
	if c.closing {
		c.mu.Unlock()
		return false
	}
	if !c.roomLocked(len(frames), size) {
		c.slowLocked()
		return false
	}
	for _, f := range frames {
		c.queue = append(c.queue, outFrame{data: f, op: gws.OpText})
	}
	c.queued += size
	c.startFlushLocked()
	c.mu.Unlock()
	return true
}

// roomLocked reports whether the queue takes n more frames of size bytes
// in all. c.mu must be held.
func (c *Conn) roomLocked(n, size int) bool {
	cfg := &c.gw.cfg
	return len(c.queue)+n <= cfg.QueueFrames && c.queued+size <= cfg.QueueBytes
}

// slowLocked closes a connection whose queue overflowed, and unlocks c.mu.
func (c *Conn) slowLocked() {
	c.startCloseLocked(ClosePolicy, ReasonSlowConsumer, true)
	c.mu.Unlock()
	c.gw.stats.slow.Add(1)
	c.armCloseTimer()
}

// SendJSON encodes a frame and sends it; see Send. It returns false when the
// data can not be encoded.
func (c *Conn) SendJSON(action string, data any) bool {
	b, err := Encode(action, data)
	if err != nil {
		return false
	}
	return c.Send(b)
}

// Close sends a close frame with code and reason after the frames already
// queued, then closes the connection once the peer answers (or after a short
// wait). Handler.Close receives reason. Later calls do nothing.
func (c *Conn) Close(code int, reason string) {
	c.mu.Lock()
	started := c.startCloseLocked(code, reason, false)
	c.mu.Unlock()
	if started {
		c.armCloseTimer()
	}
}

// startCloseLocked queues the close frame; drop discards the frames still
// queued. It reports whether the close started now. c.mu must be held.
func (c *Conn) startCloseLocked(code int, reason string, drop bool) bool {
	if c.closing || c.finished.Load() {
		return false
	}
	c.closing = true
	c.reason = reason
	if drop {
		clear(c.queue)
		c.queue = c.queue[:0]
		c.queued = 0
	}
	c.queue = append(c.queue, outFrame{data: closeBody(code, reason), op: gws.OpClose})
	c.closeAt = now() + int64(c.gw.cfg.WriteTimeout+closeLinger)
	c.startFlushLocked()
	return true
}

func (c *Conn) armCloseTimer() {
	c.mu.Lock()
	wait := time.Duration(c.closeAt - now())
	c.mu.Unlock()
	c.timer.Reset(wait)
}

// closeBody is a close frame's payload; the reason is cut to fit a control
// frame without splitting a character.
func closeBody(code int, reason string) []byte {
	const maxReason = gws.MaxControlFramePayloadSize - 2
	if len(reason) > maxReason {
		cut := maxReason
		for cut > 0 && !utf8.RuneStart(reason[cut]) {
			cut--
		}
		reason = reason[:cut]
	}
	return gws.NewCloseFrameBody(gws.StatusCode(code), reason)
}

// tick is the timer's callback: it pings, drops a silent peer, and ends a
// close handshake that takes too long.
func (c *Conn) tick() {
	if c.finished.Load() {
		return
	}
	t := now()
	c.mu.Lock()
	if c.closing {
		closeAt, reason := c.closeAt, c.reason
		c.mu.Unlock()
		if t >= closeAt {
			c.finish(reason)
		} else {
			c.timer.Reset(time.Duration(closeAt - t))
		}
		return
	}
	interval := int64(c.gw.cfg.PingInterval)
	deadline := c.lastSeen.Load() + 2*interval
	if t >= deadline {
		c.mu.Unlock()
		c.finish(ReasonPingTimeout)
		return
	}
	if t-c.lastPing >= interval {
		c.lastPing = t
		c.queue = append(c.queue, outFrame{op: gws.OpPing})
		c.startFlushLocked()
	}
	next := min(c.lastPing+interval, deadline) - t
	c.mu.Unlock()
	c.timer.Reset(time.Duration(next))
}

// peerClose answers the peer's close frame (echoing its code) and closes the
// socket once the answer is written.
func (c *Conn) peerClose(code int) {
	c.mu.Lock()
	c.peerClosed = true
	if c.closing {
		sent, reason := c.closeSent, c.reason
		c.mu.Unlock()
		if sent {
			c.finish(reason)
		}
		return
	}
	c.closing = true
	c.reason = ReasonClientClosed
	var body []byte
	if code != 0 {
		body = closeBody(code, "")
	}
	c.queue = append(c.queue, outFrame{data: body, op: gws.OpClose})
	c.closeAt = now() + int64(c.gw.cfg.WriteTimeout)
	c.startFlushLocked()
	c.mu.Unlock()
	c.armCloseTimer()
}

// finish closes the socket and, once the last Handler.Frame has returned,
// calls Handler.Close. Only the first call does anything.
func (c *Conn) finish(reason string) {
	if !c.finished.CompareAndSwap(false, true) {
		return
	}
	c.mu.Lock()
	if c.reason == "" {
		c.reason = reason
	}
	reason = c.reason
	c.closing = true
	clear(c.queue)
	c.queue, c.spare, c.queued = nil, nil, 0
	c.mu.Unlock()
	c.timer.Stop()
	_ = c.nc.Close()
	c.cancel()
	c.gw.remove(c)
	go c.closeHandler(reason)
}

func (c *Conn) closeHandler(reason string) {
	c.readMu.Lock()
	c.handlerDone = true
	c.br = nil
	c.readMu.Unlock()
	c.gw.cfg.Handler.Close(c, reason)
	c.gw.wg.Done()
}
