package bench

import (
	"math"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"golang.org/x/sys/unix"
)

// Latencies are recorded in microseconds, from 1 µs to 2 minutes, to two
// significant digits (1 %).
const (
	minLatencyUs  = 1
	maxLatencyUs  = 120_000_000
	latencyDigits = 2
)

func newHist() *hdrhistogram.Histogram {
	return hdrhistogram.New(minLatencyUs, maxLatencyUs, latencyDigits)
}

// series counts events and records their latencies in time buckets. It is
// owned by one goroutine (a poller shard, an HTTP worker); series are merged
// once the run is over.
type series struct {
	start time.Time
	width time.Duration
	count []int64
	hist  []*hdrhistogram.Histogram
}

func newSeries(start time.Time, width time.Duration) *series {
	return &series{start: start, width: width}
}

func (s *series) bucket(t time.Time) int {
	i := max(int(t.Sub(s.start)/s.width), 0)
	for len(s.count) <= i {
		s.count = append(s.count, 0)
		s.hist = append(s.hist, nil)
	}
	return i
}

// record counts one event at t that took latency.
func (s *series) record(t time.Time, latency time.Duration) {
	i := s.bucket(t)
	s.count[i]++
	h := s.hist[i]
	if h == nil {
		h = newHist()
		s.hist[i] = h
	}
	us := latency.Microseconds()
	_ = h.RecordValue(min(max(us, minLatencyUs), maxLatencyUs))
}

// add counts n events at t without a latency.
func (s *series) add(t time.Time, n int64) {
	s.count[s.bucket(t)] += n
}

// mergeSeries adds every series into one (all share start and width).
func mergeSeries(start time.Time, width time.Duration, all ...*series) *series {
	out := newSeries(start, width)
	for _, s := range all {
		if s == nil {
			continue
		}
		for i := range s.count {
			t := start.Add(time.Duration(i) * width)
			out.add(t, s.count[i])
			if s.hist[i] != nil {
				if out.hist[i] == nil {
					out.hist[i] = newHist()
				}
				out.hist[i].Merge(s.hist[i])
			}
		}
	}
	return out
}

// total merges the buckets in [from, to) into one histogram and count.
func (s *series) total(from, to int) (*hdrhistogram.Histogram, int64) {
	h := newHist()
	var n int64
	for i := max(from, 0); i < min(to, len(s.count)); i++ {
		n += s.count[i]
		if s.hist[i] != nil {
			h.Merge(s.hist[i])
		}
	}
	return h, n
}

// Latency is a latency distribution in milliseconds.
type Latency struct {
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

func latencyOf(h *hdrhistogram.Histogram) Latency {
	if h == nil || h.TotalCount() == 0 {
		return Latency{}
	}
	ms := func(us int64) float64 { return math.Round(float64(us)/10) / 100 }
	return Latency{P50: ms(h.ValueAtQuantile(50)), P95: ms(h.ValueAtQuantile(95)),
		P99: ms(h.ValueAtQuantile(99)), Max: ms(h.Max())}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// raiseFileLimit lifts the soft open-file limit to the hard one (Go does
// it at start-up too since 1.19; done again here so the figure is
// reported) and returns the limit in force.
func raiseFileLimit() uint64 {
	var lim unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &lim); err != nil {
		return 0
	}
	if lim.Cur < lim.Max {
		lim.Cur = lim.Max
		_ = unix.Setrlimit(unix.RLIMIT_NOFILE, &lim)
	}
	_ = unix.Getrlimit(unix.RLIMIT_NOFILE, &lim)
	return lim.Cur
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }
