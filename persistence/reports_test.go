package persistence

import (
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReportsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Reports()
		ids := newMembers(t, db, "ann", "bob", "root")
		ann, bob, root := ids[0], ids[1], ids[2]
		admin, err := db.Users().Get(ctx, root)
		require.NoError(t, err)
		admin.IsAdmin = true
		require.NoError(t, db.Users().Update(ctx, admin))
		admins, err := s.Admins(ctx)
		require.NoError(t, err)
		assert.Equal(t, []int64{root}, admins)

		limit := ReportLimit{Max: 3, Since: Now() - 3600_000}
		r := Report{ReporterID: ann, PostType: ReportUser, PostID: bob, AuthorID: bob, Type: "Spam", Content: "buy now",
			Imgs: []int64{11, 12}}
		notice := Notification{ToID: root, FromID: ann, Type: "report", Title: "Spam", Content: json.RawMessage(`{"title":"bob"}`),
			IdemKey: "report:1"}
		events, err := s.Create(ctx, &r, limit, []*Notification{&notice}, []InboxWrite{countsEvent(root, 0, "notification")})
		require.NoError(t, err)
		require.Len(t, events, 1, "the admin's notification is written with the report")
		assert.Equal(t, root, events[0].UserID)
		got, err := s.Get(ctx, r.ID)
		require.NoError(t, err)
		assert.Equal(t, r, got)
		assert.Equal(t, ReportOpen, got.Status)

		again := Report{ReporterID: ann, PostType: ReportUser, PostID: bob, Type: "Spam", Content: "again"}
		_, err = s.Create(ctx, &again, limit, nil, nil)
		require.ErrorIs(t, err, ErrConflict, "one open report per reporter and thing")
		other := Report{ReporterID: bob, PostType: ReportUser, PostID: bob, Type: "Spam", Content: "self"}
		_, err = s.Create(ctx, &other, limit, nil, nil)
		require.NoError(t, err, "another reporter may report the same thing")
		for i := range 3 {
			m := Report{ReporterID: ann, PostType: ReportMedia, PostID: int64(100 + i), Type: "Spam", Content: "x"}
			_, err = s.Create(ctx, &m, limit, nil, nil)
			if i < 2 {
				require.NoError(t, err)
			} else {
				require.ErrorIs(t, err, ErrReportLimit, "ann made 3 reports in the window")
			}
		}
		_, err = s.Create(ctx, &Report{ReporterID: ann, PostType: ReportMedia, PostID: 200, Type: "x", Content: "x"},
			ReportLimit{Max: 3, Since: Now() + 1000}, nil, nil)
		require.NoError(t, err, "reports before the window do not count")

		open, err := s.List(ctx, ReportOpen, 0, 2)
		require.NoError(t, err)
		require.Len(t, open, 2)
		assert.Equal(t, r.ID, open[0].ID, "the oldest first")
		assert.Equal(t, other.ID, open[1].ID)
		rest, err := s.List(ctx, ReportOpen, open[1].ID, 10)
		require.NoError(t, err)
		assert.Len(t, rest, 3)

		warn := Notification{ToID: bob, Type: "report", Title: "Spam", IdemKey: "warn:1"}
		resolved, events, err := s.Resolve(ctx, r.ID, Resolution{Action: ResolutionBan, Note: "spammer", By: root, Ban: bob,
			Notice: &warn, Writes: []InboxWrite{countsEvent(bob, 0, "notification")}})
		require.NoError(t, err)
		require.Len(t, events, 1)
		assert.Equal(t, ReportResolved, resolved.Status)
		assert.Equal(t, ResolutionBan, resolved.Resolution)
		assert.Equal(t, "spammer", resolved.Note)
		assert.Equal(t, root, resolved.ResolvedBy)
		assert.NotZero(t, resolved.ResolvedAt)
		banned, err := s.BannedAt(ctx, bob)
		require.NoError(t, err)
		assert.Equal(t, resolved.ResolvedAt, banned)
		notBanned, err := s.BannedAt(ctx, ann)
		require.NoError(t, err)
		assert.Zero(t, notBanned)
		_, err = s.BannedAt(ctx, 4242)
		require.ErrorIs(t, err, ErrNotFound)

		_, _, err = s.Resolve(ctx, r.ID, Resolution{Action: ResolutionDismiss, By: root})
		require.ErrorIs(t, err, ErrReportResolved)
		_, _, err = s.Resolve(ctx, 4242, Resolution{Action: ResolutionDismiss, By: root})
		require.ErrorIs(t, err, ErrNotFound)
		still, err := s.Get(ctx, r.ID)
		require.NoError(t, err)
		assert.Equal(t, ResolutionBan, still.Resolution, "resolving twice changes nothing")

		done, err := s.List(ctx, ReportResolved, 0, 10)
		require.NoError(t, err)
		require.Len(t, done, 1)
		_, err = s.Create(ctx, &Report{ReporterID: ann, PostType: ReportUser, PostID: bob, Type: "Spam", Content: "once more"},
			ReportLimit{Max: 10, Since: Now()}, nil, nil)
		require.NoError(t, err, "a resolved report frees the thing for a new one")
	})
}

// TestReportLimitHoldsUnderConcurrency: a member's reports made at once
// are counted one after the other, so the limit is never passed.
func TestReportLimitHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		ann := newMembers(t, db, "ann")[0]
		limit := ReportLimit{Max: 5, Since: Now() - 3600_000}
		var made, limited atomic.Int32
		var wg sync.WaitGroup
		for i := range 16 {
			wg.Go(func() {
				r := Report{ReporterID: ann, PostType: ReportMedia, PostID: int64(1000 + i), Type: "Spam", Content: "x"}
				_, err := db.Reports().Create(ctx, &r, limit, nil, nil)
				switch {
				case err == nil:
					made.Add(1)
				case errors.Is(err, ErrReportLimit):
					limited.Add(1)
				default:
					t.Errorf("report %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		assert.Equal(t, int32(5), made.Load(), "exactly the limit")
		assert.Equal(t, int32(11), limited.Load())
	})
}
