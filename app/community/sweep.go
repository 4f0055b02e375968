package community

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"souk/persistence"
)

// sweepBatch is how many bounties one pass of the sweep settles.
const sweepBatch = 100

// Sweep settles the bounties whose time has come: an open bounty past its
// deadline (nothing was awarded) is refunded to its author, and a claimed
// bounty whose money has not moved yet (a node stopped between the claim
// and the ledger) is finished. Every node may run it at once: the claim is
// one conditional update and each movement has its own ledger key, so the
// money moves once. It returns how many bounties it settled.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	list, err := s.db.Community().UnsettledBounties(ctx, s.now().UnixMilli(), sweepBatch)
	if err != nil {
		return 0, fmt.Errorf("community: sweep: %w", err)
	}
	settled := 0
	var errs []error
	for _, t := range list {
		if t.BountyState == persistence.BountyOpen {
			err := s.db.Community().ClaimBounty(ctx, t.ID, persistence.BountyRefunding, nil, s.now().UnixMilli())
			if errors.Is(err, persistence.ErrBountyClaimed) {
				continue // another node or the author got there first
			} else if err != nil {
				errs = append(errs, err)
				continue
			}
			t.BountyState, t.Award = persistence.BountyRefunding, nil
		}
		if err := s.settle(ctx, t); err != nil {
			errs = append(errs, fmt.Errorf("topic %d: %w", t.ID, err))
			continue
		}
		settled++
	}
	if err := errors.Join(errs...); err != nil {
		return settled, fmt.Errorf("community: sweep: %w", err)
	}
	return settled, nil
}

// RunSweep runs Sweep every interval until ctx ends, logging failures.
func (s *Service) RunSweep(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if n, err := s.Sweep(ctx); err != nil {
				s.log.Warn("community sweep failed", slog.Any("error", err), slog.Int("settled", n))
			}
		}
	}
}
