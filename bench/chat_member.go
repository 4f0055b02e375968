package bench

import (
	"bytes"
	"sync"
	"sync/atomic"
	"time"
)

// chatRoom is one room of the run and the sequence numbers its messages
// were acknowledged with.
type chatRoom struct {
	name string
	mu   sync.Mutex
	sent []int64 // guarded by mu: acknowledged seqs
}

// member is one room member: a logical client whose socket may be
// reopened. Its delivery state is touched by the shard reading its socket,
// and by the next one after a reconnection, hence mu.
type member struct {
	room   *chatRoom
	idx    int
	user   BenchUser
	joined chan struct{}
	once   sync.Once

	mu     sync.Mutex
	ok     bool     // guarded by mu: joined, base is set
	base   int64    // guarded by mu: the room's last seq when it joined
	seen   []uint64 // guarded by mu: bit i is seq base+1+i
	maxSeq int64    // guarded by mu
	dups   int64    // guarded by mu
	stalls          // guarded by mu: out-of-order deliveries and gaps
	client atomic.Pointer[client]
	// firstTarget is the node its first socket went to.
	firstTarget string
	reconnects  atomic.Int64
}

// mark notes seq's delivery and reports whether it is a duplicate.
func (m *member) mark(seq int64) (dup bool) {
	i := seq - m.base - 1
	if i < 0 {
		return false
	}
	w := int(i / 64)
	for len(m.seen) <= w {
		m.seen = append(m.seen, 0)
	}
	bit := uint64(1) << (i % 64)
	if m.seen[w]&bit != 0 {
		m.dups++
		return true
	}
	m.seen[w] |= bit
	m.maxSeq = max(m.maxSeq, seq)
	return false
}

func (m *member) has(seq int64) bool {
	i := seq - m.base - 1
	if i < 0 {
		return true
	}
	w := int(i / 64)
	return w < len(m.seen) && m.seen[w]&(uint64(1)<<(i%64)) != 0
}

var (
	chatAction = []byte("chat_room")
	ackAction  = []byte("chat_ack")
	joinAction = []byte("join_success")
)

// newClient makes m's first client, on target.
func (cr *chatRun) newClient(m *member, target string) *client {
	cl := cr.clientOf(m, target)
	m.firstTarget = target
	m.client.Store(cl)
	return cl
}

// clientOf makes a client of m on target, not yet m's.
func (cr *chatRun) clientOf(m *member, target string) *client {
	return &client{idx: m.idx, user: m.user, target: target, connected: make(chan struct{}), handle: cr.handle(m)}
}

func (cr *chatRun) delivered() int64 {
	var n int64
	for _, s := range cr.pool.shards {
		n += s.delivered.Load()
	}
	return n
}

func (cr *chatRun) errors() int64 {
	return cr.op.failed.Load() + cr.refused.Load() + cr.sendErrors.Load()
}

func (room *chatRoom) acked() []int64 {
	room.mu.Lock()
	defer room.mu.Unlock()
	return room.sent
}

// join sends join_room for each room of cl's socket; lastSeq < 0 joins
// live (a reopened socket, in scale, carries one room).
func (cr *chatRun) join(cl *client, lastSeq int64) {
	c := cl.conn.Load()
	if c == nil {
		return
	}
	for _, m := range cr.membersOf(cl) {
		data := map[string]any{"room": m.room.name}
		if lastSeq >= 0 {
			data["lastSeq"] = lastSeq
		}
		if err := c.sendText(appendFrame(nil, "join_room", data)); err != nil {
			cr.sendErrors.Add(1)
		}
	}
}

// handle is the frame handler of a socket carrying the members (room
// pairs) ms, on the shard reading it: a room's frames go to its pair.
func (cr *chatRun) handle(ms ...*member) func(*client, *wsConn, []byte, []byte) {
	one := ms[0]
	return func(cl *client, c *wsConn, action, payload []byte) {
		m := one
		if len(ms) > 1 && (bytes.Equal(action, chatAction) || bytes.Equal(action, joinAction)) {
			if m = roomOf(ms, payload); m == nil {
				return // a room this socket did not join
			}
		}
		switch {
		case bytes.Equal(action, chatAction):
			seq, ok := intField(payload, keySeq)
			if !ok {
				return
			}
			now := time.Now()
			m.mu.Lock()
			below := seq < m.maxSeq
			dup := !m.ok || m.mark(seq)
			if !dup {
				m.delivered(now, below, cr.window())
			}
			m.mu.Unlock()
			if dup {
				return
			}
			c.shard.delivered.Add(1)
			if rec := c.shard.rec.Load(); rec != nil {
				if at, ok := sentAt(payload); ok {
					rec.record(now, now.Sub(time.Unix(0, at)))
				} else {
					rec.add(now, 1)
				}
			}
		case bytes.Equal(action, joinAction):
			if !bytes.Contains(payload, keySelf) {
				return
			}
			m.mu.Lock()
			if !m.ok {
				m.base, _ = intField(payload, keyLastSeq)
				m.maxSeq = m.base
				m.ok = true
			}
			m.mu.Unlock()
			cl.joined.Store(true)
			m.once.Do(func() { close(m.joined) })
		case bytes.Equal(action, ackAction):
			seq, ok := intField(payload, keySeq)
			if !ok {
				return
			}
			id := stringField(payload, keyClientID)
			cr.mu.Lock()
			p, known := cr.inflight[id]
			delete(cr.inflight, id)
			cr.mu.Unlock()
			if !known {
				return // a resend's second answer
			}
			cr.acks.record(p.at, time.Now())
			room := p.m.room // the pair that sent it: by clientId
			room.mu.Lock()
			room.sent = append(room.sent, seq)
			room.mu.Unlock()
			cr.acked.Add(1)
		case bytes.Equal(action, errorAction):
			if !bytes.Contains(payload, []byte(`"action":"chat_room"`)) {
				cr.op.refuse(payload)
				return
			}
			if cr.retry(payload) {
				return
			}
			cr.op.refuse(payload)
			cr.refused.Add(1)
		}
	}
}
