package ws

import (
	"fmt"
	"time"
)

// Defaults for the zero values of Config.
const (
	DefaultMaxFrameBytes  = 64 << 10
	DefaultQueueFrames    = 1024
	DefaultQueueBytes     = 1 << 20
	DefaultPingInterval   = 25 * time.Second
	DefaultWriteTimeout   = 10 * time.Second
	DefaultBadFrameLimit  = 10
	DefaultBadFrameWindow = time.Minute
	DefaultFlushDelay     = 10 * time.Millisecond
)

// Config wires a Gateway. Only Handler is required; every zero value means
// the default named beside it.
type Config struct {
	// Handler receives the connections' lifecycle and frames.
	Handler Handler
	// AllowedOrigins are the exact origins (scheme://host[:port]) a browser
	// may connect from; empty means the request's own scheme and host only.
	// A request without an Origin header (not a browser) is always allowed.
	AllowedOrigins []string
	// TrustProxy takes the request's scheme and host from X-Forwarded-Proto
	// and X-Forwarded-Host for the same-origin check, and the client's
	// address from X-Forwarded-For (its last entry) for MaxPerAddr.
	TrustProxy bool
	// MaxPerAddr bounds the connections one client address holds (an IPv6
	// /64 counts as one address); an upgrade beyond is refused with 429.
	// Zero means no limit.
	MaxPerAddr int
	// MaxGuestsPerAddr bounds, among them, the connections not signed in
	// yet (see Conn.SignedIn). Zero means no limit.
	MaxGuestsPerAddr int
	// MaxFrameBytes bounds an incoming message (all its fragments, and its
	// decompressed size); a larger one closes the connection with 1009.
	// Zero means DefaultMaxFrameBytes.
	MaxFrameBytes int64
	// QueueFrames bounds the outbound frames waiting for a connection; zero
	// means DefaultQueueFrames. On overflow the connection is closed with
	// 1008 "slow consumer".
	QueueFrames int
	// QueueBytes bounds the outbound bytes waiting for a connection; zero
	// means DefaultQueueBytes.
	QueueBytes int
	// PingInterval is how often the server pings; a connection that sends
	// nothing (no frame, no pong) for twice as long is dropped. Zero means
	// DefaultPingInterval.
	PingInterval time.Duration
	// WriteTimeout bounds each write to a connection; zero means
	// DefaultWriteTimeout.
	WriteTimeout time.Duration
	// Compression negotiates permessage-deflate (without context takeover,
	// so a connection keeps no compression window between messages).
	Compression bool
	// BadFrameLimit is how many frames that are not JSON or lack an action a
	// connection may send per BadFrameWindow before it is closed with 1008
	// "abusive". Zero means DefaultBadFrameLimit.
	BadFrameLimit int
	// BadFrameWindow is the window of BadFrameLimit; zero means
	// DefaultBadFrameWindow.
	BadFrameWindow time.Duration
	// FlushDelay coalesces the writes of a busy connection: a frame for a
	// connection that was written to less than twice this long ago waits up
	// to this long for the frames that follow it, and they go out in one
	// write. An idle connection's frame is written at once. Zero means
	// DefaultFlushDelay; negative writes every frame at once.
	FlushDelay time.Duration
	// DisablePoller reads every connection with a goroutine of its own
	// instead of waiting for readiness through epoll. TLS connections are
	// always read that way.
	DisablePoller bool
}

func (c *Config) setDefaults() {
	if c.MaxFrameBytes <= 0 {
		c.MaxFrameBytes = DefaultMaxFrameBytes
	}
	if c.QueueFrames <= 0 {
		c.QueueFrames = DefaultQueueFrames
	}
	if c.QueueBytes <= 0 {
		c.QueueBytes = DefaultQueueBytes
	}
	if c.PingInterval <= 0 {
		c.PingInterval = DefaultPingInterval
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = DefaultWriteTimeout
	}
	if c.BadFrameLimit <= 0 {
		c.BadFrameLimit = DefaultBadFrameLimit
	}
	if c.BadFrameWindow <= 0 {
		c.BadFrameWindow = DefaultBadFrameWindow
	}
	if c.FlushDelay == 0 {
		c.FlushDelay = DefaultFlushDelay
	}
}

func (c *Config) validate() error {
	if c.Handler == nil {
		return fmt.Errorf("ws: Config.Handler is required")
	}
	return nil
}
