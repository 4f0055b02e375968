package ops

import (
	"sync"
	"time"
)

// RateWindow is how far back a node's per-second rates look: long enough
// to smooth a burst, short enough that the operators' view, polled every
// 2 s, follows a change within a few seconds.
const RateWindow = 5 * time.Second

// Rates turns ever-growing counters (chat messages accepted, frames
// written) into per-second rates over the last RateWindow. A node samples
// its counters every second (Sample) and reads the rates when asked
// (PerSecond). The zero value is ready to use; it is safe for concurrent use.
type Rates struct {
	mu      sync.Mutex
	samples []rateSample // guarded by mu: oldest first, the oldest at most about RateWindow old
}

type rateSample struct {
	at     time.Time
	counts []uint64
}

// Sample records the counters' values at at.
func (r *Rates) Sample(at time.Time, counts ...uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.samples = append(r.samples, rateSample{at: at, counts: counts})
	// Keep one sample at least RateWindow old, so the rates span the window.
	for len(r.samples) > 2 && at.Sub(r.samples[1].at) >= RateWindow {
		r.samples = r.samples[1:]
	}
}

// PerSecond returns each counter's rate between the oldest sample and the
// values counts at at; zeros before the first sample, and for a counter
// that went backwards (a restart).
func (r *Rates) PerSecond(at time.Time, counts ...uint64) []float64 {
	out := make([]float64, len(counts))
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.samples) == 0 {
		return out
	}
	first := r.samples[0]
	elapsed := at.Sub(first.at).Seconds()
	if elapsed <= 0 {
		return out
	}
	for i, c := range counts {
		if i < len(first.counts) && c >= first.counts[i] {
			out[i] = float64(c-first.counts[i]) / elapsed
		}
	}
	return out
}
