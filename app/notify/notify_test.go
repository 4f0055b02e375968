package notify

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"souk/app/internal/apptest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/app/action"
	"souk/persistence"
)

func TestNotificationActions(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		sessions := &apptest.Sessions{}
		s := New(Config{DB: db, Sessions: sessions})
		reg := action.NewRegistry()
		s.Register(reg)
		admin, ann, bob := apptest.Member(t, db, "admin"), apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")

		_, err := reg.Call(apptest.As(ann), "admin.sendNotification", json.RawMessage(`{"toId":"1","title":"x"}`))
		require.ErrorIs(t, err, action.ErrForbidden, "members may not announce")
		_, err = s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: 12345, Title: "x"})
		apptest.RequireKey(t, err, "common.error.userNotFound")
		for name, in := range map[string]SendNotificationInput{
			"no recipient":   {Title: "x"},
			"no title":       {ToID: ID(ann), Title: "  "},
			"title too long": {ToID: ID(ann), Title: string(make([]rune, MaxTitleRunes+1))},
		} {
			err := in.Validate()
			assert.Error(t, err, name)
		}

		var sent []Notification
		for i := range 3 {
			out, err := s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: ID(ann), Title: fmt.Sprint("t", i),
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
		assert.Equal(t, "inbox:"+FormatID(ann)+":3", pushed[2].IdemKey)
		assert.Contains(t, pushed[2].Data, `{"seq":3,"notification":{`)
		assert.Contains(t, pushed[2].Data, `"unread":{"messages":0,"notifications":3}`)

		again, err := s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: ID(ann), Title: "other", ClientID: "c0"})
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

		first, _ := ParseCursor(sent[0].ID)
		_, err = s.ReadNotification(apptest.As(bob), ReadNotificationInput{ID: ID(first)})
		apptest.RequireKey(t, err, "notification.error.notFound")
		_, err = s.ReadNotification(apptest.As(bob), ReadNotificationInput{ID: ID(first), ToID: ID(ann)})
		require.ErrorIs(t, err, action.ErrForbidden)
		_, err = s.ReadNotification(apptest.As(ann), ReadNotificationInput{ID: 999})
		apptest.RequireKey(t, err, "notification.error.notFound")
		_, err = s.ReadNotification(apptest.As(ann), ReadNotificationInput{})
		apptest.RequireKey(t, err, "common.error.required")
		assert.Empty(t, sessions.Take(), "refusals push nothing")

		read, err := s.ReadNotification(apptest.As(ann), ReadNotificationInput{ID: ID(first), ToID: ID(ann)})
		require.NoError(t, err)
		assert.Equal(t, 1, read.ReadNotification.Read)
		assert.Equal(t, 2, read.ReadNotification.Unread.Notifications)
		pushed = sessions.Take()
		require.Len(t, pushed, 1)
		assert.Equal(t, EventUnread, pushed[0].Action)
		assert.JSONEq(t, `{"seq":4,"unread":{"messages":0,"notifications":2},"notificationsRead":{"id":"`+FormatID(first)+`"}}`, pushed[0].Data)
		read, err = s.ReadNotification(apptest.As(ann), ReadNotificationInput{ID: ID(first)})
		require.NoError(t, err)
		assert.Zero(t, read.ReadNotification.Read)
		assert.Empty(t, sessions.Take(), "reading again changes nothing and pushes nothing")

		accounts := account.New(account.Config{DB: db, Secret: []byte("0123456789abcdef0123456789abcdef"), Notifications: s})
		v, err := accounts.ViewerFor(apptest.As(ann), ann)
		require.NoError(t, err)
		assert.Equal(t, 2, v.GqNotification, "the viewer counts unread notifications in the store")

		read, err = s.ReadNotification(apptest.As(ann), ReadNotificationInput{All: true})
		require.NoError(t, err)
		assert.Equal(t, 2, read.ReadNotification.Read)
		pushed = sessions.Take()
		require.Len(t, pushed, 1)
		assert.JSONEq(t, `{"seq":5,"unread":{"messages":0,"notifications":0},"notificationsRead":{"all":true}}`, pushed[0].Data)
		counts, err := s.GetUnreadCounts(apptest.As(ann), struct{}{})
		require.NoError(t, err)
		assert.Equal(t, Unread{}, counts.Unread)
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
	var in struct{ A, B, C, D ID }
	require.NoError(t, json.Unmarshal([]byte(`{"A":42,"B":"43","C":"","D":null}`), &in))
	assert.Equal(t, struct{ A, B, C, D ID }{42, 43, 0, 0}, in)
	assert.Error(t, json.Unmarshal([]byte(`{"A":"x"}`), &in))
	assert.Error(t, json.Unmarshal([]byte(`{"A":"-1"}`), &in))
	n, ok := ParseCursor("12")
	assert.True(t, ok)
	assert.Equal(t, int64(12), n)
	_, ok = ParseCursor("0")
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
			_, err := s.SendNotification(apptest.AsAdmin(admin), SendNotificationInput{ToID: ID(ann), Title: fmt.Sprint("t", i)})
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
