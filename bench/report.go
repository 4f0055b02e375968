package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Report is everything one scenario run measured. The JSON names its
// figures plainly; sections a scenario does not measure are left out.
type Report struct {
	Scenario   string         `json:"scenario"`
	Version    string         `json:"version"`
	Cores      int            `json:"cores"`
	StartedAt  time.Time      `json:"started_at"`
	LoadAvg    string         `json:"load_avg_at_start"`
	Targets    []string       `json:"targets"`
	OwnNodes   bool           `json:"own_nodes"`
	Params     map[string]any `json:"params"`
	DurationS  float64        `json:"duration_s"`
	Connection *ConnFigures   `json:"connections,omitempty"`

	DeliveriesPerS float64  `json:"deliveries_per_s,omitempty"`
	MessagesPerS   float64  `json:"messages_per_s,omitempty"`
	LatencyMs      *Latency `json:"latency_ms,omitempty"`
	Lost           *int64   `json:"lost,omitempty"`
	Duplicated     *int64   `json:"duplicated,omitempty"`
	// AckLatencyMs is, in chat and scale, from a message's first send to
	// its acknowledgement, resends after a reconnect included.
	AckLatencyMs *Latency `json:"ack_latency_ms,omitempty"`
	// PMAckLatencyMs is the acknowledgement latency of the private messages
	// sent beside the chat (scale --pm-rate).
	PMAckLatencyMs *Latency `json:"pm_ack_latency_ms,omitempty"`
	// Listeners are each chat listener's own figures (chat, scale).
	Listeners    *ListenerSummary   `json:"listeners,omitempty"`
	Errors       int64              `json:"errors"`
	ErrorsByKind map[string]int64   `json:"errors_by_kind,omitempty"`
	RequestsPerS float64            `json:"requests_per_s,omitempty"`
	OpsPerS      float64            `json:"ops_per_s,omitempty"`
	Actions      map[string]*Action `json:"actions,omitempty"`
	BytesPerConn float64            `json:"bytes_per_conn,omitempty"`
	Phases       []Phase            `json:"phases,omitempty"`
	Server       []ServerFigures    `json:"server,omitempty"`
	Client       ClientFigures      `json:"client"`
	Headline     []Figure           `json:"headline"`
	Buckets      []Bucket           `json:"buckets"`
	Events       []Event            `json:"events,omitempty"`
	Notes        []string           `json:"notes,omitempty"`
}

// ConnFigures describe opening the connections.
type ConnFigures struct {
	Opened    int64   `json:"opened"`
	Failed    int64   `json:"failed"`
	Dropped   int64   `json:"dropped"`
	PerSecond float64 `json:"per_second"`
	RampS     float64 `json:"ramp_s"`
	// HandshakeMs is from dialing to the server's connect answer.
	HandshakeMs Latency `json:"handshake_ms"`
}

// Action is the figures of one /api/request action.
type Action struct {
	Requests     int64            `json:"requests"`
	RequestsPerS float64          `json:"requests_per_s"`
	LatencyMs    Latency          `json:"latency_ms"`
	Errors       int64            `json:"errors"`
	ByStatus     map[string]int64 `json:"by_status,omitempty"`
}

// Phase is a slice of a run (before, during and after a node was added,
// after a node was killed or restarted).
type Phase struct {
	Name           string  `json:"name"`
	FromS          float64 `json:"from_s"`
	ToS            float64 `json:"to_s"`
	DeliveriesPerS float64 `json:"deliveries_per_s"`
	LatencyMs      Latency `json:"latency_ms"`
	// AckLatencyMs is the acknowledgement latency of the messages first
	// sent in the phase (scale with --kill-node or --rolling-restart).
	AckLatencyMs *Latency `json:"ack_latency_ms,omitempty"`
	// PMAckLatencyMs is that of the private messages first sent in the phase (--pm-rate).
	PMAckLatencyMs *Latency `json:"pm_ack_latency_ms,omitempty"`
	// LongestStallMs is the longest stall of any listener that began in
	// the phase; LongestStallSurvivorsMs only of those whose socket was on
	// a node that was not killed.
	LongestStallMs          *float64 `json:"longest_stall_ms,omitempty"`
	LongestStallSurvivorsMs *float64 `json:"longest_stall_survivors_ms,omitempty"`
}

// ServerFigures are read from a node's /metrics before and after.
type ServerFigures struct {
	URL             string  `json:"url"`
	HeapBefore      int64   `json:"heap_bytes_before"`
	HeapAfter       int64   `json:"heap_bytes_after"`
	RSSBefore       int64   `json:"rss_bytes_before"`
	RSSAfter        int64   `json:"rss_bytes_after"`
	GoroutinesAfter int64   `json:"goroutines_after"`
	CPUSeconds      float64 `json:"cpu_s"`
	CoresBusy       float64 `json:"cores_busy"`
	// Collected says whether the heap was read after a forced collection
	// (through the node's pprof listener): otherwise it includes garbage.
	Collected bool `json:"gc_before_read"`
	// FDsIdle and FDsHeld are an own node's open descriptors before
	// the connect scenario opened its sockets and while it held them,
	// FDLimit its open-file limit (from /proc; 0 with --target).
	FDsIdle int `json:"fds_idle,omitempty"`
	FDsHeld int `json:"fds_held,omitempty"`
	FDLimit int `json:"fd_limit,omitempty"`
}

// ClientFigures are the load generator's own costs: when CoresBusy nears
// Cores, the client, not the server, was the limit.
type ClientFigures struct {
	CPUSeconds    float64 `json:"cpu_s"`
	CoresBusy     float64 `json:"cores_busy"`
	GoMaxProcs    int     `json:"gomaxprocs"`
	OpenFileLimit uint64  `json:"open_file_limit"`
	HeapMB        float64 `json:"heap_mb"`
}

// Figure is a headline number, with the target it is held against.
type Figure struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Unit   string  `json:"unit"`
	Target string  `json:"target,omitempty"`
	Met    *bool   `json:"met,omitempty"`
}

// Bucket is one time slice of a run.
type Bucket struct {
	TS             float64 `json:"t_s"`
	DeliveriesPerS float64 `json:"deliveries_per_s,omitempty"`
	SentPerS       float64 `json:"sent_per_s,omitempty"`
	RequestsPerS   float64 `json:"requests_per_s,omitempty"`
	OpsPerS        float64 `json:"ops_per_s,omitempty"`
	Connections    int64   `json:"connections,omitempty"`
	LatencyMs      Latency `json:"latency_ms"`
	Errors         int64   `json:"errors"`
	ClientCores    float64 `json:"client_cores_busy"`
}

// Event marks something that happened during a run (a node added).
type Event struct {
	TS   float64 `json:"t_s"`
	What string  `json:"what"`
}

func newReport(scenario, version string, o *Options) *Report {
	load, _ := os.ReadFile("/proc/loadavg")
	fields := strings.Fields(string(load))
	if len(fields) > 3 {
		fields = fields[:3]
	}
	return &Report{Scenario: scenario, Version: version, Cores: runtime.NumCPU(), StartedAt: time.Now().UTC(),
		LoadAvg: strings.Join(fields, " "), Params: map[string]any{}, ErrorsByKind: map[string]int64{},
		Client: ClientFigures{GoMaxProcs: runtime.GOMAXPROCS(0), OpenFileLimit: raiseFileLimit()}}
}

func (r *Report) fail(kind string, n int64) {
	if n == 0 {
		return
	}
	r.Errors += n
	r.ErrorsByKind[kind] += n
}

// figure adds a headline figure; target is empty when none applies, and
// met is then left out.
func (r *Report) figure(name string, value float64, unit, target string, met func(float64) bool) {
	f := Figure{Name: name, Value: round2(value), Unit: unit, Target: target}
	if met != nil && target != "" {
		ok := met(value)
		f.Met = &ok
	}
	r.Headline = append(r.Headline, f)
}

// writeJSON writes the report, indented, to path.
func (r *Report) writeJSON(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// writeMarkdown writes a summary table of reports.
func writeMarkdown(w io.Writer, reports []*Report) {
	if len(reports) == 0 {
		return
	}
	r0 := reports[0]
	fmt.Fprintf(w, "Souk %s, %d cores, load average at start %s, %s.\n\n", r0.Version, r0.Cores, r0.LoadAvg,
		r0.StartedAt.Format("2006-01-02 15:04 MST"))
	fmt.Fprintln(w, "| scenario | parameters | figure | value | target | met |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- |")
	for _, r := range reports {
		params := paramsLine(r.Params)
		for i, f := range r.Headline {
			scen, p := "", ""
			if i == 0 {
				scen, p = r.Scenario, params
			}
			met := ""
			if f.Met != nil {
				met = map[bool]string{true: "yes", false: "**no**"}[*f.Met]
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s %s | %s | %s |\n", scen, p, f.Name, formatValue(f.Value), f.Unit, f.Target, met)
		}
		fmt.Fprintf(w, "| | | client CPU | %.2f of %d cores | | |\n", r.Client.CoresBusy, r.Cores)
	}
	for _, r := range reports {
		for _, n := range r.Notes {
			fmt.Fprintf(w, "\n- %s: %s", r.Scenario, n)
		}
	}
	fmt.Fprintln(w)
}

func paramsLine(p map[string]any) string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%v", k, p[k]))
	}
	return strings.Join(parts, " ")
}

func formatValue(v float64) string {
	switch {
	case v >= 1000:
		return fmt.Sprintf("%.0f", v)
	case v == float64(int64(v)):
		return fmt.Sprintf("%.0f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}
