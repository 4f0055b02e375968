package persistence

import (
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEmailJobsSchedule(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.EmailJobs()
		now := Now()
		first := EmailJob{UserID: 7, Kind: EmailMessages, Topic: "42", RefID: 100, DueAt: now}
		added, err := s.Schedule(ctx, &first)
		require.NoError(t, err)
		require.True(t, added)
		assert.NotZero(t, first.ID)
		again := EmailJob{UserID: 7, Kind: EmailMessages, Topic: "42", RefID: 101, DueAt: now}
		added, err = s.Schedule(ctx, &again)
		require.NoError(t, err)
		assert.False(t, added, "a pending job of the same sender covers the new message")
		other := EmailJob{UserID: 7, Kind: EmailMessages, Topic: "43", RefID: 102, DueAt: now + 60_000}
		added, err = s.Schedule(ctx, &other)
		require.NoError(t, err)
		assert.True(t, added, "another sender is another email")

		jobs, err := s.Claim(ctx, now, now+60_000, "node-a", 10)
		require.NoError(t, err)
		require.Len(t, jobs, 1, "only the due job")
		assert.Equal(t, first.ID, jobs[0].ID)
		assert.Equal(t, "node-a", jobs[0].LeaseToken)
		jobs, err = s.Claim(ctx, now, now+60_000, "node-b", 10)
		require.NoError(t, err)
		assert.Empty(t, jobs, "a leased job is nobody else's")

		require.ErrorIs(t, s.Finish(ctx, first.ID, "node-b", EmailSent, ""), ErrNotFound, "not the lease holder")
		require.NoError(t, s.Finish(ctx, first.ID, "node-a", EmailSent, ""))
		require.ErrorIs(t, s.Finish(ctx, first.ID, "node-a", EmailSent, ""), ErrNotFound, "ended already")
		added, err = s.Schedule(ctx, &again)
		require.NoError(t, err)
		assert.True(t, added, "a sent job gives its key back")

		day := EmailJob{UserID: 7, Kind: EmailDigest, Topic: "2026-11-24", DueAt: now}
		added, err = s.Schedule(ctx, &day)
		require.NoError(t, err)
		require.True(t, added)
		jobs, err = s.Claim(ctx, now, now+60_000, "node-a", 10)
		require.NoError(t, err)
		require.Len(t, jobs, 2)
		for _, j := range jobs {
			require.NoError(t, s.Finish(ctx, j.ID, "node-a", EmailSkipped, "read"))
		}
		added, err = s.Schedule(ctx, &EmailJob{UserID: 7, Kind: EmailDigest, Topic: "2026-11-24", DueAt: now})
		require.NoError(t, err)
		assert.False(t, added, "a day has one digest, even once it ended")

		list, err := s.ListForMember(ctx, 7)
		require.NoError(t, err)
		require.Len(t, list, 4)
		assert.Equal(t, EmailSkipped, list[0].State)
		assert.Equal(t, "read", list[0].LastError)

		n, err := s.Prune(ctx, Now()+1)
		require.NoError(t, err)
		assert.EqualValues(t, 3, n, "the pending job stays")
	})
}

func TestEmailJobsRescheduleAndLease(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.EmailJobs()
		now := Now()
		j := EmailJob{UserID: 8, Kind: EmailMentions, RefID: 5, DueAt: now}
		_, err := s.Schedule(ctx, &j)
		require.NoError(t, err)
		jobs, err := s.Claim(ctx, now, now+1000, "a", 1)
		require.NoError(t, err)
		require.Len(t, jobs, 1)
		require.NoError(t, s.Reschedule(ctx, j.ID, "a", now+5000, 1, "421 try later"))
		jobs, err = s.Claim(ctx, now+4000, now+5000, "b", 1)
		require.NoError(t, err)
		assert.Empty(t, jobs, "not due yet")
		jobs, err = s.Claim(ctx, now+5000, now+6000, "b", 1)
		require.NoError(t, err)
		require.Len(t, jobs, 1)
		assert.Equal(t, 1, jobs[0].Attempts)
		assert.Equal(t, "421 try later", jobs[0].LastError)
		// Node b stops without a word: its lease runs out and c takes the job.
		jobs, err = s.Claim(ctx, now+6001, now+7000, "c", 1)
		require.NoError(t, err)
		require.Len(t, jobs, 1)
		require.ErrorIs(t, s.Reschedule(ctx, j.ID, "b", now, 2, ""), ErrNotFound, "b lost its lease")
		require.NoError(t, s.Finish(ctx, j.ID, "c", EmailFailed, "550 no such user"))
	})
}

// TestEmailJobsClaimOnce claims the same due jobs from many callers at
// once: each job goes to exactly one of them.
func TestEmailJobsClaimOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.EmailJobs()
		now := Now()
		const jobs = 40
		for i := range jobs {
			_, err := s.Schedule(ctx, &EmailJob{UserID: int64(1000 + i), Kind: EmailMentions, DueAt: now})
			require.NoError(t, err)
		}
		var mu sync.Mutex
		claimed := map[int64]string{}
		var wg sync.WaitGroup
		for c := range 6 {
			token := fmt.Sprint("node-", c)
			wg.Go(func() {
				for {
					got, err := s.Claim(ctx, now, now+60_000, token, 3)
					if !assert.NoError(t, err) || len(got) == 0 {
						return
					}
					mu.Lock()
					for _, j := range got {
						assert.NotContains(t, claimed, j.ID, "job claimed twice")
						claimed[j.ID] = token
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		assert.Len(t, claimed, jobs)
	})
}

func TestEmailJobsUnread(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.EmailJobs()
		ids := newMembers(t, db, "ann", "bob", "cid")
		ann, bob, cid := ids[0], ids[1], ids[2]
		var sent []PrivateMessage
		for i, text := range []string{"one", "two", "three"} {
			m := PrivateMessage{FromID: ann, ToID: bob, Content: text, IdemKey: fmt.Sprint("pm-", i)}
			_, _, err := db.Messages().Send(ctx, &m)
			require.NoError(t, err)
			sent = append(sent, m)
		}
		n, last, err := s.UnreadFrom(ctx, bob, ann, sent[1].ID)
		require.NoError(t, err)
		assert.Equal(t, 2, n)
		assert.Equal(t, "three", last.Content)
		n, _, err = s.UnreadFrom(ctx, bob, cid, 0)
		require.NoError(t, err)
		assert.Zero(t, n, "nothing from cid")
		_, _, err = db.Messages().MarkRead(ctx, bob, ann)
		require.NoError(t, err)
		n, _, err = s.UnreadFrom(ctx, bob, ann, 0)
		require.NoError(t, err)
		assert.Zero(t, n, "read")

		for i, typ := range []string{"mention", "follow", "mention"} {
			_, _, err := db.Notifications().Create(ctx, &Notification{ToID: bob, FromID: ann, Type: typ, Title: typ,
				IdemKey: fmt.Sprint("n-", i)})
			require.NoError(t, err)
		}
		n, list, err := s.UnreadNotifications(ctx, bob, []string{"mention"}, 0, 0, 1)
		require.NoError(t, err)
		assert.Equal(t, 2, n)
		require.Len(t, list, 1, "limited")
		assert.Equal(t, "mention", list[0].Type)
		n, list, err = s.UnreadNotifications(ctx, bob, nil, 0, 0, 10)
		require.NoError(t, err)
		assert.Equal(t, 3, n)
		assert.Len(t, list, 3)
		n, _, err = s.UnreadNotifications(ctx, bob, nil, 0, Now()+60_000, 10)
		require.NoError(t, err)
		assert.Zero(t, n, "none that recent")

		lang, err := s.Lang(ctx, bob)
		require.NoError(t, err)
		assert.Empty(t, lang, "no device")
		require.NoError(t, db.Push().Save(ctx, &PushSubscription{UserID: bob, Endpoint: "https://push.example/x",
			P256dh: "k", Auth: "a", Lang: "es"}, 3))
		lang, err = s.Lang(ctx, bob)
		require.NoError(t, err)
		assert.Equal(t, "es", lang)
	})
}
