package bench

import (
	"context"
	"strconv"
	"sync/atomic"
	"time"
)

// pending is a sent message waiting for its acknowledgement.
type pending struct {
	m       *member
	frame   []byte
	at      time.Time // its first send
	retries int
}

// maxRetries bounds the resends of a message the server throttled.
const maxRetries = 3

var keyRetryAfter = []byte(`"retryAfterMs":`)

// retry resends a message the server refused with a retryAfterMs
// (throttled, or unavailable), as a client would, after retryAfterMs, with
// the same clientId and send stamp: the wait counts in its latency. It
// reports whether the refusal is taken care of: resent, or the answer to
// a copy of a message no longer in flight (acknowledged, or given up).
func (cr *chatRun) retry(payload []byte) bool {
	wait, ok := intField(payload, keyRetryAfter)
	id := stringField(payload, keyClientID)
	if id == "" {
		return false
	}
	cr.mu.Lock()
	p := cr.inflight[id]
	if p == nil {
		cr.mu.Unlock()
		return true
	}
	if !ok || p.retries >= maxRetries {
		delete(cr.inflight, id)
		cr.mu.Unlock()
		return false
	}
	p.retries++
	cr.mu.Unlock()
	cr.retried.Add(1)
	v, _ := cr.retriedCodes.LoadOrStore(stringField(payload, keyCode), new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
	time.AfterFunc(time.Duration(wait+10)*time.Millisecond, func() {
		// On a closed socket it stays in flight: sent again after the
		// reconnect (scale), or counted unacknowledged at the end.
		if c := p.m.client.Load().conn.Load(); c != nil {
			_ = c.sendText(p.frame)
		}
	})
	return true
}

// publish sends rate messages a second in all, round robin over the
// publishers (spread over the rooms), until duration has passed. It
// returns how many it sent.
func (cr *chatRun) publish(ctx context.Context, publishers int, rate float64, size int, duration time.Duration, sent *series) int64 {
	start := cr.start
	var n int64
	buf := make([]byte, 0, 512)
	msg := make([]byte, 0, 320)
	counters := make([]int, publishers)
	for k := int64(0); ; k++ {
		due := start.Add(time.Duration(float64(k) / rate * float64(time.Second)))
		if due.Sub(start) >= duration && due.UnixNano() >= cr.holdUntil.Load() {
			break
		}
		if !sleepCtx(ctx, time.Until(due)) {
			break
		}
		j := int(k % int64(publishers))
		if cr.sendOrder != nil {
			j = cr.sendOrder[j]
		}
		m := cr.members[j]
		cl := m.client.Load()
		c := cl.conn.Load()
		if c == nil {
			continue
		}
		counters[j]++
		tag := strconv.Itoa(j) + "." + strconv.Itoa(counters[j])
		now := time.Now()
		msg = appendMessage(msg[:0], now.UnixNano(), tag, size)
		buf = append(buf[:0], `{"action":"chat_room","data":{"room":"`...)
		buf = append(buf, m.room.name...)
		buf = append(buf, `","message":"`...)
		buf = append(buf, msg...)
		buf = append(buf, `","clientId":"`...)
		buf = append(buf, cr.idPrefix...)
		buf = append(buf, tag...)
		buf = append(buf, `"}}`...)
		cr.mu.Lock()
		cr.inflight[cr.idPrefix+tag] = &pending{m: m, frame: append([]byte(nil), buf...), at: now}
		cr.mu.Unlock()
		// A socket the server just closed fails the write: the message
		// stays in flight, as in the client's outbox, and is sent again
		// once the member has reconnected (scale), or counted
		// unacknowledged at the end.
		_ = c.sendText(buf)
		sent.add(now, 1)
		n++
	}
	return n
}

// resend sends m's messages still in flight again on its new connection,
// with their clientId, as the client does after a reconnect: the room
// answers one it had stored with the first result, and stores the others.
func (cr *chatRun) resend(m *member, c *wsConn) {
	cr.mu.Lock()
	var frames [][]byte
	for _, p := range cr.inflight {
		if p.m == m {
			frames = append(frames, p.frame)
		}
	}
	cr.mu.Unlock()
	for _, f := range frames {
		if c.sendText(f) == nil {
			cr.resent.Add(1)
		}
	}
}

// waitAcks waits (bounded) until every sent message was answered.
func (cr *chatRun) waitAcks(published int64) {
	deadline := time.Now().Add(drainLimit)
	for time.Now().Before(deadline) && cr.acked.Load()+cr.refused.Load() < published {
		time.Sleep(20 * time.Millisecond)
	}
}

// drain waits (bounded) until every member holds every acknowledged
// message, and returns how many deliveries that is.
func (cr *chatRun) drain(ctx context.Context) int64 {
	var expected int64
	for _, m := range cr.members {
		m.mu.Lock()
		if m.ok {
			for _, seq := range m.room.acked() {
				if seq > m.base {
					expected++
				}
			}
		}
		m.mu.Unlock()
	}
	deadline := time.Now().Add(drainLimit)
	for time.Now().Before(deadline) && cr.delivered() < expected && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
	return expected
}
