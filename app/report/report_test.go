package report_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/member"
	"souk/app/notify"
	"souk/app/report"
	"souk/internal/authtest"
	"souk/persistence"
)

// input is a valid report of bob by ann's request, changed by change.
func input(f *fixture, change func(*report.CreateReportInput)) report.CreateReportInput {
	in := report.CreateReportInput{Type: "Harassment", Content: "He keeps messaging me.", PostType: "user",
		PostID: action.ID(f.bob.ID)}
	if change != nil {
		change(&in)
	}
	return in
}

func create(f *fixture, ctx context.Context, in report.CreateReportInput) (report.CreateReportReply, error) {
	out, err := f.call(ctx, "mutates.createReport", in)
	if err != nil {
		return report.CreateReportReply{}, err
	}
	return out.(report.CreateReportReply), nil
}

// TestCreateReport: every refusal, then a report: both admins get a
// stored report notification pushed live and a report_queue event.
func TestCreateReport(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		ann := as(f.ann)
		annImage, bobImage, annVideo := f.image(t, f.ann, "image"), f.image(t, f.bob, "image"), f.image(t, f.ann, "video")
		ids := func(list ...string) []action.ID {
			out := make([]action.ID, 0, len(list))
			for _, s := range list {
				id, ok := member.ParseCursor(s)
				require.True(t, ok)
				out = append(out, action.ID(id))
			}
			return out
		}

		_, err := create(f, context.Background(), input(f, nil))
		require.ErrorIs(t, err, action.ErrUnauthorized, "guests may not report")
		for name, tt := range map[string]struct {
			change func(*report.CreateReportInput)
			key    string
		}{
			"no type":                    {func(in *report.CreateReportInput) { in.Type = " " }, "common.error.required"},
			"type not in settings":       {func(in *report.CreateReportInput) { in.Type = "Spam" }, "report.error.type"},
			"type of another language":   {func(in *report.CreateReportInput) { in.Type = "冒充他人" }, "report.error.type"},
			"no content":                 {func(in *report.CreateReportInput) { in.Content = " \x00 \n" }, "common.error.required"},
			"content too long":           {func(in *report.CreateReportInput) { in.Content = strings.Repeat("é", 2001) }, "common.error.badField"},
			"five screenshots":           {func(in *report.CreateReportInput) { in.Imgs = ids(annImage, annImage, annImage, annImage, annImage) }, "report.error.tooManyImages"},
			"another member's image":     {func(in *report.CreateReportInput) { in.Imgs = ids(annImage, bobImage) }, "report.error.image"},
			"not an image":               {func(in *report.CreateReportInput) { in.Imgs = ids(annVideo) }, "report.error.image"},
			"an image that is not there": {func(in *report.CreateReportInput) { in.Imgs = []action.ID{4242} }, "report.error.image"},
			"unknown post type":          {func(in *report.CreateReportInput) { in.PostType = "topic" }, "common.error.badField"},
			"no post id":                 {func(in *report.CreateReportInput) { in.PostID = 0 }, "common.error.required"},
			"unknown member":             {func(in *report.CreateReportInput) { in.PostID = 4242 }, "report.error.target"},
			"unknown chat message": {func(in *report.CreateReportInput) {
				in.PostType, in.PostID, in.Type = "chatMessage", 4242, "Flooding"
			}, "report.error.target"},
			"another's private message": {func(in *report.CreateReportInput) {
				in.PostType, in.Type = "privateMessage", "Abuse"
				id, _ := member.ParseCursor(f.privateMessage(t, f.bob, f.root, "not for ann"))
				in.PostID = action.ID(id)
			}, "report.error.target"},
			"unknown media": {func(in *report.CreateReportInput) { in.PostType, in.PostID = "media", 4242 }, "report.error.target"},
		} {
			t.Run(name, func(t *testing.T) {
				_, err := create(f, ann, input(f, tt.change))
				apptest.RequireKey(t, err, tt.key)
			})
		}
		assert.Empty(t, f.inbox.Take(), "refusals notify nobody")
		assert.Empty(t, f.live.Take())

		out, err := create(f, ann, input(f, func(in *report.CreateReportInput) { in.Imgs = ids(annImage, annImage) }))
		require.NoError(t, err)
		assert.True(t, out.GqCreateReport.Success)
		pushed := deliveries(f.inbox, notify.EventNotification)
		require.Len(t, pushed, 2, "each admin is notified")
		assert.ElementsMatch(t, []int64{f.root.ID, f.admin2.ID}, []int64{pushed[0].UserID, pushed[1].UserID})
		var note struct {
			Notification notify.Notification `json:"notification"`
		}
		require.NoError(t, json.Unmarshal([]byte(pushed[0].Data), &note))
		assert.Equal(t, "report", note.Notification.Type)
		assert.Equal(t, "Harassment", note.Notification.Title)
		assert.JSONEq(t, `{"title":"Bob","slug":"bob","desc":"Harassment","user_content":"","content":"He keeps messaging me."}`,
			string(note.Notification.Content))
		require.NotNil(t, note.Notification.From)
		assert.Equal(t, "ann", note.Notification.From.GqSlug)
		stored, err := f.db.Notifications().List(t.Context(), f.root.ID, 0, 0, 10)
		require.NoError(t, err)
		assert.Len(t, stored, 1, "the notification is stored in the admin's inbox")

		queue := deliveries(f.live, report.EventQueue)
		require.Len(t, queue, 2, "each admin's queue gets the report live")
		var ev report.QueueEvent
		require.NoError(t, json.Unmarshal([]byte(queue[0].Data), &ev))
		assert.Equal(t, report.QueueAdded, ev.Op)
		assert.Equal(t, out.GqCreateReport.ID, ev.Report.ID)
		assert.Equal(t, "open", ev.Report.Status)
		assert.Equal(t, "ann", ev.Report.Reporter.GqSlug)
		require.NotNil(t, ev.Report.Author)
		assert.Equal(t, "bob", ev.Report.Author.GqSlug)
		require.NotNil(t, ev.Report.Target.User)
		assert.Equal(t, "bob", ev.Report.Target.User.GqSlug)
		require.Len(t, ev.Report.Imgs, 1, "a screenshot named twice is kept once")
		assert.Equal(t, annImage, ev.Report.Imgs[0].ID)
		assert.True(t, strings.HasPrefix(ev.Report.Imgs[0].SourceURL, "/api/media/"+annImage+"/"))

		_, err = create(f, ann, input(f, func(in *report.CreateReportInput) { in.Content = "again" }))
		apptest.RequireKey(t, err, "report.error.duplicate")

		chatID, _ := member.ParseCursor(f.chatMessage(t, f.bob, "buy cheap followers"))
		out, err = create(f, ann, input(f, func(in *report.CreateReportInput) {
			in.PostType, in.PostID, in.Type = "chatMessage", action.ID(chatID), "Flooding"
		}))
		require.NoError(t, err, "a type of another kind of thing, in the request's language")
		es := action.WithRequest(context.Background(), &action.Request{Lang: "es", Viewer: action.Viewer{UserID: f.ann.ID}})
		pmID, _ := member.ParseCursor(f.privateMessage(t, f.bob, f.ann, "you again"))
		_, err = create(f, es, input(f, func(in *report.CreateReportInput) {
			in.PostType, in.PostID, in.Type = "privateMessage", action.ID(pmID), "Insultos"
		}))
		require.NoError(t, err, "Spanish reasons in Spanish; a received private message")
		zh := action.WithRequest(context.Background(), &action.Request{Lang: "zh-hans", Viewer: action.Viewer{UserID: f.ann.ID}})
		_, err = create(f, zh, input(f, func(in *report.CreateReportInput) {
			in.PostType, in.PostID, in.Type = "privateMessage", action.ID(pmID), "Flooding"
		}))
		apptest.RequireKey(t, err, "report.error.type")

		for i := range report.MaxPerHour - 3 {
			_, err := create(f, ann, input(f, func(in *report.CreateReportInput) {
				in.PostType, in.PostID = "media", action.ID(mustID(t, f.image(t, f.bob, "image")))
			}))
			require.NoError(t, err, "report %d", i+4)
		}
		_, err = create(f, ann, input(f, func(in *report.CreateReportInput) { in.PostID = action.ID(f.root.ID) }))
		apptest.RequireKey(t, err, "report.error.rateLimited")
		f.clock.Add(time.Hour + time.Second)
		_, err = create(f, ann, input(f, func(in *report.CreateReportInput) { in.PostID = action.ID(f.root.ID) }))
		require.NoError(t, err, "an hour later")
	})
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	id, ok := member.ParseCursor(s)
	require.True(t, ok)
	return id
}

// TestReportQueue: the queue is the admins', the oldest open first, in pages.
func TestReportQueue(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		var made []string
		for _, reporter := range []persistence.User{f.ann, f.bob, f.admin2} {
			out, err := create(f, as(reporter), input(f, func(in *report.CreateReportInput) { in.PostID = action.ID(f.root.ID) }))
			require.NoError(t, err)
			made = append(made, out.GqCreateReport.ID)
		}
		_, err := f.call(as(f.ann), "admin.reports", nil)
		require.ErrorIs(t, err, action.ErrForbidden, "members may not read the queue")
		_, err = f.call(as(f.ann), "admin.resolveReport", map[string]any{"id": made[0], "action": "dismiss"})
		require.ErrorIs(t, err, action.ErrForbidden, "members may not resolve")
		_, err = f.call(context.Background(), "admin.reports", nil)
		require.ErrorIs(t, err, action.ErrUnauthorized)

		page := func(in report.ReportsInput) report.ReportsPage {
			out, err := f.call(as(f.root), "admin.reports", in)
			require.NoError(t, err)
			return out.(report.ReportsReply).Reports
		}
		first := page(report.ReportsInput{First: 2})
		require.Len(t, first.Edges, 2)
		assert.Equal(t, made[:2], []string{first.Edges[0].Node.ID, first.Edges[1].Node.ID}, "the oldest first")
		assert.True(t, first.PageInfo.HasNextPage)
		rest := page(report.ReportsInput{First: 2, After: first.PageInfo.EndCursor})
		require.Len(t, rest.Edges, 1)
		assert.Equal(t, made[2], rest.Edges[0].Node.ID)
		assert.False(t, rest.PageInfo.HasNextPage)
		assert.Empty(t, page(report.ReportsInput{Status: "resolved"}).Edges)
		_, err = f.call(as(f.root), "admin.reports", report.ReportsInput{Status: "closed"})
		apptest.RequireKey(t, err, "common.error.badField")
		_, err = f.call(as(f.root), "admin.reports", report.ReportsInput{After: "x"})
		apptest.RequireKey(t, err, "common.error.badField")

		_, err = f.call(as(f.root), "admin.resolveReport", map[string]any{"id": made[1], "action": "dismiss", "note": "fine"})
		require.NoError(t, err)
		open := page(report.ReportsInput{})
		require.Len(t, open.Edges, 2)
		assert.Equal(t, []string{made[0], made[2]}, []string{open.Edges[0].Node.ID, open.Edges[1].Node.ID})
		resolved := page(report.ReportsInput{Status: "resolved"})
		require.Len(t, resolved.Edges, 1)
		assert.Equal(t, "dismiss", resolved.Edges[0].Node.Resolution)
		assert.Equal(t, "fine", resolved.Edges[0].Node.Note)
		require.NotNil(t, resolved.Edges[0].Node.ResolvedBy)
		assert.Equal(t, "root", resolved.Edges[0].Node.ResolvedBy.GqSlug)
	})
}
