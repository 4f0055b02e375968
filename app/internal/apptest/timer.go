package apptest

import (
	"testing"
	"time"
)

// waitLimit bounds how long a test waits for a loop to reach its next wait.
const waitLimit = 10 * time.Second

// Timer stands in for time.After in the loops that wait between rounds
// (the sweeps): the test sees each wait a loop starts and ends it with
// Fire, so rounds run when the test says, without sleeping. It is safe
// for concurrent use.
type Timer struct {
	waits chan *Wait
}

// NewTimer returns a Timer whose After may be called 64 times before
// the test takes the waits with Next.
func NewTimer() *Timer { return &Timer{waits: make(chan *Wait, 64)} }

// Wait is one call of After.
type Wait struct {
	// D is the duration the loop asked to wait.
	D time.Duration
	c chan time.Time
}

// After records a wait of d; its channel receives when the test fires it.
func (t *Timer) After(d time.Duration) <-chan time.Time {
	w := &Wait{D: d, c: make(chan time.Time, 1)}
	t.waits <- w
	return w.c
}

// Next returns the next wait a loop started: the loop finished the round
// before it. It fails tb when no wait starts within ten seconds.
func (t *Timer) Next(tb testing.TB) *Wait {
	tb.Helper()
	select {
	case w := <-t.waits:
		return w
	case <-time.After(waitLimit):
		tb.Fatalf("no wait started within %s", waitLimit)
		return nil
	}
}

// Fire ends the wait, as if d had passed at now.
func (w *Wait) Fire(now time.Time) { w.c <- now }

// Done waits for done to close (a loop that returned), failing tb when it
// does not within ten seconds.
func Done(tb testing.TB, done <-chan struct{}) {
	tb.Helper()
	select {
	case <-done:
	case <-time.After(waitLimit):
		tb.Fatalf("not done within %s", waitLimit)
	}
}
