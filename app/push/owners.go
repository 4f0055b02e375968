package push

import (
	"context"
	"sync"
	"time"

	"souk/persistence"
)

// OwnersPoll is how often a node reads the members who subscribed a device
// since its last read: a device subscribed on another node gets its first
// push at most this late.
const OwnersPoll = 2 * time.Second

// ownersOverlap is how far before the previous read the next one starts: a
// subscription committed with a lagging clock, or late, is still seen.
const ownersOverlap = time.Minute

// owners is the set of members who have, or had, a push device: an event
// for anyone else is dropped before a timer or a database read is spent on
// it (most members have no device, and private messages and notifications
// are the busiest events a session grain routes). Until the first read
// every member may have one. A member whose devices were all removed stays
// in the set until the node restarts: that costs one read per burst, never
// a push missed. It is safe for concurrent use.
type owners struct {
	mu       sync.RWMutex
	loaded   bool               // guarded by mu: the first read is done
	members  map[int64]struct{} // guarded by mu
	lastRead int64              // guarded by mu: when the last read started, epoch ms
}

// has reports whether the member may have a device.
func (o *owners) has(userID int64) bool {
	o.mu.RLock()
	defer o.mu.RUnlock()
	if !o.loaded {
		return true
	}
	_, ok := o.members[userID]
	return ok
}

// add marks a member who just subscribed on this node.
func (o *owners) add(userID int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.members == nil {
		o.members = make(map[int64]struct{})
	}
	o.members[userID] = struct{}{}
}

// refresh reads the members who subscribed since the previous read (all of
// them the first time).
func (o *owners) refresh(ctx context.Context, db *persistence.DB, now time.Time) error {
	o.mu.RLock()
	since, loaded := o.lastRead, o.loaded
	o.mu.RUnlock()
	if loaded {
		since -= ownersOverlap.Milliseconds()
	}
	ids, err := db.Push().MembersSince(ctx, since)
	if err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.members == nil {
		o.members = make(map[int64]struct{}, len(ids))
	}
	for _, id := range ids {
		o.members[id] = struct{}{}
	}
	o.loaded, o.lastRead = true, persistence.Millis(now)
	return nil
}

// WatchOwners keeps the node's set of members with devices current, every
// OwnersPoll (counted from the end of a read), until ctx ends. A failed read
// keeps the last set and is logged.
func (s *Service) WatchOwners(ctx context.Context) {
	for {
		if err := s.owners.refresh(ctx, s.db, time.Now()); err != nil && ctx.Err() == nil {
			s.log.Warn("push: read the members with devices", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(OwnersPoll):
		}
	}
}
