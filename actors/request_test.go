package actors

import "testing"

// TestRetryPauseIsShortJitteredAndBounded: the pause before a failed grain
// request is sent again doubles from retryPauseMin, never exceeds
// retryPauseMax, and is at least half of its nominal value.
func TestRetryPauseIsShortJitteredAndBounded(t *testing.T) {
	for n := range 40 {
		nominal := retryPauseMax
		if n < 16 {
			nominal = min(retryPauseMin<<n, retryPauseMax)
		}
		for range 50 {
			p := retryPause(n)
			if p < nominal/2 || p > nominal || p > retryPauseMax {
				t.Fatalf("retryPause(%d) = %s, want within [%s, %s]", n, p, nominal/2, nominal)
			}
		}
	}
}
