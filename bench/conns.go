package bench

import (
	"bytes"
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// client is one websocket of a bench member, which may be reopened (on
// another node) when the server drops it.
type client struct {
	idx    int
	user   BenchUser
	target string
	conn   atomic.Pointer[wsConn]
	// connected is closed at the server's connect answer.
	connected chan struct{}
	once      sync.Once
	dialAt    time.Time
	// joined is set at the server's join_success for this socket (chat).
	joined atomic.Bool
	// accepted is set at the server's connect answer, when it accepted.
	accepted atomic.Bool
	// reopen marks a socket opened again after a drop: a refusal of its
	// connect (a node not serving yet) is counted apart, not as an error.
	reopen bool
	// handle gets every frame other than connect, on the shard goroutine.
	handle func(cl *client, c *wsConn, action, payload []byte)
}

// opener opens authenticated websockets at a steady pace.
type opener struct {
	r    *runner
	pool *pool
	// handshake records dial-to-connect latencies (guarded by mu).
	mu        sync.Mutex
	handshake *series
	start     time.Time
	lastOpen  time.Time // guarded by mu

	opened, failed atomic.Int64
	refused        sync.Map // error code → *atomic.Int64
	// reopenRefused counts refused connects of reopened sockets, which
	// try again.
	reopenRefused atomic.Int64
}

func newOpener(r *runner, p *pool) *opener {
	now := time.Now()
	return &opener{r: r, pool: p, handshake: newSeries(now, time.Hour), start: now}
}

var (
	connectAction = []byte("connect")
	errorAction   = []byte("error")
)

// dispatch is every client's onText: connect answers are the opener's,
// the rest the scenario's.
func (op *opener) dispatch(cl *client) func(*wsConn, []byte) {
	return func(c *wsConn, payload []byte) {
		action := frameAction(payload)
		if bytes.Equal(action, connectAction) {
			cl.once.Do(func() {
				now := time.Now()
				op.mu.Lock()
				op.handshake.record(now, now.Sub(cl.dialAt))
				op.lastOpen = now
				op.mu.Unlock()
				op.opened.Add(1)
				cl.accepted.Store(true)
				close(cl.connected)
			})
			return
		}
		if bytes.Equal(action, errorAction) && bytes.Contains(payload, []byte(`"action":"connect"`)) {
			cl.once.Do(func() {
				if cl.reopen {
					op.reopenRefused.Add(1)
				} else {
					op.refuse(payload)
					op.failed.Add(1)
				}
				close(cl.connected)
			})
			return
		}
		if cl.handle != nil {
			cl.handle(cl, c, action, payload)
		}
	}
}

// refuse counts an error frame by its code.
func (op *opener) refuse(payload []byte) {
	code := stringField(payload, keyCode)
	v, _ := op.refused.LoadOrStore(code, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

func (op *opener) refusals() map[string]int64 {
	out := map[string]int64{}
	op.refused.Range(func(k, v any) bool {
		out["refused: "+k.(string)] = v.(*atomic.Int64).Load()
		return true
	})
	return out
}

// dial opens cl's websocket and sends connect; the answer arrives on the
// shard.
func (op *opener) dial(ctx context.Context, cl *client) error {
	addr, err := wsURL(cl.target)
	if err != nil {
		return err
	}
	cl.dialAt = time.Now()
	c, err := op.pool.dialWS(ctx, addr, cl, op.dispatch(cl))
	if err != nil {
		return err
	}
	cl.conn.Store(c)
	frame := appendFrame(nil, "connect", map[string]string{"userId": cl.user.ID, "signature": cl.user.Signature,
		"timestamp": cl.user.Timestamp})
	return c.sendText(frame)
}

// openAll opens every client, evenly over ramp, with at most 256 dials in
// flight, and waits (bounded) for their connect answers. It returns how
// long opening took, to the last answer.
func (op *opener) openAll(ctx context.Context, clients []*client, ramp time.Duration) time.Duration {
	return op.openEvenly(ctx, clients, time.Now(), func(i int) time.Duration {
		return time.Duration(int64(ramp) * int64(i) / int64(len(clients)))
	})
}

// openEvenly opens clients[i] at start + due(i) (a connect worker opens
// its share of a ramp spread over several processes), with at most 256
// dials in flight, and waits (bounded) for their connect answers. It
// returns how long opening took from start, to the last answer.
func (op *opener) openEvenly(ctx context.Context, clients []*client, start time.Time, due func(i int) time.Duration) time.Duration {
	op.start = start
	work := make(chan *client)
	var wg sync.WaitGroup
	for range min(len(clients), 256) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for cl := range work {
				if err := op.dial(ctx, cl); err != nil {
					op.failed.Add(1)
					cl.once.Do(func() { close(cl.connected) })
				}
			}
		}()
	}
	for i, cl := range clients {
		if !sleepCtx(ctx, time.Until(op.start.Add(due(i)))) {
			break
		}
		work <- cl
	}
	close(work)
	wg.Wait()
	deadline := time.After(30 * time.Second)
	for _, cl := range clients {
		select {
		case <-cl.connected:
		case <-deadline:
		case <-ctx.Done():
		}
	}
	op.mu.Lock()
	defer op.mu.Unlock()
	if op.lastOpen.IsZero() {
		return time.Since(op.start)
	}
	return op.lastOpen.Sub(op.start)
}

// handshakeLatency is the dial-to-connect distribution so far.
func (op *opener) handshakeLatency() Latency {
	op.mu.Lock()
	defer op.mu.Unlock()
	h, _ := op.handshake.total(0, len(op.handshake.count))
	return latencyOf(h)
}
