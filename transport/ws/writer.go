package ws

import (
	"compress/flate"
	"io"
	"net"
	"sync"
	"time"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsflate"
)

const (
	// writeChunk is the size at which a batch is written out before the
	// rest of it is encoded, so one flush never holds more than about that.
	writeChunk = 64 << 10
	// keepQueueCap is the largest queue capacity a connection keeps between
	// flushes: a busy one reuses its two slices (the one being written and
	// the one frames queue into meanwhile) instead of growing new ones
	// every flush (in a hot room, 1.6M frames/s, that growth was 90 % of
	// the node's allocations). A slice the flusher's largest batch filled
	// less than a quarter of is not kept, so a connection that quietens
	// sheds it: an idle one keeps a few frames' worth (32 bytes each).
	keepQueueCap = 256
	// compressMin is the smallest payload worth deflating; smaller frames
	// go out uncompressed (permessage-deflate decides per message).
	compressMin = 512
)

// outFrame is one queued frame: a data frame's JSON text or a control
// frame's payload.
type outFrame struct {
	data []byte
	op   gws.OpCode
}

var writeBufs = sync.Pool{New: func() any {
	b := make([]byte, 0, 16<<10)
	return &b
}}

var deflaters = sync.Pool{New: func() any {
	return wsflate.NewWriter(nil, func(w io.Writer) wsflate.Compressor {
		fw, _ := flate.NewWriter(w, flate.BestSpeed)
		return fw
	})
}}

// startFlushLocked starts the flusher unless one runs or waits: at once
// for an idle connection, after the gateway's FlushDelay for one written to
// recently, so that the frames of a busy connection share a write. c.mu must
// be held.
func (c *Conn) startFlushLocked() {
	if c.flushing {
		return
	}
	c.flushing = true
	if d := int64(c.gw.cfg.FlushDelay); d > 0 && now()-c.lastFlush < 2*d {
		c.gw.delayFlush(c)
		return
	}
	go c.flush()
}

// delayFlush queues c's flusher for the coalescer, or starts it at once
// when the coalescer has ended. Lock order: Conn.mu, then delayMu.
func (g *Gateway) delayFlush(c *Conn) {
	g.delayMu.Lock()
	if g.coalesced {
		g.delayMu.Unlock()
		go c.flush()
		return
	}
	g.delayed = append(g.delayed, c)
	g.delayMu.Unlock()
	select {
	case g.delayWake <- struct{}{}:
	default:
	}
}

// coalesce starts the delayed flushers, FlushDelay after the first of a
// batch was queued, until Shutdown; then it starts the last ones at once.
func (g *Gateway) coalesce() {
	var batch []*Conn
	for {
		stopping := false
		select {
		case <-g.delayWake:
			select {
			case <-time.After(g.cfg.FlushDelay):
			case <-g.stop:
				stopping = true
			}
		case <-g.stop:
			stopping = true
		}
		g.delayMu.Lock()
		batch, g.delayed = g.delayed, batch[:0]
		g.coalesced = stopping
		g.delayMu.Unlock()
		for i, c := range batch {
			go c.flush()
			batch[i] = nil
		}
		if stopping {
			return
		}
	}
}

// fit returns q emptied when it is worth keeping for the next batches: at
// most keepQueueCap frames, and the largest batch of the flusher's run
// (used) filled a quarter of it or more; nil otherwise.
func fit(q []outFrame, used int) []outFrame {
	if cap(q) > keepQueueCap || used*4 < cap(q) {
		return nil
	}
	return q[:0]
}

// flush writes the queue until it is empty, coalescing every frame queued
// since the last write into one socket write, then exits.
func (c *Conn) flush() {
	bp := writeBufs.Get().(*[]byte)
	defer func() {
		if cap(*bp) <= 4*writeChunk {
			writeBufs.Put(bp)
		}
	}()
	most := 0 // the largest batch of this run
	for {
		c.mu.Lock()
		batch := c.queue
		if len(batch) == 0 || c.finished.Load() {
			c.flushing = false
			// Both slices stay for the next flusher (frames queued while
			// it writes go into the other), as long as they fit its use.
			c.queue, c.spare = fit(c.queue, most), fit(c.spare, most)
			if cap(c.queue) == 0 {
				c.queue, c.spare = c.spare, nil
			}
			c.mu.Unlock()
			return
		}
		c.queue, c.spare = c.spare[:0], nil
		c.queued = 0
		c.mu.Unlock()

		sentClose, err := c.writeBatch(bp, batch)
		clear(batch)

		c.mu.Lock()
		c.spare, most = batch[:0], max(most, len(batch))
		c.lastFlush = now()
		peerClosed := c.peerClosed
		if sentClose {
			c.closeSent = true
			c.closeAt = now() + int64(closeLinger)
		}
		reason := c.reason
		c.mu.Unlock()
		switch {
		case err != nil:
			c.finish(ReasonWriteFailed)
			return
		case sentClose && peerClosed:
			c.finish(reason)
			return
		case sentClose:
			if tc, ok := c.nc.(*net.TCPConn); ok {
				_ = tc.CloseWrite()
			}
			c.armCloseTimer()
		}
	}
}

// writeBatch encodes batch into *bp and writes it, in chunks of about
// writeChunk. It reports whether the batch held the close frame.
func (c *Conn) writeBatch(bp *[]byte, batch []outFrame) (sentClose bool, err error) {
	st := &c.gw.stats
	b := (*bp)[:0]
	c.extendWriteDeadline()
	for _, f := range batch {
		if f.op == gws.OpClose {
			sentClose = true
		}
		b = c.appendFrame(b, f)
		if len(b) >= writeChunk {
			if err = c.write(b); err != nil {
				return sentClose, err
			}
			b = b[:0]
		}
	}
	if len(b) > 0 {
		err = c.write(b)
	}
	*bp = b[:0]
	st.framesOut.Add(uint64(len(batch)))
	return sentClose, err
}

// extendWriteDeadline bounds the coming writes by WriteTimeout, moving the
// deadline only once less than half of it is left: setting it touches the
// runtime's timer, and a busy connection is written every FlushDelay. A
// write so gets between half of WriteTimeout and all of it. Only the
// flusher, one at a time, calls it.
func (c *Conn) extendWriteDeadline() {
	t, limit := now(), int64(c.gw.cfg.WriteTimeout)
	if c.writeDeadline-t > limit/2 {
		return
	}
	c.writeDeadline = t + limit
	_ = c.nc.SetWriteDeadline(time.Unix(0, c.writeDeadline))
}

func (c *Conn) write(b []byte) error {
	n, err := c.nc.Write(b)
	c.gw.stats.writes.Add(1)
	c.gw.stats.bytesOut.Add(uint64(n))
	return err
}

// appendFrame appends a server frame (unmasked, final) to b.
func (c *Conn) appendFrame(b []byte, f outFrame) []byte {
	payload, rsv := f.data, byte(0)
	if c.deflate && f.op == gws.OpText && len(payload) >= compressMin {
		if z, ok := deflate(payload); ok {
			payload, rsv = z, 0x40
		}
	}
	b = appendHeader(b, 0x80|rsv|byte(f.op), len(payload))
	return append(b, payload...)
}

func appendHeader(b []byte, first byte, n int) []byte {
	switch {
	case n < 126:
		return append(b, first, byte(n))
	case n <= 0xffff:
		return append(b, first, 126, byte(n>>8), byte(n))
	default:
		return append(b, first, 127,
			byte(uint64(n)>>56), byte(uint64(n)>>48), byte(uint64(n)>>40), byte(uint64(n)>>32),
			byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
}

// deflate compresses one message without context takeover.
func deflate(p []byte) ([]byte, bool) {
	var out sliceWriter
	w := deflaters.Get().(*wsflate.Writer)
	defer deflaters.Put(w)
	w.Reset(&out)
	if _, err := w.Write(p); err != nil {
		return nil, false
	}
	if err := w.Flush(); err != nil {
		return nil, false
	}
	return out, true
}

type sliceWriter []byte

func (s *sliceWriter) Write(p []byte) (int, error) {
	*s = append(*s, p...)
	return len(p), nil
}
