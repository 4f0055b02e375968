package ticket

import (
	"context"
	"encoding/json"
	"souk/app/internal/support"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/member"
	"souk/app/notify"
	"souk/persistence"
)

type notices struct {
	mu     sync.Mutex
	pushed []persistence.InboxEvent
}

func (n *notices) NotificationWrite(x *persistence.Notification, from *member.Summary) persistence.InboxWrite {
	return notify.NotificationWrite(x, from)
}

func (n *notices) Push(_ context.Context, events []persistence.InboxEvent) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.pushed = append(n.pushed, events...)
}

type fixture struct {
	t        *testing.T
	db       *persistence.DB
	s        *Service
	reg      *action.Registry
	clock    *apptest.Clock
	sessions *apptest.Sessions
	notices  *notices

	ann, bob, root, staff2 int64
	// annPic is a media URL of ann's library; bobPic of bob's.
	annPic, bobPic string
}

func newFixture(t *testing.T, db *persistence.DB) *fixture {
	ctx := t.Context()
	f := &fixture{t: t, db: db, reg: action.NewRegistry(), clock: apptest.NewClock(time.UnixMilli(1_800_000_000_000)),
		sessions: &apptest.Sessions{}, notices: &notices{}}
	f.s = New(Config{DB: db, Now: f.clock.Now, Sessions: f.sessions, Notify: f.notices})
	f.s.Register(f.reg)
	f.ann, f.bob = apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
	f.root, f.staff2 = apptest.Member(t, db, "root"), apptest.Member(t, db, "staff")
	for _, id := range []int64{f.root, f.staff2} {
		u, err := db.Users().Get(ctx, id)
		require.NoError(t, err)
		u.IsAdmin = true
		require.NoError(t, db.Users().Update(ctx, u))
	}
	pic := func(owner int64, name string) string {
		item := persistence.MediaItem{ID: db.NewID(), OwnerID: owner, Type: persistence.MediaImage, FileName: name,
			MimeType: "image/png", Status: persistence.MediaReady, CreatedAt: 1}
		require.NoError(t, db.Media().Insert(ctx, item))
		return member.MediaURL(item.ID, name)
	}
	f.annPic, f.bobPic = pic(f.ann, "a.png"), pic(f.bob, "b.png")
	return f
}

func (f *fixture) call(ctx context.Context, name string, data any) (map[string]any, error) {
	raw, err := json.Marshal(data)
	require.NoError(f.t, err)
	out, err := f.reg.Call(ctx, name, raw)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(out)
	require.NoError(f.t, err)
	var m map[string]any
	require.NoError(f.t, json.Unmarshal(b, &m))
	return m, nil
}

func (f *fixture) create(userID int64, clientID, subject string) MessageReply {
	f.t.Helper()
	r, err := f.s.Create(apptest.As(userID), CreateInput{Subject: subject, Category: "order", Message: "Where is it?",
		ClientID: clientID})
	require.NoError(f.t, err)
	return r
}

func idOf(t *testing.T, s string) action.ID {
	n, err := strconv.ParseInt(s, 10, 64)
	require.NoError(t, err)
	return action.ID(n)
}

func TestCreateTicket(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := apptest.As(f.ann)
		data := map[string]any{"subject": "  My order  ", "category": "order", "message": "It did not arrive.\nHelp",
			"attachments": []string{f.annPic}, "clientId": "client-0001"}
		r, err := f.call(ann, "ticket.create", data)
		require.NoError(t, err)
		tk := r["ticket"].(map[string]any)
		assert.Equal(t, "My order", tk["subject"])
		assert.Equal(t, "open", tk["status"])
		assert.Equal(t, "It did not arrive. Help", tk["lastMessage"])
		assert.Equal(t, false, tk["unread"])
		assert.Equal(t, map[string]any{"id": strconv.FormatInt(f.ann, 10), "name": "ann", "slug": "ann",
			"avatar": "/api/avatar?seed=ann"}, tk["author"])
		msg := r["message"].(map[string]any)
		assert.Equal(t, "It did not arrive.\nHelp", msg["content"])
		assert.Equal(t, []any{f.annPic}, msg["attachments"])
		assert.Equal(t, false, msg["staff"])
		assert.Equal(t, tk["id"], msg["ticketId"])

		got := f.sessions.Take()
		require.Len(t, got, 3, "the owner and both administrators")
		to := []int64{got[0].UserID, got[1].UserID, got[2].UserID}
		assert.ElementsMatch(t, []int64{f.ann, f.root, f.staff2}, to)

		again, err := f.call(ann, "ticket.create", data)
		require.NoError(t, err, "the same clientId")
		assert.Equal(t, tk["id"], again["ticket"].(map[string]any)["id"])
		assert.Empty(t, f.sessions.Take(), "a retry tells nobody")

		long := make([]rune, MaxSubject+1)
		for i := range long {
			long[i] = 'x'
		}
		longMsg := make([]rune, MaxMessage+1)
		for i := range longMsg {
			longMsg[i] = 'y'
		}
		for _, tc := range []struct {
			edit func(map[string]any)
			key  string
		}{
			{func(m map[string]any) { m["subject"] = " " }, "common.error.required"},
			{func(m map[string]any) { m["subject"] = string(long) }, "ticket.error.subjectLong"},
			{func(m map[string]any) { m["category"] = "love" }, "ticket.error.category"},
			{func(m map[string]any) { m["message"] = "" }, "common.error.required"},
			{func(m map[string]any) { m["message"] = string(longMsg) }, "ticket.error.messageLong"},
			{func(m map[string]any) { m["clientId"] = "short" }, "common.error.badField"},
			{func(m map[string]any) { m["attachments"] = []string{"https://evil.example/x.png"} }, "ticket.error.attachment"},
			{func(m map[string]any) { m["attachments"] = []string{f.bobPic} }, "ticket.error.attachment"},
			{func(m map[string]any) { m["attachments"] = []string{"/api/media/404/a.png"} }, "ticket.error.attachment"},
			{func(m map[string]any) { m["attachments"] = []string{f.annPic + "x"} }, "ticket.error.attachment"},
			{func(m map[string]any) {
				m["attachments"] = []string{f.annPic, f.annPic, f.annPic, f.annPic, f.annPic, f.annPic}
			}, "ticket.error.attachments"},
		} {
			d := map[string]any{}
			for k, v := range data {
				d[k] = v
			}
			d["clientId"] = "client-bad-1"
			tc.edit(d)
			_, err := f.call(ann, "ticket.create", d)
			apptest.RequireKey(t, err, tc.key)
		}

		// At most 5 open tickets.
		for i := range 4 {
			f.create(f.ann, "client-more-"+strconv.Itoa(i), "More")
		}
		_, err = f.s.Create(ann, CreateInput{Subject: "Sixth", Category: "other", Message: "x", ClientID: "client-sixth"})
		apptest.RequireKey(t, err, "ticket.error.limit")
		_, err = f.s.Close(ann, CloseInput{TicketID: idOf(t, tk["id"].(string))})
		require.NoError(t, err)
		_, err = f.s.Create(ann, CreateInput{Subject: "Sixth", Category: "other", Message: "x", ClientID: "client-sixth"})
		require.NoError(t, err, "a closed ticket frees a place")
		_, err = f.call(context.Background(), "ticket.create", data)
		require.Error(t, err, "guests may not")
	})
}

func TestTicketThread(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		ann, bob, root := apptest.As(f.ann), apptest.As(f.bob), apptest.AsAdmin(f.root)
		tk := f.create(f.ann, "client-0001", "Refund")
		tid := idOf(t, tk.Ticket.ID)
		f.sessions.Take()

		// Another member sees nothing of it.
		for name, data := range map[string]any{
			"ticket.thread": map[string]any{"ticketId": tk.Ticket.ID},
			"ticket.reply":  map[string]any{"ticketId": tk.Ticket.ID, "content": "hi", "clientId": "client-bob-1"},
			"ticket.close":  map[string]any{"ticketId": tk.Ticket.ID},
		} {
			_, err := f.call(bob, name, data)
			apptest.RequireKey(t, err, "ticket.error.notFound")
		}
		_, err := f.call(ann, "ticket.thread", map[string]any{"ticketId": "404"})
		apptest.RequireKey(t, err, "ticket.error.notFound")

		// A staff answer: answered, the owner told and notified.
		f.clock.Add(time.Minute)
		r, err := f.s.Reply(root, ReplyInput{TicketID: tid, Content: "We are on it", ClientID: "client-root-1"})
		require.NoError(t, err)
		assert.True(t, r.Message.Staff)
		assert.Equal(t, "answered", r.Ticket.Status)
		assert.Equal(t, "We are on it", r.Ticket.LastMessage)
		got := f.sessions.Take()
		require.Len(t, got, 3)
		for _, d := range got {
			assert.Equal(t, EventTicket, d.Action)
			var ev TicketEvent
			require.NoError(t, json.Unmarshal([]byte(d.Data), &ev))
			assert.Equal(t, "We are on it", ev.Message.Content)
			if d.UserID == f.ann {
				assert.True(t, ev.Ticket.Unread, "the owner has an unread answer")
			}
		}
		notes, err := db.Notifications().List(ctx, f.ann, 0, 0, 10)
		require.NoError(t, err)
		require.Len(t, notes, 1)
		assert.Equal(t, TypeTicket, notes[0].Type)
		assert.Equal(t, "Refund", notes[0].Title)
		_, err = f.s.Reply(root, ReplyInput{TicketID: tid, Content: "We are on it", ClientID: "client-root-1"})
		require.NoError(t, err, "a retry")
		assert.Empty(t, f.sessions.Take())
		notes, _ = db.Notifications().List(ctx, f.ann, 0, 0, 10)
		assert.Len(t, notes, 1, "notified once")

		list, err := f.s.List(ann, ListInput{})
		require.NoError(t, err)
		require.Len(t, list.Tickets.Edges, 1)
		assert.True(t, list.Tickets.Edges[0].Node.Unread)

		// The owner reads the thread, oldest first.
		f.clock.Add(time.Minute)
		th, err := f.s.Thread(ann, ThreadInput{TicketID: tid})
		require.NoError(t, err)
		require.Len(t, th.Messages.Edges, 2)
		assert.Equal(t, "Where is it?", th.Messages.Edges[0].Node.Content)
		assert.Equal(t, "root", th.Messages.Edges[1].Node.Author.Name)
		assert.False(t, th.Ticket.Unread)
		list, _ = f.s.List(ann, ListInput{})
		assert.False(t, list.Tickets.Edges[0].Node.Unread, "read")

		// The owner's reply opens it again; an admin sees it waiting.
		r, err = f.s.Reply(ann, ReplyInput{TicketID: tid, Content: "Thanks", Attachments: []string{f.annPic},
			ClientID: "client-0002"})
		require.NoError(t, err)
		assert.Equal(t, "open", r.Ticket.Status)
		assert.False(t, r.Message.Staff)
		f.sessions.Take()
		_, err = f.s.Reply(ann, ReplyInput{TicketID: tid, Content: "x", Attachments: []string{f.bobPic}, ClientID: "client-0003"})
		apptest.RequireKey(t, err, "ticket.error.attachment")
		all, err := f.s.List(root, ListInput{Scope: "all"})
		require.NoError(t, err)
		require.Len(t, all.Tickets.Edges, 1)
		assert.True(t, all.Tickets.Edges[0].Node.Unread, "waits for staff")
		_, err = f.call(ann, "ticket.list", map[string]any{"scope": "all"})
		apptest.RequireKey(t, err, "ticket.error.forbidden")
		_, err = f.call(ann, "ticket.list", map[string]any{"status": "lost"})
		apptest.RequireKey(t, err, "common.error.badField")
		mine, err := f.s.List(root, ListInput{})
		require.NoError(t, err)
		assert.Empty(t, mine.Tickets.Edges, "the admin's own")
		th, err = f.s.Thread(root, ThreadInput{TicketID: tid})
		require.NoError(t, err, "an admin reads any")
		assert.Len(t, th.Messages.Edges, 3)

		// Paging a thread.
		for i := range threadPage {
			_, err := f.s.Reply(ann, ReplyInput{TicketID: tid, Content: "more " + strconv.Itoa(i),
				ClientID: "client-page-" + strconv.Itoa(i)})
			require.NoError(t, err)
		}
		th, err = f.s.Thread(ann, ThreadInput{TicketID: tid})
		require.NoError(t, err)
		assert.Len(t, th.Messages.Edges, threadPage)
		assert.True(t, th.Messages.PageInfo.HasNextPage)
		th2, err := f.s.Thread(ann, ThreadInput{TicketID: tid, After: th.Messages.PageInfo.EndCursor})
		require.NoError(t, err)
		assert.Len(t, th2.Messages.Edges, 3)
		assert.False(t, th2.Messages.PageInfo.HasNextPage)
		f.sessions.Take()

		// Closing: by the owner or staff, once; a closed ticket takes no reply.
		c, err := f.s.Close(root, CloseInput{TicketID: tid})
		require.NoError(t, err)
		assert.Equal(t, "closed", c.Ticket.Status)
		got = f.sessions.Take()
		require.Len(t, got, 3)
		var ev TicketEvent
		require.NoError(t, json.Unmarshal([]byte(got[0].Data), &ev))
		assert.Nil(t, ev.Message)
		_, err = f.s.Close(ann, CloseInput{TicketID: tid})
		require.NoError(t, err)
		assert.Empty(t, f.sessions.Take(), "closed already")
		_, err = f.s.Reply(ann, ReplyInput{TicketID: tid, Content: "again", ClientID: "client-late"})
		apptest.RequireKey(t, err, "ticket.error.closed")

		annUser, err := db.Users().Get(ctx, f.ann)
		require.NoError(t, err)
		open, err := support.OpenTickets(ctx, db, annUser)
		require.NoError(t, err)
		assert.Empty(t, open)
		f.create(f.ann, "client-next", "Next")
		open, err = support.OpenTickets(ctx, db, annUser)
		require.NoError(t, err)
		require.Len(t, open, 1)
		assert.Equal(t, "Next", open[0].Subject)
		assert.Equal(t, "ann", open[0].Author.Name)
	})
}
