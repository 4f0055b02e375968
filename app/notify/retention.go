package notify

import (
	"context"
	"math/rand/v2"
	"time"

	"souk/persistence"
)

// InboxRetention is how long a member's inbox events are kept for resuming
// live delivery. The notifications and private messages themselves stay;
// a client that comes back later than this reloads its lists
// (inbox_reset) instead of replaying what it missed.
const InboxRetention = 7 * 24 * time.Hour

// pruneBatch bounds the rows one delete removes, so that a large backlog
// never holds the database's write lock for long.
const pruneBatch = 1000

// PruneInbox deletes the inbox events older than InboxRetention at now, a
// batch at a time, and returns how many it deleted.
func (s *Service) PruneInbox(ctx context.Context, now time.Time) (int64, error) {
	before := persistence.Millis(now.Add(-InboxRetention))
	var total int64
	for {
		n, err := s.db.Inbox().Prune(ctx, before, pruneBatch)
		total += n
		if err != nil || n < pruneBatch {
			return total, err
		}
	}
}

// RunInboxJanitor prunes the inbox about every interval (a tenth of it at
// random either way, so the nodes of a cluster spread out; each prune is
// safe to run on several nodes at once) until ctx ends. It waits with the
// service's After and prunes by its clock (Config).
func (s *Service) RunInboxJanitor(ctx context.Context, every time.Duration) {
	for {
		jitter := time.Duration(rand.Int64N(int64(every/5)+1)) - every/10
		select {
		case <-ctx.Done():
			return
		case <-s.after(every + jitter):
		}
		n, err := s.PruneInbox(ctx, s.now())
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Warn("notify: prune the inbox", "deleted", n, "error", err)
		case n > 0:
			s.log.Info("notify: pruned the inbox", "deleted", n, "older_than", InboxRetention)
		}
	}
}
