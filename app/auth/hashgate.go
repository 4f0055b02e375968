package auth

import (
	"context"
	"math"
	"runtime"
	"runtime/debug"
	"time"
)

// Every argon2id hash holds its memory cost (64 MiB at DefaultArgon2) for
// as long as it runs, so parallel logins, even for unknown accounts (they
// verify a dummy hash), could exhaust the node's memory. A hashGate lets
// at most a fixed number of hashes run at once; a few more may wait in
// line for hashQueueWait, and anything beyond is refused at once with
// ErrBusy, which the client may retry.
const (
	// hashQueueWait is how long a hash may wait for a free slot.
	hashQueueWait = 2 * time.Second
	// hashQueuePerSlot is how many hashes may wait per slot.
	hashQueuePerSlot = 4
	// defaultHashBudget is the memory the running hashes may hold together
	// when GOMEMLIMIT sets no budget.
	defaultHashBudget = 256 << 20
)

// hashGate is a counting semaphore with a bounded, time-limited queue. It is
// safe for concurrent use: its state is the two channels.
type hashGate struct {
	// slots holds a token per hash running.
	slots chan struct{}
	// line holds a token per hash running or waiting; when it is full a
	// new hash is refused without waiting.
	line chan struct{}
	// wait is how long a hash waits for a slot.
	wait time.Duration
	// after is the timer of the wait (time.After; tests replace it).
	after func(time.Duration) <-chan time.Time
}

func newHashGate(slots int, wait time.Duration) *hashGate {
	if slots < 1 {
		slots = 1
	}
	return &hashGate{
		slots: make(chan struct{}, slots),
		line:  make(chan struct{}, slots*(1+hashQueuePerSlot)),
		wait:  wait,
		after: time.After,
	}
}

// run runs hash once a slot is free. It returns ErrBusy, without running
// hash, when the line is full, when no slot freed up within the wait, or
// when ctx ended meanwhile.
func (g *hashGate) run(ctx context.Context, hash func()) error {
	select {
	case g.line <- struct{}{}:
	default:
		return ErrBusy
	}
	defer func() { <-g.line }()
	select {
	case g.slots <- struct{}{}:
	default:
		select {
		case g.slots <- struct{}{}:
		case <-g.after(g.wait):
			return ErrBusy
		case <-ctx.Done():
			return ErrBusy
		}
	}
	defer func() { <-g.slots }()
	hash()
	return nil
}

// DefaultMaxConcurrentHashes is how many password hashes of cost p a node
// runs at once when not told (Config.MaxConcurrentHashes): as many as fit
// in half of GOMEMLIMIT, or in 256 MiB when no limit is set (4 at
// DefaultArgon2), and at most 4 per processor, since more would only queue
// for the CPU.
func DefaultMaxConcurrentHashes(p Argon2Params) int {
	if p == (Argon2Params{}) {
		p = DefaultArgon2
	}
	budget := int64(defaultHashBudget)
	if limit := debug.SetMemoryLimit(-1); limit > 0 && limit < math.MaxInt64 {
		budget = limit / 2
	}
	n := int(budget / (int64(p.MemoryKiB) * 1024))
	return max(1, min(n, 4*runtime.GOMAXPROCS(0)))
}
