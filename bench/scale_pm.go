package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// pmLoad sends private messages between the bench members over HTTP
// beside a scale run's chat (--pm-rate), as the members of a site whose
// node dies would: each send goes to a running node, and one that gets no
// answer, or a 503, is sent again to the next node with the same clientId
// (the server stores it once), as a client behind a load balancer does. It
// records, by first send time, how long each send took to be
// acknowledged, resends included.
type pmLoad struct {
	acks                                   ackRecorder
	sent, acked, failed, resent, throttled atomic.Int64
	firstStatus                            sync.Map // status of a refused send → *atomic.Int64
	wg                                     sync.WaitGroup
	client                                 *http.Client
	transport                              *http.Transport
	tokens, ids                            []string
	runID                                  string
	rate                                   float64
	running                                func() []string
}

// pmResendWithin bounds how long one private message is sent again.
const pmResendWithin = 30 * time.Second

// newPMLoad signs in the run's members for --pm-rate: each sends at most
// one private message every pmSendEvery (the server's limit), so the rate
// is refused above 80 % of what they may send.
func (cr *chatRun) newPMLoad(ctx context.Context, rate float64) (*pmLoad, error) {
	r := cr.r
	transport := &http.Transport{DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 16, DisableCompression: true}
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	n := min(len(cr.members), len(r.users.Users))
	if n < 2 {
		return nil, fmt.Errorf("--pm-rate needs at least 2 members")
	}
	if most := 0.8 * float64(n) / pmSendEvery.Seconds(); rate > most {
		return nil, fmt.Errorf("--pm-rate %.0f is over what %d members may send (one private message each every %s): at most %.0f",
			rate, n, pmSendEvery, most)
	}
	tokens, err := signIn(ctx, client, r, n)
	if err != nil {
		return nil, err
	}
	p := &pmLoad{client: client, transport: transport, tokens: tokens, rate: rate,
		runID: strconv.FormatInt(time.Now().UnixNano(), 36), running: r.cl.urls}
	for i := range tokens {
		p.ids = append(p.ids, r.user(i).ID)
	}
	return p, nil
}

// start sends rate private messages a second from start while sending
// says the k-th one is due, round robin over workers.
func (p *pmLoad) start(ctx context.Context, start time.Time, sending func(due time.Time) bool) {
	p.acks.begin(start)
	var ticket atomic.Int64
	for w := range min(16, max(2, int(p.rate/5))) {
		p.wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), uint64(start.UnixNano())))
			for {
				k := ticket.Add(1) - 1
				due := start.Add(time.Duration(float64(k) / p.rate * float64(time.Second)))
				if !sending(due) || !sleepCtx(ctx, time.Until(due)) {
					return
				}
				from := rng.IntN(len(p.tokens))
				to := rng.IntN(len(p.tokens) - 1)
				if to >= from {
					to++
				}
				p.send(ctx, k, from, to)
			}
		})
	}
}

// send sends the k-th private message until it is acknowledged, refused
// or pmResendWithin has passed.
func (p *pmLoad) send(ctx context.Context, k int64, from, to int) {
	body, _ := json.Marshal(map[string]any{"action": "mutates.sendMessage", "lang": "en", "authToken": p.tokens[from],
		"data": map[string]any{"to_id": p.ids[to], "content": "pm " + strconv.FormatInt(k, 10),
			"clientId": "spm-" + p.runID + "-" + strconv.FormatInt(k, 10)}})
	p.sent.Add(1)
	first := time.Now()
	for attempt := 0; ; attempt++ {
		urls := p.running()
		status := "error"
		if len(urls) > 0 {
			status = postJSON(ctx, p.client, urls[(int(k)+attempt)%len(urls)]+"/api/request", body)
		}
		switch {
		case status == "200":
			p.acked.Add(1)
			p.acks.record(first, time.Now())
			return
		case status == "429":
			// Two sends of one member close together: wait out the limit.
			p.throttled.Add(1)
		case status != "error" && status != "503" && status != "502" && status != "504":
			v, _ := p.firstStatus.LoadOrStore(status, new(atomic.Int64))
			v.(*atomic.Int64).Add(1)
			p.failed.Add(1)
			return
		}
		if time.Since(first) > pmResendWithin || !sleepCtx(ctx, 50*time.Millisecond) {
			p.failed.Add(1)
			return
		}
		p.resent.Add(1)
	}
}

// wait waits for every send to end, and lets the connections go.
func (p *pmLoad) wait() {
	p.wg.Wait()
	p.transport.CloseIdleConnections()
}

// report adds the private messages' figures to rep.
func (p *pmLoad) report(rep *Report, d time.Duration) {
	rep.Params["pm_rate"] = p.rate
	rep.Params["pm_sent"] = p.sent.Load()
	rep.Params["pm_acked"] = p.acked.Load()
	rep.Params["pm_resent"] = p.resent.Load()
	rep.Params["pm_throttled"] = p.throttled.Load()
	lat := p.acks.latency(0, d.Seconds())
	rep.PMAckLatencyMs = &lat
	rep.fail("private messages not acknowledged", p.failed.Load())
	p.firstStatus.Range(func(k, v any) bool {
		rep.fail("mutates.sendMessage "+k.(string), v.(*atomic.Int64).Load())
		return true
	})
}
