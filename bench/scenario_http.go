package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// requestsTarget is DESIGN.md's rate of simple read actions on one node.
const requestsTarget = 20_000

// httpAction is one action of the mix and how to call it.
type httpAction struct {
	name   string // the short name of --mix
	label  string // its name in the report
	action string
	data   any
	// signedIn sends a bench member's access token.
	signedIn bool
}

var httpActions = map[string]httpAction{
	"settings": {name: "settings", label: "utils.getSettings", action: "utils.getSettings", data: map[string]string{}},
	"page":     {name: "page", label: "auth.pageData", action: "auth.pageData", data: map[string]string{"path": "/"}},
	"viewer":   {name: "viewer", label: "auth.viewer", action: "auth.viewer", data: map[string]string{}, signedIn: true},
	// history reads a full page of a room the run fills first (fillHistory).
	"history": {name: "history", label: "utils.getChatMessages", action: "utils.getChatMessages", data: map[string]any{"room": historyRoom, "first": historyPage}},
	"levels":  {name: "levels", label: "utils.levelTips", action: "utils.levelTips", data: map[string]string{}},
	// guest is the lightest action there is (auth.viewer without a token
	// reads nothing): the ceiling of the request path itself.
	"guest": {name: "guest", label: "auth.viewer (guest)", action: "auth.viewer", data: map[string]string{}},
}

// parseMix reads --mix (name:weight,…) into a round-robin schedule.
func parseMix(mix string) ([]httpAction, error) {
	var out []httpAction
	for part := range strings.SplitSeq(mix, ",") {
		name, w, _ := strings.Cut(strings.TrimSpace(part), ":")
		a, ok := httpActions[name]
		if !ok {
			known := make([]string, 0, len(httpActions))
			for k := range httpActions {
				known = append(known, k)
			}
			slices.Sort(known)
			return nil, fmt.Errorf("--mix: unknown action %q (known: %s)", name, strings.Join(known, ", "))
		}
		weight := 1
		if w != "" {
			n, err := strconv.Atoi(w)
			if err != nil || n < 0 || n > 100 {
				return nil, fmt.Errorf("--mix: weight of %s: want 0 to 100", name)
			}
			weight = n
		}
		for range weight {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("--mix names no action")
	}
	return out, nil
}

// httpWorker is one client's own figures, merged at the end.
type httpWorker struct {
	lat      map[string]*series
	byStatus map[string]map[string]int64
}

// runHTTP calls /api/request actions from --conns clients, at --rate in all
// or as fast as they go.
func runHTTP(ctx context.Context, r *runner) (*Report, error) {
	o := r.o
	mix, err := parseMix(o.Mix)
	if err != nil {
		return nil, err
	}
	rep := newReport("http", r.env.Version, o)
	for k, v := range map[string]any{"conns": o.Conns, "rate": o.Rate, "mix": o.Mix, "duration": o.Duration.String(), "users": o.Users} {
		rep.Params[k] = v
	}
	transport := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConns:        o.Conns * 2,
		MaxIdleConnsPerHost: o.Conns * 2,
		IdleConnTimeout:     time.Minute,
		DisableCompression:  true,
	}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}

	var tokens []string
	readsHistory := slices.ContainsFunc(mix, func(a httpAction) bool { return a.name == "history" })
	signsIn := slices.ContainsFunc(mix, func(a httpAction) bool { return a.signedIn })
	if readsHistory || signsIn {
		n := o.Users
		if readsHistory {
			n = max(n, historyWriters)
		}
		if tokens, err = signIn(ctx, client, r, n); err != nil {
			return nil, err
		}
	}
	if readsHistory {
		if err := fillHistory(ctx, client, r.target(0), tokens[:min(historyWriters, len(tokens))]); err != nil {
			return nil, err
		}
	}
	// auth.viewer is called as --users members.
	tokens = tokens[:min(max(o.Users, 1), len(tokens))]
	// Bodies are built once per worker and action: the load is the server's.
	bodies := func(worker int) map[string][]byte {
		out := map[string][]byte{}
		for _, a := range mix {
			env := map[string]any{"action": a.action, "data": a.data, "path": "/", "device": "desktop", "lang": "en",
				"visitorId": "bench-" + strconv.Itoa(worker)}
			if a.signedIn && len(tokens) > 0 {
				env["authToken"] = tokens[worker%len(tokens)]
			}
			out[a.name], _ = json.Marshal(env)
		}
		return out
	}

	probe := newServerProbe(ctx, r.targets, r.debug)
	start := time.Now()
	end := start.Add(o.Duration)
	var done atomic.Int64
	var failed atomic.Int64
	var ticket atomic.Int64
	workers := make([]*httpWorker, o.Conns)
	var wg sync.WaitGroup
	for i := range workers {
		w := &httpWorker{lat: map[string]*series{}, byStatus: map[string]map[string]int64{}}
		workers[i] = w
		body := bodies(i)
		post := newPoster(r.target(i)+"/api/request", client)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer post.close()
			// Each client goes through the whole mix in turn (from its own
			// place in it), so the mix's weights hold whatever each
			// action costs.
			for n := i; ; n++ {
				issued := time.Now()
				if o.Rate > 0 {
					// Open loop: each request has its time, and its latency
					// counts from then, so a slow server is not hidden.
					k := ticket.Add(1) - 1
					issued = start.Add(time.Duration(float64(k) / o.Rate * float64(time.Second)))
					if !sleepCtx(ctx, time.Until(issued)) {
						return
					}
				}
				if issued.After(end) || ctx.Err() != nil {
					return
				}
				a := mix[n%len(mix)]
				status := post.post(ctx, body[a.name])
				now := time.Now()
				s := w.lat[a.name]
				if s == nil {
					s = newSeries(start, time.Second)
					w.lat[a.name] = s
				}
				if w.byStatus[a.name] == nil {
					w.byStatus[a.name] = map[string]int64{}
				}
				w.byStatus[a.name][status]++
				done.Add(1)
				// Rates and latencies are of the answered requests: a
				// refusal or a dead connection is counted as an error only.
				if status == "200" {
					s.record(now, now.Sub(issued))
					continue
				}
				failed.Add(1)
				if status == "error" && !sleepCtx(ctx, 10*time.Millisecond) {
					return // no server: do not spin
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
			d := done.Load()
			rate := d - last
			last = d
			return fmt.Sprintf("requests %6d/s  clients %d  errors %d", rate, o.Conns, failed.Load())
		})
	}()
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	<-measured
	rep.Server = probe.finish(ctx)

	rep.DurationS = round2(elapsed.Seconds())
	rep.Actions = map[string]*Action{}
	var all []*series
	seen := map[string]bool{}
	for _, a := range mix {
		if seen[a.name] {
			continue
		}
		seen[a.name] = true
		var parts []*series
		fig := &Action{ByStatus: map[string]int64{}}
		for _, w := range workers {
			parts = append(parts, w.lat[a.name])
			for st, n := range w.byStatus[a.name] {
				fig.ByStatus[st] += n
				fig.Requests += n
				if st != "200" {
					fig.Errors += n
					rep.fail(a.name+" "+st, n)
				}
			}
		}
		merged := mergeSeries(start, time.Second, parts...)
		all = append(all, merged)
		h, answered := merged.total(0, len(merged.count))
		fig.LatencyMs = latencyOf(h)
		fig.RequestsPerS = round2(float64(answered) / elapsed.Seconds())
		rep.Actions[a.label] = fig
	}
	total := mergeSeries(start, time.Second, all...)
	h, n := total.total(0, len(total.count))
	lat := latencyOf(h)
	rep.LatencyMs = &lat
	rep.RequestsPerS = round2(float64(n) / elapsed.Seconds())
	for i := range total.count {
		rep.Buckets = append(rep.Buckets, Bucket{TS: float64(i + 1), RequestsPerS: float64(total.count[i]),
			LatencyMs: latencyOf(total.hist[i]), ClientCores: r.clientCores(i)})
	}
	target, met := "", func(float64) bool { return true }
	if o.Rate == 0 {
		target, met = "≥ 20000 (one node)", func(v float64) bool { return v >= requestsTarget }
	}
	rep.figure("requests per second", rep.RequestsPerS, "/s", target, met)
	rep.figure("latency p50", lat.P50, "ms", "", nil)
	rep.figure("latency p99", lat.P99, "ms", "", nil)
	rep.figure("errors", float64(rep.Errors), "", "0", func(v float64) bool { return v == 0 })
	return rep, nil
}

// The history action reads a page of historyPage messages from historyRoom,
// a room of the bench's own, so that a deployment's public chat stays clean.
const (
	historyRoom = "bench-history"
	historyPage = 18
	// historyWriters fill the page in two rounds of the 2 s send limit.
	historyWriters = historyPage / 2
)

// fillHistory sends the messages historyRoom lacks for a full page, as the
// signed-in members (utils.chat, one message per member every 2 s).
func fillHistory(ctx context.Context, client *http.Client, target string, tokens []string) error {
	url := target + "/api/request"
	call := func(action, token string, data any) (map[string]any, error) {
		body, _, err := callAction(ctx, client, url, map[string]any{"action": action, "lang": "en", "authToken": token, "data": data})
		if err != nil {
			return nil, err
		}
		var out map[string]any
		return out, json.Unmarshal(body, &out)
	}
	page, err := call("utils.getChatMessages", "", map[string]any{"room": historyRoom, "first": historyPage})
	if err != nil {
		return fmt.Errorf("fill the history room: %w", err)
	}
	edges, _ := dig(page, "guaqi", "utils", "getChatMessages", "edges").([]any)
	for sent := 0; sent < historyPage-len(edges); {
		if sent > 0 && sent%len(tokens) == 0 {
			// Each member may send again 2 s after its last message.
			if !sleepCtx(ctx, 2100*time.Millisecond) {
				return ctx.Err()
			}
		}
		text := "bench history " + strconv.Itoa(len(edges)+sent+1) + ": " + strings.Repeat("lorem ipsum ", 8)
		if _, err := call("utils.chat", tokens[sent%len(tokens)], map[string]any{"room": historyRoom, "text": text}); err != nil {
			return fmt.Errorf("fill the history room: %w", err)
		}
		sent++
	}
	return nil
}

// dig walks nested JSON objects by key; nil when a key is missing.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// loginsPerAddress stays within auth.login's limit per client address
// (a burst of 8).
const loginsPerAddress = 6

// signIn signs in up to n bench members through auth.login and returns
// their access tokens, in member order. Against a deployment (--target)
// that is at most loginsPerAddress; beyond that, nodes of its own are
// reached from more loopback addresses (127.0.0.2, .3, …),
// loginsPerAddress each, as that many clients would.
func signIn(ctx context.Context, client *http.Client, r *runner, n int) ([]string, error) {
	n = min(max(n, 1), len(r.users.Users))
	if r.cl == nil {
		n = min(n, loginsPerAddress)
	}
	var tokens []string
	for i := range n {
		if i > 0 && i%loginsPerAddress == 0 {
			// Linux answers on every 127/8 address.
			client = loopbackClient(byte(1 + i/loginsPerAddress))
		}
		u := r.user(i)
		_, cookies, err := callAction(ctx, client, r.target(i)+"/api/request", map[string]any{"action": "auth.login", "lang": "en",
			"data": map[string]string{"provider": "PASSWORD", "username": u.Email, "password": r.users.Password}})
		if err != nil {
			return nil, fmt.Errorf("sign in bench member %s: %w", u.Email, err)
		}
		for _, c := range cookies {
			if c.Name == "souk_access" {
				tokens = append(tokens, c.Value)
			}
		}
	}
	if len(tokens) != n {
		return nil, fmt.Errorf("sign in bench members: %d of %d access tokens came back", len(tokens), n)
	}
	return tokens, nil
}

// callAction posts an /api/request envelope and returns the reply's body
// and cookies; a status other than 200 is an error with the reply.
func callAction(ctx context.Context, client *http.Client, url string, envelope map[string]any) ([]byte, []*http.Cookie, error) {
	body, err := json.Marshal(envelope)
	if err != nil {
		return nil, nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	reply, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, nil, fmt.Errorf("%s: %s %s", envelope["action"], resp.Status, reply)
	}
	return reply, resp.Cookies(), nil
}

// loopbackClient is an HTTP client whose connections come from 127.0.0.last.
func loopbackClient(last byte) *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, last)}}
	return &http.Client{Timeout: 10 * time.Second,
		Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
}
