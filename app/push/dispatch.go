package push

import (
	"context"
	"encoding/json"
	"time"

	"souk/app/internal/notifypref"
)

// pendingKey is one member's burst of one topic (a conversation, a kind
// of notification).
type pendingKey struct {
	userID int64
	topic  string
}

// pendingPush is a burst being gathered: its last event and how many came.
type pendingPush struct {
	last  item
	count int
}

// Event takes an event routed to a member (the member's session grain
// tells it of each, on the node that owns the session: a member's bursts
// gather on one node) and turns those that call for it into pushes: the
// events of one member and topic within the debounce window make one push,
// sent when the window ends unless the member has the site focused then.
// It never blocks.
func (s *Service) Event(userID int64, action string, data []byte) {
	if !s.owners.has(userID) {
		return
	}
	it, ok := itemOf(userID, action, data)
	if !ok {
		return
	}
	s.gather(pendingKey{userID: userID, topic: it.topic}, it)
}

func (s *Service) gather(key pendingKey, it item) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	if p := s.pending[key]; p != nil {
		p.last = it
		p.count++
		return
	}
	s.pending[key] = &pendingPush{last: it, count: 1}
	s.wg.Add(1)
	time.AfterFunc(s.debounce, func() {
		defer s.wg.Done()
		s.fire(key)
	})
}

// fire sends the burst of key to the member's devices, unless the member
// has the site focused.
func (s *Service) fire(key pendingKey) {
	s.mu.Lock()
	p := s.pending[key]
	delete(s.pending, key)
	s.mu.Unlock()
	if p == nil {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, sendTimeout)
	defer cancel()
	// Most members have no device: their session grain is not asked.
	subs, err := s.db.Push().List(ctx, key.userID)
	if err != nil {
		s.log.Warn("push: list the member's devices", "user", key.userID, "error", err)
		s.stats.Failed.Add(1)
		return
	}
	if len(subs) == 0 || !s.wanted(ctx, key.userID, p.last.kind) {
		return
	}
	if s.presence != nil {
		focused, err := s.presence.Focused(ctx, key.userID)
		if err != nil {
			// Unknown: better a push too many than a message missed.
			s.log.Warn("push: ask whether the member is focused", "user", key.userID, "error", err)
		}
		if focused {
			return
		}
	}
	if s.client == nil {
		s.log.Warn("push: no HTTP client to send with")
		s.stats.Failed.Add(int64(len(subs)))
		return
	}
	keys, err := s.keys.get(ctx, s)
	if err != nil {
		s.log.Warn("push: VAPID keys", "error", err)
		s.stats.Failed.Add(int64(len(subs)))
		return
	}
	for _, sub := range subs {
		body, err := json.Marshal(s.payload(p.last, p.count, sub.Lang))
		if err != nil {
			s.log.Warn("push: encode a payload", "error", err)
			continue
		}
		select {
		case s.sending <- struct{}{}:
		case <-s.ctx.Done():
			s.stats.Failed.Add(1)
			continue
		}
		s.wg.Go(func() {
			defer func() { <-s.sending }()
			s.send(sub, keys, p.last, body)
		})
	}
}

// wanted reports whether a push of kind (an item's kind) may reach the
// member now: their preferences and the operators' allow it, and the
// member is not in their "do not disturb" range (the push is dropped, not
// delayed). Preferences that can't be read allow it: better a push too
// many than a message missed.
func (s *Service) wanted(ctx context.Context, userID int64, kind string) bool {
	if s.prefs == nil {
		return true
	}
	k := notifypref.KindOf(kind)
	ops, err := s.prefs.Operators(ctx)
	if err != nil {
		s.log.Warn("push: read the operators' switches", "error", err)
	} else if !ops.Allows(k, notifypref.Push) {
		s.stats.Skipped.Add(1)
		return false
	}
	prefs, err := s.prefs.Get(ctx, userID)
	if err != nil {
		s.log.Warn("push: read the member's preferences", "user", userID, "error", err)
		return true
	}
	if !prefs.Allows(k, notifypref.Push) || prefs.Quiet(s.now()) {
		s.stats.Skipped.Add(1)
		return false
	}
	return true
}

// Close stops taking events, sends the bursts being gathered at once and
// waits for the pushes under way: closeGrace at most, then they are given
// up.
func (s *Service) Close() {
	s.mu.Lock()
	s.closed = true
	keys := make([]pendingKey, 0, len(s.pending))
	for key := range s.pending {
		keys = append(keys, key)
	}
	s.mu.Unlock()
	for _, key := range keys {
		s.fire(key)
	}
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(closeGrace):
		s.cancel()
		<-done
	}
	s.cancel()
}
