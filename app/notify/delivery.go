package notify

import (
	"context"
	"sync"

	"souk/actors"
	"souk/persistence"
)

const (
	// deliveryLanes are the background deliverers: a member's events all
	// go through the same lane, so they arrive in order.
	deliveryLanes = 8
	// laneQueue bounds the events waiting in one lane. A full lane drops
	// the live delivery of an event (it is stored: the member's clients
	// read it from the inbox when they next catch up).
	laneQueue = 1024
	// laneBatch bounds the events a lane takes from its queue at once; the
	// members among them are delivered to at the same time, each member's
	// events one after the other.
	laneBatch = 64
)

// lanes are the queues of the background deliverers while RunDelivery runs.
type lanes struct {
	mu     sync.RWMutex
	queues []chan persistence.InboxEvent // guarded by mu; nil: deliver within Push
}

// RunDelivery delivers pushed events in the background until ctx ends,
// then delivers what is queued and returns. While it runs, Push returns at
// once: a sender's answer never waits on a member's session grain (whose
// node may have just died; the grain comes back elsewhere within the
// delivery time-out). Without it, Push delivers before it returns.
func (s *Service) RunDelivery(ctx context.Context) {
	if s.sessions == nil {
		return
	}
	queues := make([]chan persistence.InboxEvent, deliveryLanes)
	var wg sync.WaitGroup
	for i := range queues {
		q := make(chan persistence.InboxEvent, laneQueue)
		queues[i] = q
		wg.Go(func() { s.runLane(q) })
	}
	s.lanes.mu.Lock()
	s.lanes.queues = queues
	s.lanes.mu.Unlock()
	<-ctx.Done()
	s.lanes.mu.Lock()
	s.lanes.queues = nil
	for _, q := range queues {
		close(q)
	}
	s.lanes.mu.Unlock()
	wg.Wait()
}

// runLane delivers what q carries until it is closed. A delivery is a
// request to the member's session grain, often on another node: one at a
// time, a lane would carry one event per round trip, and the busier the
// nodes, the longer the round trips and the fewer the events, until the
// queue overflows. The lane takes every event waiting (up to laneBatch)
// and delivers to their members at once.
func (s *Service) runLane(q <-chan persistence.InboxEvent) {
	batch := make([]persistence.InboxEvent, 0, laneBatch)
	for e := range q {
		batch = append(batch[:0], e)
	more:
		for len(batch) < laneBatch {
			select {
			case e, ok := <-q:
				if !ok {
					break more
				}
				batch = append(batch, e)
			default:
				break more
			}
		}
		s.deliverAll(batch)
	}
}

// deliverAll delivers events to their members at the same time, each
// member's in their order, and returns when all are delivered.
func (s *Service) deliverAll(events []persistence.InboxEvent) {
	var order []int64
	byUser := make(map[int64][]persistence.InboxEvent, len(events))
	for _, e := range events {
		if _, ok := byUser[e.UserID]; !ok {
			order = append(order, e.UserID)
		}
		byUser[e.UserID] = append(byUser[e.UserID], e)
	}
	var wg sync.WaitGroup
	for i, user := range order {
		deliver := func() {
			for _, e := range byUser[user] {
				s.deliver(context.Background(), e)
			}
		}
		if i == len(order)-1 {
			deliver()
			break
		}
		wg.Go(deliver)
	}
	wg.Wait()
}

// enqueue hands the events to the background deliverers; false when
// RunDelivery does not run.
func (s *Service) enqueue(events []persistence.InboxEvent) bool {
	s.lanes.mu.RLock()
	defer s.lanes.mu.RUnlock()
	queues := s.lanes.queues
	if queues == nil {
		return false
	}
	for _, e := range events {
		lane := uint64(e.UserID) % uint64(len(queues))
		select {
		case queues[lane] <- e:
		default:
			s.log.Warn("notify: delivery queue full, the member catches up from the inbox", "user", e.UserID, "seq", e.Seq)
		}
	}
	return true
}

// deliver hands one stored event to the member's session grain, within
// deliverTimeout. A failure is logged: the event is stored, and the
// member's clients read it when they next catch up.
func (s *Service) deliver(ctx context.Context, e persistence.InboxEvent) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), deliverTimeout)
	defer cancel()
	if _, err := s.sessions.Deliver(ctx, e.UserID, actors.InboxIdemKey(e.UserID, e.Seq), e.Action, e.Data); err != nil {
		s.log.Warn("notify: deliver an inbox event", "user", e.UserID, "seq", e.Seq, "action", e.Action, "error", err)
	}
}
