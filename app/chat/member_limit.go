package chat

import (
	"math"
	"sync"
	"time"
)

// DefaultMemberLimit is how many messages a member may send across rooms
// within an actors.SendInterval (each room takes one per member).
const DefaultMemberLimit = 3

// memberLimitSweep is the size of the members' map past which full
// buckets (members who have not sent lately) are dropped.
const memberLimitSweep = 4096

// memberLimit is the send limit of each member across rooms; a room's
// grain keeps its own (one message per member and SendInterval). Each
// member has a bucket of burst messages, refilled burst per interval. It
// counts the sends through this node: a member who writes through several
// nodes at once gets that many buckets. It is safe for concurrent use.
type memberLimit struct {
	burst    int
	interval time.Duration

	mu      sync.Mutex
	members map[int64]*memberBucket // guarded by mu
}

type memberBucket struct {
	tokens float64   // messages the member may still send at once
	at     time.Time // when tokens was counted
}

func newMemberLimit(burst int, interval time.Duration) *memberLimit {
	return &memberLimit{burst: burst, interval: interval, members: make(map[int64]*memberBucket)}
}

// take counts a message of userID at now; it returns how long until the
// message would be allowed, 0 when it is (and then counts it). A nil
// limit allows everything.
func (l *memberLimit) take(userID int64, now time.Time) time.Duration {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refillLocked(userID, now)
	if b.tokens >= 1 {
		b.tokens--
		return 0
	}
	return max(time.Duration(math.Ceil((1-b.tokens)*float64(l.interval)/float64(l.burst))), 1)
}

// refund gives back a message taken that was not sent (refused by its
// room, or not stored).
func (l *memberLimit) refund(userID int64, now time.Time) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refillLocked(userID, now)
	b.tokens = min(b.tokens+1, float64(l.burst))
}

// refillLocked returns userID's bucket counted up to now; mu must be held.
func (l *memberLimit) refillLocked(userID int64, now time.Time) *memberBucket {
	b := l.members[userID]
	if b == nil {
		if len(l.members) >= memberLimitSweep {
			l.sweepLocked(now)
		}
		b = &memberBucket{tokens: float64(l.burst), at: now}
		l.members[userID] = b
	}
	if elapsed := now.Sub(b.at); elapsed > 0 {
		b.tokens = min(b.tokens+float64(elapsed)/float64(l.interval)*float64(l.burst), float64(l.burst))
		b.at = now
	}
	return b
}

// sweepLocked drops the buckets that are full again at now: a new one is
// the same. mu must be held.
func (l *memberLimit) sweepLocked(now time.Time) {
	for id, b := range l.members {
		if now.Sub(b.at) >= l.interval {
			delete(l.members, id)
		}
	}
}
