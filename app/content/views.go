package content

import (
	"context"
	"sync"
	"time"
)

// viewCounter counts article views in memory on this node; Run writes
// them in batches, one UPDATE per article per flush, instead of one write
// per view. Views counted since the last flush are lost if the node dies:
// a view count is a statistic, not a ledger.
type viewCounter struct {
	every time.Duration
	mu    sync.Mutex
	// counts are the views not written yet, by article; guarded by mu.
	counts map[int64]int64
}

func newViewCounter(every time.Duration) *viewCounter {
	return &viewCounter{every: every, counts: map[int64]int64{}}
}

func (c *viewCounter) add(id int64) {
	c.mu.Lock()
	c.counts[id]++
	c.mu.Unlock()
}

// pending is the views of id not written yet.
func (c *viewCounter) pending(id int64) int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts[id]
}

// take returns the pending views and starts counting afresh.
func (c *viewCounter) take() map[int64]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.counts
	c.counts = map[int64]int64{}
	return out
}

// putBack returns views a failed flush could not write.
func (c *viewCounter) putBack(views map[int64]int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, n := range views {
		c.counts[id] += n
	}
}

// FlushViews writes the views counted on this node since the last flush.
func (s *Service) FlushViews(ctx context.Context) error {
	views := s.views.take()
	if err := s.db.Articles().AddViews(ctx, views); err != nil {
		s.views.putBack(views)
		return err
	}
	return nil
}

// RunViews flushes the counted views every FlushEvery until ctx ends, and
// once more then.
func (s *Service) RunViews(ctx context.Context) {
	ticker := time.NewTicker(s.views.every)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
			if err := s.FlushViews(ctx); err != nil {
				s.log.Warn("content: flush views", "err", err)
			}
		case <-ctx.Done():
			final, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			if err := s.FlushViews(final); err != nil {
				s.log.Warn("content: flush views at shutdown", "err", err)
			}
			cancel()
			return
		}
	}
}
