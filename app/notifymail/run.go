package notifymail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"souk/app/internal/notifypref"
	"souk/persistence"
)

// digestPage is how many digest members one read returns.
const digestPage = 500

// Run schedules the queued events' jobs and, every Poll, sends the due
// jobs this node claims; every minute it schedules the digests whose hour
// has come, every hour it deletes old ended jobs. It returns when ctx
// ends. Every node of a cluster runs it.
func (s *Service) Run(ctx context.Context) {
	if s.cfg.Mailer == nil {
		return
	}
	go s.drain(ctx)
	poll := time.NewTicker(s.cfg.Poll)
	defer poll.Stop()
	digests := time.NewTicker(digestScan)
	defer digests.Stop()
	prune := time.NewTicker(pruneEvery)
	defer prune.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-poll.C:
			s.sendDue(ctx)
		case <-digests.C:
			s.scheduleDigests(ctx)
		case <-prune.C:
			if _, err := s.db.EmailJobs().Prune(ctx, persistence.Millis(s.now().Add(-keepEnded))); err != nil && ctx.Err() == nil {
				s.log.Warn("notifymail: delete old email jobs", "error", err)
			}
		}
	}
}

// drain turns the queued events into jobs until ctx ends.
func (s *Service) drain(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case ev := <-s.queue:
			s.schedule(ctx, ev)
		}
	}
}

// sendDue claims the due jobs a batch at a time, under a lease token of
// this call's own, and runs them, until none is left.
func (s *Service) sendDue(ctx context.Context) {
	token := newLeaseToken()
	for ctx.Err() == nil {
		now := s.now()
		jobs, err := s.db.EmailJobs().Claim(ctx, persistence.Millis(now), persistence.Millis(now.Add(lease)), token, claimBatch)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Warn("notifymail: claim due emails", "error", err)
			}
			return
		}
		for _, job := range jobs {
			s.run(ctx, job)
		}
		if len(jobs) < claimBatch {
			return
		}
	}
}

func newLeaseToken() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// scheduleDigests schedules today's digest of every member who asked for
// one and whose local hour is the operators' digest hour. Every node does
// it: the job of a member's day is added once, whichever node comes first.
func (s *Service) scheduleDigests(ctx context.Context) {
	ops, err := s.cfg.Prefs.Operators(ctx)
	if err != nil {
		s.log.Warn("notifymail: read the operators' switches", "error", err)
		return
	}
	if !ops.Digest {
		return
	}
	now := s.now()
	store := s.db.EmailJobs()
	for after := int64(0); ; {
		members, err := s.db.NotifyPrefs().DigestMembers(ctx, after, digestPage)
		if err != nil {
			s.log.Warn("notifymail: read the digest members", "error", err)
			return
		}
		for _, m := range members {
			local := now.In(notifypref.Prefs{TimeZone: m.TimeZone}.Location())
			day := local.Format(time.DateOnly)
			if local.Hour() != ops.DigestHour || s.digestDays[m.UserID] == day {
				continue
			}
			job := persistence.EmailJob{UserID: m.UserID, Kind: persistence.EmailDigest, Topic: day,
				DueAt: persistence.Millis(now)}
			if _, err := store.Schedule(ctx, &job); err != nil {
				s.log.Warn("notifymail: schedule a digest", "user", m.UserID, "error", err)
				continue
			}
			s.digestDays[m.UserID] = day
		}
		if len(members) < digestPage {
			return
		}
		after = members[len(members)-1].UserID
	}
}
