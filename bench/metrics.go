package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// serverSample is what the bench reads of a node's /metrics.
type serverSample struct {
	heap, stack, rss, goroutines int64
	cpu                          float64
	collected                    bool
	at                           time.Time
}

var metricsClient = &http.Client{Timeout: 10 * time.Second}

// sampleServer reads a node's /metrics; with debug (its pprof address) from
// there, after forcing a collection, so the heap holds live objects only.
func sampleServer(ctx context.Context, target, debug string) (serverSample, error) {
	s := serverSample{at: time.Now()}
	if debug != "" {
		// The heap profile endpoint collects garbage before it answers;
		// twice, because a collection only moves pooled buffers (sync.Pool)
		// to a victim cache that the next one frees.
		s.collected = true
		for range 2 {
			if err := get(ctx, "http://"+debug+"/debug/pprof/heap?gc=1", io.Discard); err != nil {
				s.collected = false
			}
		}
	}
	// A node serves /metrics on its debug listener; the public one has it
	// only behind a token (--metrics-token).
	metricsURL := target + "/metrics"
	if debug != "" {
		metricsURL = "http://" + debug + "/metrics"
	}
	var body strings.Builder
	if err := get(ctx, metricsURL, &body); err != nil {
		return s, err
	}
	sc := bufio.NewScanner(strings.NewReader(body.String()))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(name, "#") {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			continue
		}
		switch name {
		case "go_memstats_heap_alloc_bytes":
			s.heap = int64(v)
		case "go_memstats_stack_inuse_bytes":
			s.stack = int64(v)
		case "process_resident_memory_bytes":
			s.rss = int64(v)
		case "go_goroutines":
			s.goroutines = int64(v)
		case "process_cpu_seconds_total":
			s.cpu = v
		}
	}
	return s, sc.Err()
}

func get(ctx context.Context, url string, w io.Writer) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := metricsClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	_, err = io.Copy(w, resp.Body)
	return err
}

// serverProbe samples every target before a run and after it.
type serverProbe struct {
	targets []string
	debug   map[string]string
	before  map[string]serverSample
}

func newServerProbe(ctx context.Context, targets []string, debug map[string]string) *serverProbe {
	p := &serverProbe{targets: targets, debug: debug, before: map[string]serverSample{}}
	for _, t := range targets {
		if s, err := sampleServer(ctx, t, debug[t]); err == nil {
			p.before[t] = s
		}
	}
	return p
}

// finish samples again and returns the figures of each target that answered.
func (p *serverProbe) finish(ctx context.Context) []ServerFigures {
	var out []ServerFigures
	for _, t := range p.targets {
		b, ok := p.before[t]
		if !ok {
			continue
		}
		a, err := sampleServer(ctx, t, p.debug[t])
		if err != nil {
			continue
		}
		wall := a.at.Sub(b.at).Seconds()
		out = append(out, ServerFigures{URL: t, HeapBefore: b.heap + b.stack, HeapAfter: a.heap + a.stack,
			RSSBefore: b.rss, RSSAfter: a.rss, GoroutinesAfter: a.goroutines, CPUSeconds: round2(a.cpu - b.cpu),
			CoresBusy: round2((a.cpu - b.cpu) / max(wall, 0.001)), Collected: a.collected && b.collected})
	}
	return out
}
