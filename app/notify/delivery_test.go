package notify

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/persistence"
)

// stalledSessions holds every delivery of member 1 until release is
// closed, as a session grain whose node was just killed does until the
// grain comes back elsewhere; it records what it delivered, in order.
type stalledSessions struct {
	release chan struct{}
	mu      sync.Mutex
	got     map[int64][]string // guarded by mu: member → delivered idempotency keys
}

func (s *stalledSessions) Deliver(ctx context.Context, userID int64, idemKey, _ string, _ []byte) (int, error) {
	if userID == 1 {
		select {
		case <-s.release:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.got[userID] = append(s.got[userID], idemKey)
	return 1, nil
}

func (s *stalledSessions) delivered(userID int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got[userID]...)
}

// TestPushDoesNotWaitOnSessions: while RunDelivery runs, Push returns at
// once even when a member's session grain cannot be reached, another
// member's events are not held up behind it, each member's events arrive
// in order, and what is queued when delivery stops is still delivered.
func TestPushDoesNotWaitOnSessions(t *testing.T) {
	t.Parallel()
	sessions := &stalledSessions{release: make(chan struct{}), got: make(map[int64][]string)}
	s := New(Config{Sessions: sessions})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		s.RunDelivery(ctx)
		close(done)
	}()
	require.Eventually(t, func() bool {
		s.lanes.mu.RLock()
		defer s.lanes.mu.RUnlock()
		return s.lanes.queues != nil
	}, 5*time.Second, time.Millisecond)

	events := func(userID int64, n int) []persistence.InboxEvent {
		out := make([]persistence.InboxEvent, n)
		for i := range out {
			out[i] = persistence.InboxEvent{UserID: userID, Seq: int64(i + 1), Action: "x"}
		}
		return out
	}
	pushed := make(chan struct{})
	go func() {
		s.Push(context.Background(), events(1, 3))
		close(pushed)
	}()
	select {
	case <-pushed:
	case <-time.After(time.Second):
		t.Fatal("Push waited on a stalled session grain")
	}
	// Member 2 is in another lane (8 lanes, by member id).
	s.Push(context.Background(), events(2, 2))
	require.Eventually(t, func() bool { return len(sessions.delivered(2)) == 2 }, 5*time.Second, time.Millisecond)
	require.Empty(t, sessions.delivered(1), "member 1's grain is still unreachable")

	stop()
	close(sessions.release)
	<-done
	require.Equal(t, []string{actors.InboxIdemKey(1, 1), actors.InboxIdemKey(1, 2), actors.InboxIdemKey(1, 3)}, sessions.delivered(1), "queued events are delivered, in order, before RunDelivery returns")

	// After RunDelivery returned, Push delivers before it returns.
	s.Push(context.Background(), events(2, 1))
	require.Len(t, sessions.delivered(2), 3)
}

// TestLaneDeliversMembersAtOnce: the events waiting in one lane go to
// their members at the same time, so a member whose grain stalls holds up
// no other member of the lane that waited with them, and each member's
// events still arrive in order.
func TestLaneDeliversMembersAtOnce(t *testing.T) {
	t.Parallel()
	sessions := &stalledSessions{release: make(chan struct{}), got: make(map[int64][]string)}
	s := New(Config{Sessions: sessions})
	q := make(chan persistence.InboxEvent, 8)
	for _, e := range []persistence.InboxEvent{{UserID: 1, Seq: 1}, {UserID: 9, Seq: 1}, {UserID: 1, Seq: 2},
		{UserID: 9, Seq: 2}, {UserID: 17, Seq: 1}} {
		q <- e
	}
	done := make(chan struct{})
	go func() {
		s.runLane(q)
		close(done)
	}()
	require.Eventually(t, func() bool { return len(sessions.delivered(9)) == 2 && len(sessions.delivered(17)) == 1 },
		5*time.Second, time.Millisecond, "members 9 and 17 are not held up by member 1")
	require.Equal(t, []string{actors.InboxIdemKey(9, 1), actors.InboxIdemKey(9, 2)}, sessions.delivered(9))
	require.Empty(t, sessions.delivered(1))
	close(sessions.release)
	close(q)
	<-done
	require.Equal(t, []string{actors.InboxIdemKey(1, 1), actors.InboxIdemKey(1, 2)}, sessions.delivered(1))
}
