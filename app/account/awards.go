package account

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"souk/persistence"
)

const (
	// awardsQueue bounds the awards waiting for the writer; past it Award
	// writes the caller's own award (back-pressure, nothing dropped).
	awardsQueue = 4096
	// awardsBatch is the most awards one transaction writes.
	awardsBatch = 256
)

// Awards writes the growth points of messages behind them: a sender is
// answered once the message is stored, and the points of many messages,
// of many members, go into the database in one transaction instead of one
// each (a hot chat room sends hundreds a second, and on SQLite each award
// took the single writer from the room's own commits). Create it with
// Service.Awards, stop it with Close. Safe for concurrent use.
type Awards struct {
	s      *Service
	in     chan award
	done   chan struct{}
	mu     sync.RWMutex // held for reading by Award while it queues; Close takes it to close in
	closed bool         // guarded by mu
}

type award struct {
	userID int64
	reason string
}

// Awards starts the writer of the awards of messages; Close stops it
// after writing what is queued.
func (s *Service) Awards() *Awards {
	a := &Awards{s: s, in: make(chan award, awardsQueue), done: make(chan struct{})}
	go a.run()
	return a
}

// Award queues the points of reason (one of GrowthRules) for userID. It
// returns at once unless the queue is full or closed, when it writes the
// award itself. A failure is logged: the message that earned the points
// is sent either way.
func (a *Awards) Award(userID int64, reason string) {
	a.mu.RLock()
	if !a.closed {
		select {
		case a.in <- award{userID, reason}:
			a.mu.RUnlock()
			return
		default:
		}
	}
	a.mu.RUnlock()
	a.s.awardBatch(context.Background(), []award{{userID, reason}})
}

// Close writes the awards still queued and stops the writer.
func (a *Awards) Close() {
	a.mu.Lock()
	if !a.closed {
		a.closed = true
		close(a.in)
	}
	a.mu.Unlock()
	<-a.done
}

func (a *Awards) run() {
	defer close(a.done)
	batch := make([]award, 0, awardsBatch)
	for first := range a.in {
		batch = append(batch[:0], first)
	fill:
		for len(batch) < awardsBatch {
			select {
			case next, ok := <-a.in:
				if !ok {
					break fill
				}
				batch = append(batch, next)
			default:
				break fill
			}
		}
		a.s.awardBatch(context.Background(), batch)
	}
}

// awardBatch writes batch in one transaction: the awards of one member
// and reason are summed, those capped today on this node skipped, and the
// members whose points reach a higher level moved up.
func (s *Service) awardBatch(ctx context.Context, batch []award) {
	day := growthDay(s.now())
	times := make(map[award]int64, len(batch))
	for _, a := range batch {
		if _, ok := growthRule(a.reason); !ok {
			s.log.Error("account: award: unknown reason", "reason", a.reason, "user", a.userID)
			continue
		}
		if !s.capped.has(day, a.userID, a.reason) {
			times[a]++
		}
	}
	if len(times) == 0 {
		return
	}
	grants := make([]persistence.GrowthGrant, 0, len(times))
	for a, n := range times {
		rule, _ := growthRule(a.reason)
		grants = append(grants, persistence.GrowthGrant{UserID: a.userID, Reason: a.reason, Points: n * rule.Points, DailyCap: rule.Cap})
	}
	// One order for every node: concurrent batches lock the rows alike.
	slices.SortFunc(grants, func(x, y persistence.GrowthGrant) int {
		return cmp.Or(cmp.Compare(x.UserID, y.UserID), cmp.Compare(x.Reason, y.Reason))
	})
	s.writeGrants(ctx, day, grants)
}

// writeGrants writes grants in one transaction, or one by one when the
// database refuses the whole (a member deleted since must not cost the
// others their points), then caps and levels up their members.
func (s *Service) writeGrants(ctx context.Context, day string, grants []persistence.GrowthGrant) {
	got, err := s.db.Growth().Award(ctx, day, grants)
	if err != nil && len(grants) > 1 {
		for i := range grants {
			s.writeGrants(ctx, day, grants[i:i+1])
		}
		return
	}
	if err != nil {
		s.log.Warn("account: award growth points", "user", grants[0].UserID, "reason", grants[0].Reason, "error", err)
		return
	}
	if err := s.settleGrants(ctx, day, grants, got); err != nil {
		s.log.Warn("account: level up", "error", err)
	}
}
