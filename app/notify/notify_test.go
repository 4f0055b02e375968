package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"souk/app/internal/apptest"
	"souk/app/member"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/persistence"
)

// newRegistered is a service on db recording its pushes, and a registry
// holding its actions.
func newRegistered(db *persistence.DB) (*Service, *apptest.Sessions, *action.Registry) {
	sessions := &apptest.Sessions{}
	s := New(Config{DB: db, Sessions: sessions})
	reg := action.NewRegistry()
	s.Register(reg)
	return s, sessions, reg
}

func TestNotificationActions(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s, sessions, reg := newRegistered(db)
		admin, ann, bob := apptest.Member(t, db, "admin"), apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")

		_, err := reg.Call(apptest.As(ann), "admin.sendNotification", json.RawMessage(`{"toId":"1","title":"x"}`))
		require.ErrorIs(t, err, action.ErrForbidden, "members may not announce")
		_, err = s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: 12345, Title: "x"})
		apptest.RequireKey(t, err, "common.error.userNotFound")
		for name, in := range map[string]SendNotificationInput{
			"no recipient":   {Title: "x"},
			"no title":       {ToID: action.ID(ann), Title: "  "},
			"title too long": {ToID: action.ID(ann), Title: string(make([]rune, MaxTitleRunes+1))},
		} {
			err := in.Validate()
			assert.Error(t, err, name)
		}

		var sent []Notification
		for i := range 3 {
			out, err := s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: action.ID(ann), Title: fmt.Sprint("t", i),
				Text: "hello", ClientID: fmt.Sprint("c", i)})
			require.NoError(t, err)
			sent = append(sent, out.Notification)
		}
		assert.Equal(t, TypeSystem, sent[0].Type)
		assert.JSONEq(t, `{"text":"hello"}`, string(sent[0].Content))
		assert.Nil(t, sent[0].From)
		pushed := sessions.Take()
		require.Len(t, pushed, 3)
		assert.Equal(t, ann, pushed[2].UserID)
		assert.Equal(t, EventNotification, pushed[2].Action)
		assert.Equal(t, "inbox:"+member.FormatID(ann)+":3", pushed[2].IdemKey)
		assert.Contains(t, pushed[2].Data, `{"seq":3,"notification":{`)
		assert.Contains(t, pushed[2].Data, `"unread":{"messages":0,"notifications":3}`)

		again, err := s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: action.ID(ann), Title: "other", ClientID: "c0"})
		require.NoError(t, err)
		assert.Equal(t, sent[0].ID, again.Notification.ID, "a retried clientId sends nothing more")
		assert.Empty(t, sessions.Take())

		page, err := s.GetNotifications(apptest.As(ann), GetNotificationsInput{First: 2})
		require.NoError(t, err)
		got := page.Notifications
		require.Len(t, got.Edges, 2)
		assert.Equal(t, []string{"t1", "t2"}, []string{got.Edges[0].Node.Title, got.Edges[1].Node.Title}, "the newest page, oldest first")
		assert.True(t, got.PageInfo.HasPreviousPage)
		assert.False(t, got.PageInfo.HasNextPage)
		assert.Equal(t, 3, page.Unread.Notifications)
		assert.Equal(t, int64(3), page.InboxSeq)
		older, err := s.GetNotifications(apptest.As(ann), GetNotificationsInput{Before: got.PageInfo.StartCursor})
		require.NoError(t, err)
		require.Len(t, older.Notifications.Edges, 1)
		assert.Equal(t, "t0", older.Notifications.Edges[0].Node.Title)
		newer, err := s.GetNotifications(apptest.As(ann), GetNotificationsInput{After: older.Notifications.PageInfo.EndCursor, First: 1})
		require.NoError(t, err)
		require.Len(t, newer.Notifications.Edges, 1)
		assert.Equal(t, "t1", newer.Notifications.Edges[0].Node.Title)
		assert.True(t, newer.Notifications.PageInfo.HasNextPage)
		_, err = s.GetNotifications(apptest.As(ann), GetNotificationsInput{After: "x"})
		require.ErrorIs(t, err, ErrBadCursor)
		theirs, err := s.GetNotifications(apptest.As(bob), GetNotificationsInput{})
		require.NoError(t, err)
		assert.Empty(t, theirs.Notifications.Edges, "each member sees only their own")

		first, _ := member.ParseCursor(sent[0].ID)
		_, err = s.ReadNotification(apptest.As(bob), ReadNotificationInput{ID: action.ID(first)})
		apptest.RequireKey(t, err, "notification.error.notFound")
		_, err = s.ReadNotification(apptest.As(bob), ReadNotificationInput{ID: action.ID(first), ToID: action.ID(ann)})
		require.ErrorIs(t, err, action.ErrForbidden)
		_, err = s.ReadNotification(apptest.As(ann), ReadNotificationInput{ID: 999})
		apptest.RequireKey(t, err, "notification.error.notFound")
		_, err = s.ReadNotification(apptest.As(ann), ReadNotificationInput{})
		apptest.RequireKey(t, err, "common.error.required")
		assert.Empty(t, sessions.Take(), "refusals push nothing")

		read, err := s.ReadNotification(apptest.As(ann), ReadNotificationInput{ID: action.ID(first), ToID: action.ID(ann)})
		require.NoError(t, err)
		assert.Equal(t, 1, read.ReadNotification.Read)
		assert.Equal(t, 2, read.ReadNotification.Unread.Notifications)
		pushed = sessions.Take()
		require.Len(t, pushed, 1)
		assert.Equal(t, EventUnread, pushed[0].Action)
		assert.JSONEq(t, `{"seq":4,"unread":{"messages":0,"notifications":2},"notificationsRead":{"id":"`+member.FormatID(first)+`"}}`, pushed[0].Data)
		read, err = s.ReadNotification(apptest.As(ann), ReadNotificationInput{ID: action.ID(first)})
		require.NoError(t, err)
		assert.Zero(t, read.ReadNotification.Read)
		assert.Empty(t, sessions.Take(), "reading again changes nothing and pushes nothing")

		unread, err := s.UnreadNotifications(apptest.As(ann), ann)
		require.NoError(t, err)
		assert.Equal(t, 2, unread, "the viewer counts unread notifications in the store")

		read, err = s.ReadNotification(apptest.As(ann), ReadNotificationInput{All: true})
		require.NoError(t, err)
		assert.Equal(t, 2, read.ReadNotification.Read)
		pushed = sessions.Take()
		require.Len(t, pushed, 1)
		assert.JSONEq(t, `{"seq":5,"unread":{"messages":0,"notifications":0},"notificationsRead":{"all":true}}`, pushed[0].Data)
		counts, err := s.GetUnreadCounts(apptest.As(ann), struct{}{})
		require.NoError(t, err)
		assert.Equal(t, member.Unread{}, counts.Unread)
		assert.Equal(t, int64(5), counts.InboxSeq)

		_, err = s.Send(apptest.As(ann), Notice{ToID: ann, Type: TypeReport, Title: "r", IdemKey: "r1",
			Content: ReportContent{Title: "A post", Slug: "a-post", Desc: "spam", UserContent: "buy", Content: "removed"}})
		require.NoError(t, err)
		_, err = s.Send(apptest.As(ann), Notice{ToID: ann, Type: TypeSystem, Title: "r", IdemKey: "r2", Content: "not an object"})
		require.Error(t, err)
	})
}

func TestIDAndCursor(t *testing.T) {
	t.Parallel()
	var in struct{ A, B, C, D action.ID }
	require.NoError(t, json.Unmarshal([]byte(`{"A":42,"B":"43","C":"","D":null}`), &in))
	assert.Equal(t, struct{ A, B, C, D action.ID }{42, 43, 0, 0}, in)
	assert.Error(t, json.Unmarshal([]byte(`{"A":"x"}`), &in))
	assert.Error(t, json.Unmarshal([]byte(`{"A":"-1"}`), &in))
	n, ok := member.ParseCursor("12")
	assert.True(t, ok)
	assert.Equal(t, int64(12), n)
	_, ok = member.ParseCursor("0")
	assert.False(t, ok)
}

// TestPruneInbox: inbox events go once past InboxRetention, the
// notifications themselves stay.
func TestPruneInbox(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s := New(Config{DB: db})
		admin, ann := apptest.Member(t, db, "admin"), apptest.Member(t, db, "ann")
		for i := range 3 {
			_, err := s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: action.ID(ann), Title: fmt.Sprint("t", i)})
			require.NoError(t, err)
		}
		now := time.Now()
		n, err := s.PruneInbox(t.Context(), now.Add(InboxRetention-time.Minute))
		require.NoError(t, err)
		assert.Zero(t, n, "younger than the retention")
		n, err = s.PruneInbox(t.Context(), now.Add(InboxRetention+time.Minute))
		require.NoError(t, err)
		assert.Equal(t, int64(3), n)
		events, err := db.Inbox().Since(t.Context(), ann, 0, 10)
		require.NoError(t, err)
		assert.Empty(t, events)
		list, err := db.Notifications().List(t.Context(), ann, 0, 0, 10)
		require.NoError(t, err)
		assert.Len(t, list, 3, "the notifications stay")
	})
}

// TestInboxJanitor: the janitor waits about its interval between rounds
// and prunes by the service's clock, until its context ends.
func TestInboxJanitor(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		var mu sync.Mutex
		now := time.Now()
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		timer := apptest.NewTimer()
		s := New(Config{DB: db, Now: clock, After: timer.After})
		admin, ann := apptest.Member(t, db, "admin"), apptest.Member(t, db, "ann")
		for i := range 3 {
			_, err := s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: action.ID(ann), Title: fmt.Sprint("t", i)})
			require.NoError(t, err)
		}
		inbox := func() int {
			events, err := db.Inbox().Since(t.Context(), ann, 0, 10)
			require.NoError(t, err)
			return len(events)
		}

		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.RunInboxJanitor(ctx, time.Hour)
		}()
		wait := timer.Next(t)
		assert.InDelta(t, float64(time.Hour), float64(wait.D), float64(6*time.Minute), "a tenth of jitter at most")
		wait.Fire(clock())
		wait = timer.Next(t)
		assert.Equal(t, 3, inbox(), "a round within the retention keeps the events")

		mu.Lock()
		now = now.Add(InboxRetention + time.Minute)
		mu.Unlock()
		wait.Fire(clock())
		timer.Next(t)
		assert.Zero(t, inbox(), "a round past the retention prunes them")

		cancel()
		apptest.Done(t, done)
	})
}

// TestSendNotificationLinks: an announcement's link is an http(s) URL or a
// path on this site; javascript:, data: and the like are refused with a
// translated error and nothing is sent. Its title and text are stored as
// typed.
func TestSendNotificationLinks(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s, sessions, reg := newRegistered(db)
		admin, ann := apptest.Member(t, db, "admin"), apptest.Member(t, db, "ann")
		send := func(url string) (any, error) {
			data, err := json.Marshal(map[string]any{"toId": member.FormatID(ann), "title": "Maintenance", "url": url})
			require.NoError(t, err)
			return reg.Call(apptest.AsAdmin(admin), "admin.sendNotification", data)
		}

		for _, bad := range []string{"javascript:alert(document.cookie)", " JavaScript:alert(1)", "java\tscript:alert(1)",
			"data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "//evil.example/x", `/\evil.example`, "evil.example/x"} {
			_, err := send(bad)
			apptest.RequireKey(t, err, "notification.error.badUrl")
		}
		assert.Empty(t, sessions.Take(), "a refused link sends nothing")

		for _, good := range []string{"https://status.example.com/today", "/community/topic/1?from=notice"} {
			out, err := send(good)
			require.NoError(t, err, good)
			assert.JSONEq(t, `{"text":"","url":"`+good+`"}`, string(out.(SendNotificationReply).Notification.Content))
		}

		out, err := s.SendNotification(apptest.AsAdmin(admin), func() SendNotificationInput {
			in := SendNotificationInput{ToID: action.ID(ann), Title: " <b>Down</b>\x00 ", Text: "&lt;img src=x onerror=alert(1)&gt;\r\nsoon"}
			require.NoError(t, in.Validate())
			return in
		}())
		require.NoError(t, err)
		assert.Equal(t, "<b>Down</b>", out.Notification.Title)
		assert.JSONEq(t, `{"text":"&lt;img src=x onerror=alert(1)&gt;\nsoon"}`, string(out.Notification.Content))
	})
}
