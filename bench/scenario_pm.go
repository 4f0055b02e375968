package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// The pm scenario sends private messages (mutates.sendMessage, over HTTP
// as the client does) between random pairs of bench members, and measures
// their private_message events on every connection of both members: the
// recipient's and the sender's (the sender's other tabs get a copy).

var (
	pmAction     = []byte("private_message")
	syncedAction = []byte("inbox_synced")
	notifyAction = []byte("notification")
	keyContent   = []byte(`"content":"t`)
)

// pmConn is one connection of a pm member; its bits are touched only by
// the shard that reads it.
type pmConn struct {
	user   int
	synced chan struct{}
	once   sync.Once
	mu     sync.Mutex
	seen   []uint64 // guarded by mu: bit i is message i
	dups   int64    // guarded by mu
	// inbox is the highest inbox seq seen; a lower or equal one is a duplicate.
	inbox int64 // guarded by mu
}

func (pc *pmConn) mark(i int64, seq int64) (dup bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	w := int(i / 64)
	for len(pc.seen) <= w {
		pc.seen = append(pc.seen, 0)
	}
	bit := uint64(1) << (i % 64)
	if pc.seen[w]&bit != 0 || (seq > 0 && seq <= pc.inbox) {
		pc.dups++
		return true
	}
	pc.seen[w] |= bit
	pc.inbox = max(pc.inbox, seq)
	return false
}

func (pc *pmConn) has(i int64) bool {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	w := int(i / 64)
	return w < len(pc.seen) && pc.seen[w]&(uint64(1)<<(i%64)) != 0
}

// pmMessage is one message sent.
type pmMessage struct {
	from, to int
	acked    atomic.Bool
}

// pmSendEvery is the server's pace of private messages per member, after
// a burst (app/messages).
const pmSendEvery = 500 * time.Millisecond

// pmSenderSlack is the acknowledgement time the senders absorb at the
// rate asked for: rate × pmSenderSlack sends are under way at most.
const pmSenderSlack = 250 * time.Millisecond

// runPM runs the pm scenario.
func runPM(ctx context.Context, r *runner) (*Report, error) {
	o := r.o
	rep := newReport("pm", r.env.Version, o)
	users := min(max(o.Users, 2), len(r.users.Users))
	if users < 2 {
		return nil, errors.New("pm needs at least 2 bench members")
	}
	rate := o.Rate
	if rate == 0 {
		rate = 100
	}
	for k, v := range map[string]any{"users": users, "conns_per_user": o.Conns, "rate": rate, "size": o.Size,
		"duration": o.Duration.String(), "ramp": o.Ramp.String()} {
		rep.Params[k] = v
	}
	transport := &http.Transport{DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 256, DisableCompression: true}
	defer transport.CloseIdleConnections()
	httpClient := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	tokens, err := signIn(ctx, httpClient, r, o.Users)
	if err != nil {
		return nil, err
	}
	senders := len(tokens)
	// The server takes one private message per member every 0.5 s after a
	// burst; random senders at 80 % of that stay within it.
	if most := 0.8 * float64(senders) / pmSendEvery.Seconds(); rate > most {
		return nil, fmt.Errorf("--rate %.0f is over what %d signed-in members may send (the server takes one private message per member every %s): at most %.0f, or more --users",
			rate, senders, pmSendEvery, most)
	}

	pool, err := newPool(runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	defer pool.stop()
	defer pool.closeAll()
	op := newOpener(r, pool)
	var (
		msgMu    sync.Mutex
		messages []*pmMessage // guarded by msgMu
		notes    atomic.Int64
	)
	message := func(i int64) *pmMessage {
		msgMu.Lock()
		defer msgMu.Unlock()
		if i < 0 || i >= int64(len(messages)) {
			return nil
		}
		return messages[i]
	}
	conns := make([][]*pmConn, users)
	var clients []*client
	for u := range users {
		for k := range max(o.Conns, 1) {
			pc := &pmConn{user: u, synced: make(chan struct{})}
			conns[u] = append(conns[u], pc)
			cl := &client{idx: len(clients), user: r.user(u), target: r.target(u + k), connected: make(chan struct{})}
			cl.handle = func(_ *client, c *wsConn, action, payload []byte) {
				switch {
				case bytes.Equal(action, pmAction):
					i, at, ok := pmStamp(payload)
					if !ok || message(i) == nil {
						return
					}
					var seq int64
					if at := bytes.Index(payload, keySeq); at >= 0 {
						seq, _ = leadingInt(payload[at+len(keySeq):])
					}
					if pc.mark(i, seq) {
						return
					}
					c.shard.delivered.Add(1)
					if rec := c.shard.rec.Load(); rec != nil {
						now := time.Now()
						rec.record(now, now.Sub(time.Unix(0, at)))
					}
				case bytes.Equal(action, syncedAction):
					pc.once.Do(func() { close(pc.synced) })
				case bytes.Equal(action, notifyAction):
					notes.Add(1)
				case bytes.Equal(action, errorAction):
					op.refuse(payload)
				}
			}
			clients = append(clients, cl)
		}
	}
	probe := newServerProbe(ctx, r.targets, r.debug)
	r.logf("opening %d connections (%d members × %d)…", len(clients), users, o.Conns)
	ramp := op.openAll(ctx, clients, o.Ramp)
	syncWait := time.After(30 * time.Second)
	for _, list := range conns {
		for _, pc := range list {
			select {
			case <-pc.synced:
			case <-syncWait:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
	}

	start := time.Now()
	for _, s := range pool.shards {
		s.rec.Store(newSeries(start, time.Second))
	}
	end := start.Add(o.Duration)
	var ticket, sent, acked, failed atomic.Int64
	byStatus := sync.Map{}
	var wg sync.WaitGroup
	// The senders keep to the schedule as long as acknowledgements take
	// under pmSenderSlack; the latency of a delivery counts from the time
	// its message was due, so that a late send is not hidden.
	for w := range min(512, max(int(rate*pmSenderSlack.Seconds()), 4)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), uint64(start.UnixNano())))
			body := make([]byte, 0, 512)
			for {
				k := ticket.Add(1) - 1
				due := start.Add(time.Duration(float64(k) / rate * float64(time.Second)))
				if due.After(end) || !sleepCtx(ctx, time.Until(due)) {
					return
				}
				from := rng.IntN(senders)
				to := rng.IntN(users - 1)
				if to >= from {
					to++
				}
				m := &pmMessage{from: from, to: to}
				msgMu.Lock()
				i := int64(len(messages))
				messages = append(messages, m)
				msgMu.Unlock()
				content := appendMessage(nil, due.UnixNano(), strconv.FormatInt(i, 10), o.Size)
				body, _ = json.Marshal(map[string]any{"action": "mutates.sendMessage", "lang": "en", "authToken": tokens[from],
					"data": map[string]any{"to_id": r.user(to).ID, "content": string(content), "clientId": "pm-" + strconv.FormatInt(i, 10)}})
				sent.Add(1)
				status := postJSON(ctx, httpClient, r.target(from)+"/api/request", body)
				v, _ := byStatus.LoadOrStore(status, new(atomic.Int64))
				v.(*atomic.Int64).Add(1)
				if status == "200" {
					m.acked.Store(true)
					acked.Add(1)
				} else {
					failed.Add(1)
				}
			}
		}()
	}
	stop := make(chan struct{})
	measured := make(chan struct{})
	go func() {
		defer close(measured)
		var last int64
		r.measure(ctx, start, stop, func() string {
			var d int64
			for _, s := range pool.shards {
				d += s.delivered.Load()
			}
			rate := d - last
			last = d
			return fmt.Sprintf("deliveries %6d/s  sent %d  acked %d  errors %d", rate, sent.Load(), acked.Load(), failed.Load())
		})
	}()
	wg.Wait()
	sendEnd := time.Now()

	expected := func() (n int64) {
		msgMu.Lock()
		defer msgMu.Unlock()
		for _, m := range messages {
			if m.acked.Load() {
				n += int64(len(conns[m.from]) + len(conns[m.to]))
			}
		}
		return n
	}()
	deadline := time.Now().Add(drainLimit)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		var d int64
		for _, s := range pool.shards {
			d += s.delivered.Load()
		}
		if d >= expected {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	close(stop)
	<-measured
	pool.stop()
	rep.Server = probe.finish(ctx)

	var lost, dups int64
	msgMu.Lock()
	for i, m := range messages {
		if !m.acked.Load() {
			continue
		}
		for _, pc := range append(append([]*pmConn(nil), conns[m.from]...), conns[m.to]...) {
			if !pc.has(int64(i)) {
				lost++
			}
		}
	}
	msgMu.Unlock()
	for _, list := range conns {
		for _, pc := range list {
			pc.mu.Lock()
			dups += pc.dups
			pc.mu.Unlock()
		}
	}
	rec := make([]*series, 0, len(pool.shards))
	for _, s := range pool.shards {
		rec = append(rec, s.rec.Load())
	}
	all := mergeSeries(start, time.Second, rec...)
	window := sendEnd.Sub(start)
	hist, _ := all.total(0, len(all.count))
	_, inWindow := all.total(0, int(window.Seconds()+0.999))
	lat := latencyOf(hist)
	rep.DurationS = round2(window.Seconds())
	rep.DeliveriesPerS = round2(float64(inWindow) / max(window.Seconds(), 0.001))
	rep.MessagesPerS = round2(float64(acked.Load()) / max(window.Seconds(), 0.001))
	rep.RequestsPerS = rep.MessagesPerS
	rep.LatencyMs = &lat
	rep.Lost, rep.Duplicated = &lost, &dups
	rep.Connection = &ConnFigures{Opened: op.opened.Load(), Failed: op.failed.Load(), Dropped: pool.closedByPeer.Load(),
		PerSecond: round2(float64(op.opened.Load()) / max(ramp.Seconds(), 0.001)), RampS: round2(ramp.Seconds()),
		HandshakeMs: op.handshakeLatency()}
	rep.fail("connect failed", op.failed.Load())
	byStatus.Range(func(k, v any) bool {
		if k.(string) != "200" {
			rep.fail("mutates.sendMessage "+k.(string), v.(*atomic.Int64).Load())
		}
		return true
	})
	for k, v := range op.refusals() {
		rep.fail(k, v)
	}
	rep.Params["senders"] = senders
	rep.Params["notifications_received"] = notes.Load()
	for i := range all.count {
		rep.Buckets = append(rep.Buckets, Bucket{TS: float64(i + 1), DeliveriesPerS: float64(all.count[i]),
			LatencyMs: latencyOf(all.hist[i]), ClientCores: r.clientCores(i)})
	}
	zero := func(v float64) bool { return v == 0 }
	rep.figure("private messages per second (acknowledged)", rep.MessagesPerS, "/s", "", nil)
	rep.figure("deliveries per second", rep.DeliveriesPerS, "/s", "", nil)
	rep.figure("latency p50", lat.P50, "ms", "", nil)
	rep.figure("latency p99", lat.P99, "ms", "", nil)
	rep.figure("lost deliveries", float64(lost), "", "0", zero)
	rep.figure("duplicated deliveries", float64(dups), "", "0", zero)
	rep.figure("errors", float64(rep.Errors), "", "0", zero)
	return rep, nil
}

// pmStamp reads the message index and send time stamped in a private
// message's content: t<unix nanos>.<index>…
func pmStamp(p []byte) (index, sentNanos int64, ok bool) {
	i := bytes.Index(p, keyContent)
	if i < 0 {
		return 0, 0, false
	}
	rest := p[i+len(keyContent):]
	at, ok := leadingInt(rest)
	if !ok {
		return 0, 0, false
	}
	dot := bytes.IndexByte(rest, '.')
	if dot < 0 {
		return 0, 0, false
	}
	index, ok = leadingInt(rest[dot+1:])
	return index, at, ok
}

// postJSON posts body and returns the status ("error" when none came back).
func postJSON(ctx context.Context, client *http.Client, url string, body []byte) string {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return "error"
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return "error"
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	return strconv.Itoa(resp.StatusCode)
}
