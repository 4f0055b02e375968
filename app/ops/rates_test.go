package ops

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestRates: the rates span the last RateWindow of samples; none before
// the first sample, none for a counter that went backwards.
func TestRates(t *testing.T) {
	t.Parallel()
	var r Rates
	start := time.UnixMilli(1_800_000_000_000)
	assert.Equal(t, []float64{0, 0}, r.PerSecond(start, 10, 10), "no sample yet")

	for s := range 10 {
		// 100 messages and 1,000 frames a second.
		r.Sample(start.Add(time.Duration(s)*time.Second), uint64(100*s), uint64(1000*s))
	}
	now := start.Add(10 * time.Second)
	got := r.PerSecond(now, 1000, 10_000)
	assert.InDelta(t, 100, got[0], 0.01)
	assert.InDelta(t, 1000, got[1], 0.01)
	assert.LessOrEqual(t, len(r.samples), int(RateWindow/time.Second)+2, "old samples dropped")

	// The last 5 seconds were quiet: the rate falls to what the window saw.
	for s := 10; s < 16; s++ {
		r.Sample(start.Add(time.Duration(s)*time.Second), 1000, 10_000)
	}
	got = r.PerSecond(start.Add(16*time.Second), 1000, 10_000)
	assert.Equal(t, []float64{0, 0}, got)

	assert.Equal(t, []float64{0, 0}, r.PerSecond(start.Add(17*time.Second), 5, 5), "counters restarted")
}
