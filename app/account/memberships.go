package account

import (
	"context"
	"fmt"
	"time"
)

// ViewerChangedMembership is ViewerChanged's reason when a VIP tier ends
// (souk/app/wallet sends it after a purchase).
const ViewerChangedMembership = "membership"

// MembershipWatch is how often WatchMemberships looks for VIP tiers that ended.
const MembershipWatch = 30 * time.Second

// WatchMemberships tells every member whose VIP tier ends, at most every
// after that, with the viewer event: their rights shrink on their sockets,
// their access tokens and their pages without waiting for a refresh (a
// tier's end is read at every check of rights anyway; this makes it live).
// It runs until ctx ends, on every node: the event's key (member, tier,
// end) lets the member's session grain deliver it once, and marking the
// change twice is harmless. It looks one period back when it starts, for
// the ends a restart would otherwise miss.
func (s *Service) WatchMemberships(ctx context.Context, every time.Duration, after func(time.Duration) <-chan time.Time) {
	from := s.now().Add(-every)
	for {
		select {
		case <-ctx.Done():
			return
		case <-after(every):
		}
		to := s.now()
		if err := s.endedMemberships(ctx, from, to); err != nil {
			if ctx.Err() == nil {
				s.log.Warn("account: look for ended memberships", "error", err)
			}
			continue // the same window again, wider, next time
		}
		from = to
	}
}

// endedMemberships tells the members whose tier ended after from and at or
// before to.
func (s *Service) endedMemberships(ctx context.Context, from, to time.Time) error {
	ended, err := s.db.Users().VIPEndedBetween(ctx, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return fmt.Errorf("account: ended memberships: %w", err)
	}
	for _, e := range ended {
		s.tellViewerChanged(ctx, e.UserID, ViewerChangedMembership, fmt.Sprintf("%s:%d", e.VIPKey, e.ExpiresAt))
	}
	return nil
}
