package ws

import (
	"bufio"
	"compress/flate"
	"encoding/json"
	"errors"
	"io"
	"sync"
	"time"
	"unicode/utf8"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsflate"
	"github.com/gobwas/ws/wsutil"
)

// errTooBig is returned when a decompressed message exceeds MaxFrameBytes.
var errTooBig = errors.New("message too large")

// errPeerClosed stops reading a fragmented message when a close frame
// arrives in the middle of it.
var errPeerClosed = errors.New("peer closed")

// readBufs lend polled connections a read buffer only while they are
// readable, so an idle connection holds none.
var readBufs = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 4<<10) }}

var inflaters = sync.Pool{New: func() any {
	return wsflate.NewReader(nil, func(r io.Reader) wsflate.Decompressor {
		return flate.NewReader(r)
	})
}}

// readLoop reads a connection that has no poller, until it is gone.
func (c *Conn) readLoop() {
	for {
		c.readMu.Lock()
		c.rd.Source = c.br
		ok := c.readMessage()
		c.readMu.Unlock()
		if !ok {
			return
		}
	}
}

// onReadable reads every complete message a polled connection has, then
// waits for the poller again. A message that arrives in pieces is waited for
// here, bounded by a read deadline.
func (c *Conn) onReadable() {
	c.readMu.Lock()
	if c.handlerDone {
		c.readMu.Unlock()
		return
	}
	br, lent := c.br, false
	if br == nil {
		br, lent = readBufs.Get().(*bufio.Reader), true
		br.Reset(c.nc)
	}
	c.rd.Source = br
	_ = c.nc.SetReadDeadline(time.Now().Add(c.gw.cfg.PingInterval))
	ok := true
	for ok {
		ok = c.readMessage()
		if br.Buffered() == 0 {
			break
		}
	}
	c.rd.Source = nil
	c.br = nil
	if lent {
		br.Reset(nil)
		readBufs.Put(br)
	}
	c.readMu.Unlock()
	if ok {
		c.gw.poller.arm(c)
	}
}

// readMessage reads and handles one message or control frame. It reports
// whether reading should go on. c.readMu must be held.
func (c *Conn) readMessage() bool {
	if c.handlerDone {
		return false
	}
	if c.drain {
		return c.discard()
	}
	hdr, err := c.rd.NextFrame()
	if err != nil {
		return c.readFailed(err)
	}
	if hdr.OpCode.IsControl() {
		if err := c.control(hdr, &c.rd); err != nil {
			return c.readFailed(err)
		}
		return true
	}
	if hdr.OpCode == gws.OpBinary {
		return c.protocolClose(CloseUnsupported, ReasonBinary)
	}
	payload, err := c.readPayload(hdr)
	if err != nil {
		return c.readFailed(err)
	}
	// Checked here rather than by the frame reader, which would check the
	// compressed bytes.
	if !utf8.Valid(payload) {
		return c.protocolClose(CloseInvalidData, ReasonInvalidUTF8)
	}
	c.lastSeen.Store(now())
	c.gw.stats.framesIn.Add(1)
	c.gw.stats.bytesIn.Add(uint64(len(payload)))
	c.dispatch(payload)
	return true
}

// readPayload reads a whole text message, fragments and decompression
// included, bounded by MaxFrameBytes.
func (c *Conn) readPayload(hdr gws.Header) ([]byte, error) {
	limit := c.gw.cfg.MaxFrameBytes
	var src io.Reader = &c.rd
	if c.deflate && c.msg.IsCompressed() {
		fr := inflaters.Get().(*wsflate.Reader)
		defer inflaters.Put(fr)
		fr.Reset(&c.rd)
		src = fr
	}
	hint := hdr.Length
	if !hdr.Fin || src != io.Reader(&c.rd) {
		hint = 512
	}
	// The inflater reads the message to its end before it ends itself.
	return readAll(src, hint, limit)
}

// readAll reads r to its end into a buffer sized by hint (already checked
// against limit by the frame reader), failing with errTooBig past limit.
func readAll(r io.Reader, hint, limit int64) ([]byte, error) {
	p := make([]byte, 0, max(hint, 1))
	for {
		if len(p) == cap(p) {
			if int64(len(p)) > limit {
				return nil, errTooBig
			}
			p = append(p, 0)[:len(p)]
		}
		n, err := r.Read(p[len(p):cap(p)])
		p = p[:len(p)+n]
		if err == io.EOF {
			if int64(len(p)) > limit {
				return nil, errTooBig
			}
			return p, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// control handles a ping, pong or close frame whose body is r.
func (c *Conn) control(hdr gws.Header, r io.Reader) error {
	var buf [gws.MaxControlFramePayloadSize]byte
	n, err := io.ReadFull(r, buf[:hdr.Length])
	if err != nil {
		return err
	}
	c.lastSeen.Store(now())
	switch hdr.OpCode {
	case gws.OpPing:
		c.mu.Lock()
		if !c.closing {
			c.queue = append(c.queue, outFrame{data: append([]byte(nil), buf[:n]...), op: gws.OpPong})
			c.startFlushLocked()
		}
		c.mu.Unlock()
	case gws.OpClose:
		code, reason := gws.ParseCloseFrameDataUnsafe(buf[:n])
		if n == 1 || (n >= 2 && gws.CheckCloseFrameData(code, reason) != nil) {
			return gws.ErrProtocolStatusCodeUnknown
		}
		c.peerClose(int(code))
		return errPeerClosed
	}
	return nil
}

// onIntermediate handles a control frame in the middle of a fragmented
// message.
func (c *Conn) onIntermediate(hdr gws.Header, r io.Reader) error {
	return c.control(hdr, r)
}

// readFailed decides what a read error means. c.readMu must be held.
func (c *Conn) readFailed(err error) bool {
	var perr gws.ProtocolError
	switch {
	case errors.Is(err, errPeerClosed):
		return false
	case c.finished.Load():
		return false
	case errors.Is(err, wsutil.ErrFrameTooLarge), errors.Is(err, wsutil.ErrMessageTooLarge), errors.Is(err, errTooBig):
		return c.protocolClose(CloseTooBig, ReasonTooBig)
	case errors.As(err, &perr):
		return c.protocolClose(CloseProtocol, ReasonProtocol)
	case isCorrupt(err):
		return c.protocolClose(CloseInvalidData, ReasonProtocol)
	}
	c.finish(ReasonConnectionLost)
	return false
}

func isCorrupt(err error) bool {
	var ce flate.CorruptInputError
	return errors.As(err, &ce)
}

// protocolClose closes the connection after a frame it can not go past and
// discards what follows. c.readMu must be held.
func (c *Conn) protocolClose(code int, reason string) bool {
	c.drain = true
	c.Close(code, reason)
	return true
}

// discard reads and drops bytes until the socket closes. c.readMu must be
// held.
func (c *Conn) discard() bool {
	br, ok := c.rd.Source.(*bufio.Reader)
	if !ok {
		return false
	}
	if _, err := br.Discard(max(br.Buffered(), 1)); err != nil {
		c.mu.Lock()
		reason := c.reason
		c.mu.Unlock()
		c.finish(reason)
		return false
	}
	return true
}

// dispatch decodes a frame and hands it to the handler, or answers a bad
// frame. c.readMu must be held.
func (c *Conn) dispatch(payload []byte) {
	var f Frame
	if err := json.Unmarshal(payload, &f); err != nil {
		c.badFrame("frame is not valid JSON")
		return
	}
	if f.Action == "" {
		c.badFrame("frame has no action")
		return
	}
	c.mu.Lock()
	closing := c.closing
	c.mu.Unlock()
	if closing {
		return
	}
	// Counted before draining is checked: Shutdown sets draining, then
	// waits for the count, so a frame either sees draining or is waited for.
	g := c.gw
	g.inFrames.Add(1)
	defer g.inFrames.Add(-1)
	if g.draining.Load() {
		return
	}
	g.cfg.Handler.Frame(c, f)
}

// badFrame answers with an error frame, and closes a connection that sends
// more than BadFrameLimit of them in BadFrameWindow. c.readMu must be held.
func (c *Conn) badFrame(message string) {
	cfg := &c.gw.cfg
	c.gw.stats.bad.Add(1)
	t := now()
	if t-c.strikesFrom > int64(cfg.BadFrameWindow) {
		c.strikesFrom, c.strikes = t, 0
	}
	c.strikes++
	if c.strikes > cfg.BadFrameLimit {
		c.Close(ClosePolicy, ReasonAbusive)
		return
	}
	c.SendJSON("error", errorFrame{Code: "bad_frame", Message: message})
}
