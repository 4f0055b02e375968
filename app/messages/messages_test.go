package messages

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"souk/app/internal/apptest"
	"souk/app/member"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/notify"
	"souk/persistence"
)

func newService(t *testing.T, db *persistence.DB) (*Service, *apptest.Sessions) {
	sessions := &apptest.Sessions{}
	return New(Config{DB: db, Notify: notify.New(notify.Config{DB: db, Sessions: sessions})}), sessions
}

func TestSendMessage(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s, sessions := newService(t, db)
		ann, bob, cid := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob"), apptest.Member(t, db, "cid")

		tests := []struct {
			name string
			from int64
			can  bool
			in   SendMessageInput
			key  string
		}{
			{"no capability", ann, false, SendMessageInput{ToID: action.ID(bob), Content: "hi"}, "message.error.noAccess"},
			{"no recipient", ann, true, SendMessageInput{Content: "hi"}, "message.error.recipientRequired"},
			{"to yourself", ann, true, SendMessageInput{ToID: action.ID(ann), Content: "hi"}, "message.error.self"},
			{"unknown recipient", ann, true, SendMessageInput{ToID: 99999, Content: "hi"}, "common.error.userNotFound"},
			{"empty", ann, true, SendMessageInput{ToID: action.ID(bob), Content: "  \n "}, "message.error.empty"},
			{"only control characters", ann, true, SendMessageInput{ToID: action.ID(bob), Content: "\x00\u0007\r\n\x7f"}, "message.error.empty"},
			{"too long", ann, true, SendMessageInput{ToID: action.ID(bob), Content: strings.Repeat("字", MaxContentRunes+1)}, "message.error.tooLong"},
			{"an unknown image", ann, true, SendMessageInput{ToID: action.ID(bob), Content: "hi", Image: "123"}, "messages.error.image"},
			{"an image id that is not one", ann, true, SendMessageInput{ToID: action.ID(bob), Image: "x1"}, "messages.error.image"},
		}
		for _, tt := range tests {
			ctx := apptest.As(tt.from)
			if tt.can {
				ctx = apptest.As(tt.from, Capability)
			}
			require.NoError(t, tt.in.Validate())
			_, err := s.SendMessage(ctx, tt.in)
			apptest.RequireKey(t, err, tt.key)
		}
		require.Error(t, (&SendMessageInput{ClientID: strings.Repeat("x", 65)}).Validate())

		require.NoError(t, db.Blocks().Block(t.Context(), bob, cid))
		_, err := s.SendMessage(apptest.As(cid, Capability), SendMessageInput{ToID: action.ID(bob), Content: "hi"})
		apptest.RequireKey(t, err, "message.error.blocked")
		_, err = s.SendMessage(apptest.As(bob, Capability), SendMessageInput{ToID: action.ID(cid), Content: "hi"})
		apptest.RequireKey(t, err, "message.error.blocked")
		assertNothingStored(t, db, ann, bob, cid)
		assert.Empty(t, sessions.Take(), "refusals push nothing")

		in := SendMessageInput{ToIDAlt: action.ID(bob), Content: "<b>hi</b>\r\nthere &lt;img src=x onerror=alert(1)&gt; & a < b\x00", ClientID: "c1"}
		require.NoError(t, in.Validate())
		out, err := s.SendMessage(apptest.As(ann, Capability), in)
		require.NoError(t, err)
		m := out.GqSendMessage.Message
		assert.Equal(t, "<b>hi</b>\nthere &lt;img src=x onerror=alert(1)&gt; & a < b", m.Content,
			"stored as typed, with line breaks: markup is not removed and entities are not decoded")
		assert.Equal(t, "ann", m.From.GqSlug)
		assert.Equal(t, "bob", m.To.GqSlug)
		assert.False(t, m.Read)
		assert.Nil(t, m.Image)
		pushed := sessions.Take()
		require.Len(t, pushed, 2, "to the recipient and to the sender's other sessions")
		users := map[int64]apptest.Delivery{pushed[0].UserID: pushed[0], pushed[1].UserID: pushed[1]}
		var toBob struct {
			Seq          int64                     `json:"seq"`
			Message      PrivateMessage            `json:"message"`
			Unread       member.Unread             `json:"unread"`
			Conversation member.ConversationUnread `json:"conversation"`
		}
		require.NoError(t, json.Unmarshal([]byte(users[bob].Data), &toBob))
		assert.Equal(t, EventMessage, users[bob].Action)
		assert.Equal(t, int64(1), toBob.Seq)
		assert.Equal(t, m, toBob.Message)
		assert.Equal(t, 1, toBob.Unread.Messages)
		assert.Equal(t, member.ConversationUnread{UserID: member.FormatID(ann), Unread: 1}, toBob.Conversation)
		assert.Contains(t, users[ann].Data, `"unread":{"messages":0,"notifications":0}`)

		again, err := s.SendMessage(apptest.As(ann, Capability), SendMessageInput{ToID: action.ID(bob), Content: "changed", ClientID: "c1"})
		require.NoError(t, err)
		assert.Equal(t, m, again.GqSendMessage.Message, "a retry returns the first message")
		assert.Empty(t, sessions.Take(), "and sends nothing")
		conv, err := db.Messages().Conversation(t.Context(), ann, bob, 0, 10)
		require.NoError(t, err)
		assert.Len(t, conv, 1)

		admin := action.WithRequest(t.Context(), &action.Request{Viewer: action.Viewer{UserID: cid, IsAdmin: true}})
		_, err = s.SendMessage(admin, SendMessageInput{ToID: action.ID(ann), Content: "from an admin"})
		require.NoError(t, err, "admins hold every capability")
	})
}

// TestSendingIsRateLimited: a member sends sendBurst messages at once, then
// one every sendEvery; a refused send says when to try again and stores
// nothing; each member has their own allowance.
func TestSendingIsRateLimited(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s, _ := newService(t, db)
		now := time.Unix(1_800_000_000, 0)
		s.now = func() time.Time { return now }
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
		send := func(from, to int64, n int) error {
			_, err := s.SendMessage(apptest.As(from, Capability), SendMessageInput{ToID: action.ID(to), Content: fmt.Sprint("message ", n)})
			return err
		}
		for i := range sendBurst {
			require.NoError(t, send(ann, bob, i))
		}
		err := send(ann, bob, sendBurst)
		apptest.RequireKey(t, err, "message.error.throttled")
		var refused *action.Error
		require.ErrorAs(t, err, &refused)
		assert.Equal(t, http.StatusTooManyRequests, refused.Status)
		assert.Equal(t, map[string]any{"seconds": 1}, refused.Args, "a token comes back within sendEvery")
		require.NoError(t, send(bob, ann, 0), "the limit is the sender's")

		now = now.Add(sendEvery)
		require.NoError(t, send(ann, bob, sendBurst+1))
		apptest.RequireKey(t, send(ann, bob, sendBurst+2), "message.error.throttled")
		conv, err := db.Messages().Conversation(t.Context(), bob, ann, 0, 100)
		require.NoError(t, err)
		assert.Len(t, conv, sendBurst+2, "the refused sends stored nothing")
	})
}

func assertNothingStored(t *testing.T, db *persistence.DB, ids ...int64) {
	t.Helper()
	for _, id := range ids {
		recents, err := db.Messages().Recents(t.Context(), id, 0, 10)
		require.NoError(t, err)
		assert.Empty(t, recents)
		seq, err := db.Inbox().LastSeq(t.Context(), id)
		require.NoError(t, err)
		assert.Zero(t, seq)
	}
}

func TestConversationsReadAndDelete(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s, sessions := newService(t, db)
		ann, bob, cid := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob"), apptest.Member(t, db, "cid")
		send := func(from, to int64, text string) PrivateMessage {
			out, err := s.SendMessage(apptest.As(from, Capability), SendMessageInput{ToID: action.ID(to), Content: text})
			require.NoError(t, err)
			return out.GqSendMessage.Message
		}
		for i := range 3 {
			send(ann, bob, fmt.Sprint("a", i))
		}
		last := send(cid, bob, "from cid")
		sessions.Take()

		recents, err := s.GetPrivateMessageUsers(apptest.As(bob), GetPrivateMessageUsersInput{UserID: action.ID(bob), Type: RecentsType, First: 1})
		require.NoError(t, err)
		page := recents.PrivateMessageUsers
		require.Len(t, page.Edges, 1)
		assert.Equal(t, "cid", page.Edges[0].Node.User.GqSlug, "the most recent conversation first")
		assert.Equal(t, last, page.Edges[0].Node.LastMessage)
		assert.Equal(t, 1, page.Edges[0].Node.Unread)
		assert.True(t, page.PageInfo.HasNextPage)
		assert.Equal(t, 4, recents.Unread.Messages)
		assert.Equal(t, int64(4), recents.InboxSeq)
		more, err := s.GetPrivateMessageUsers(apptest.As(bob), GetPrivateMessageUsersInput{After: page.PageInfo.EndCursor})
		require.NoError(t, err)
		require.Len(t, more.PrivateMessageUsers.Edges, 1)
		assert.Equal(t, 3, more.PrivateMessageUsers.Edges[0].Node.Unread)
		assert.False(t, more.PrivateMessageUsers.PageInfo.HasNextPage)
		_, err = s.GetPrivateMessageUsers(apptest.As(cid), GetPrivateMessageUsersInput{UserID: action.ID(bob)})
		require.ErrorIs(t, err, action.ErrForbidden, "nobody reads another's recents")
		_, err = s.GetPrivateMessageUsers(apptest.As(bob), GetPrivateMessageUsersInput{Type: "FOLLOW"})
		require.ErrorIs(t, err, ErrBadType)
		_, err = s.GetPrivateMessageUsers(apptest.As(bob), GetPrivateMessageUsersInput{After: "-"})
		require.ErrorIs(t, err, ErrBadCursor)

		conv, err := s.GetPrivateMessage(apptest.As(bob), GetPrivateMessageInput{ToID: action.ID(ann), First: 2})
		require.NoError(t, err)
		edges := conv.PrivateMessages.Edges
		require.Len(t, edges, 2)
		assert.Equal(t, []string{"a2", "a1"}, []string{edges[0].Node.Content, edges[1].Node.Content}, "newest first")
		assert.Equal(t, 3, conv.Conversation.Unread)
		assert.Equal(t, "ann", conv.User.GqSlug)
		older, err := s.GetPrivateMessage(apptest.As(bob), GetPrivateMessageInput{ToID: action.ID(ann), After: conv.PrivateMessages.PageInfo.EndCursor})
		require.NoError(t, err)
		require.Len(t, older.PrivateMessages.Edges, 1)
		assert.False(t, older.PrivateMessages.PageInfo.HasNextPage)
		assert.Empty(t, sessions.Take(), "reading pages pushes nothing")
		theirs, err := s.GetPrivateMessage(apptest.As(cid), GetPrivateMessageInput{ToID: action.ID(ann)})
		require.NoError(t, err)
		assert.Empty(t, theirs.PrivateMessages.Edges, "a guessed peer shows only the viewer's own conversation")
		_, err = s.GetPrivateMessage(apptest.As(bob), GetPrivateMessageInput{ToID: 4242})
		apptest.RequireKey(t, err, "common.error.userNotFound")
		_, err = s.GetPrivateMessage(apptest.As(bob), GetPrivateMessageInput{})
		apptest.RequireKey(t, err, "message.error.recipientRequired")

		opened, err := s.GetPrivateMessage(apptest.As(bob), GetPrivateMessageInput{ToID: action.ID(ann), MarkRead: true})
		require.NoError(t, err)
		assert.Zero(t, opened.Conversation.Unread)
		assert.Equal(t, 1, opened.Unread.Messages)
		assert.True(t, opened.PrivateMessages.Edges[0].Node.Read)
		pushed := sessions.Take()
		require.Len(t, pushed, 1)
		assert.Equal(t, bob, pushed[0].UserID)
		assert.JSONEq(t, fmt.Sprintf(`{"seq":5,"unread":{"messages":1,"notifications":0},"conversation":{"userId":"%d","unread":0}}`, ann), pushed[0].Data)
		read, err := s.ReadPrivateMessages(apptest.As(bob), ReadPrivateMessagesInput{ToID: action.ID(ann)})
		require.NoError(t, err)
		assert.Zero(t, read.GqReadPrivateMessages.Read)
		assert.Empty(t, sessions.Take(), "nothing new read, nothing pushed")
		read, err = s.ReadPrivateMessages(apptest.As(bob), ReadPrivateMessagesInput{ToID: action.ID(cid)})
		require.NoError(t, err)
		assert.Equal(t, 1, read.GqReadPrivateMessages.Read)
		assert.Zero(t, read.GqReadPrivateMessages.Unread.Messages)
		sessions.Take()
		_, err = s.ReadPrivateMessages(apptest.As(bob), ReadPrivateMessagesInput{ToID: 4242})
		apptest.RequireKey(t, err, "common.error.userNotFound")

		id, _ := member.ParseCursor(last.ID)
		_, err = s.DeletePrivateMessage(apptest.As(bob), DeletePrivateMessageInput{ID: action.ID(id)})
		apptest.RequireKey(t, err, "message.error.forbidden")
		_, err = s.DeletePrivateMessage(apptest.As(ann), DeletePrivateMessageInput{ID: action.ID(id)})
		apptest.RequireKey(t, err, "message.error.notFound")
		_, err = s.DeletePrivateMessage(apptest.As(cid), DeletePrivateMessageInput{ID: action.ID(id), ToID: action.ID(ann)})
		apptest.RequireKey(t, err, "message.error.notFound")
		_, err = s.DeletePrivateMessage(apptest.As(cid), DeletePrivateMessageInput{ID: 77})
		apptest.RequireKey(t, err, "message.error.notFound")
		_, err = s.DeletePrivateMessage(apptest.As(cid), DeletePrivateMessageInput{})
		apptest.RequireKey(t, err, "common.error.required")
		assert.Empty(t, sessions.Take())

		deleted, err := s.DeletePrivateMessage(apptest.As(cid), DeletePrivateMessageInput{ID: action.ID(id), ToID: action.ID(bob)})
		require.NoError(t, err)
		assert.Equal(t, last.ID, deleted.GqDeletePrivateMessage.ID)
		pushed = sessions.Take()
		require.Len(t, pushed, 2, "both parties hear of the deletion")
		assert.Equal(t, EventDelete, pushed[0].Action)
		assert.Contains(t, pushed[0].Data, `"id":"`+last.ID+`"`)
		_, err = s.DeletePrivateMessage(apptest.As(cid), DeletePrivateMessageInput{ID: action.ID(id)})
		require.NoError(t, err, "deleting twice is harmless")
		assert.Empty(t, sessions.Take())
		_, err = s.DeletePrivateMessage(apptest.As(bob), DeletePrivateMessageInput{ID: action.ID(id)})
		apptest.RequireKey(t, err, "message.error.notFound")
		recents, err = s.GetPrivateMessageUsers(apptest.As(bob), GetPrivateMessageUsersInput{})
		require.NoError(t, err)
		assert.Len(t, recents.PrivateMessageUsers.Edges, 1, "a conversation without standing messages leaves the list")
	})
}

func TestBlockUser(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s, _ := newService(t, db)
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
		_, err := s.BlockUser(apptest.As(ann), BlockUserInput{UserID: action.ID(ann), Block: true})
		apptest.RequireKey(t, err, "message.error.blockSelf")
		_, err = s.BlockUser(apptest.As(ann), BlockUserInput{UserID: 4242, Block: true})
		apptest.RequireKey(t, err, "common.error.userNotFound")
		_, err = s.BlockUser(apptest.As(ann), BlockUserInput{Block: true})
		apptest.RequireKey(t, err, "common.error.required")

		out, err := s.BlockUser(apptest.As(ann), BlockUserInput{UserID: action.ID(bob), Block: true})
		require.NoError(t, err)
		assert.True(t, out.GqBlockUser.Blocked)
		_, err = s.SendMessage(apptest.As(bob, Capability), SendMessageInput{ToID: action.ID(ann), Content: "hi"})
		apptest.RequireKey(t, err, "message.error.blocked")
		out, err = s.BlockUser(apptest.As(ann), BlockUserInput{UserID: action.ID(bob)})
		require.NoError(t, err)
		assert.False(t, out.GqBlockUser.Blocked)
		_, err = s.SendMessage(apptest.As(bob, Capability), SendMessageInput{ToID: action.ID(ann), Content: "hi"})
		require.NoError(t, err)
	})
}

func TestRegisteredActions(t *testing.T) {
	t.Parallel()
	reg := action.NewRegistry()
	New(Config{}).Register(reg)
	for _, name := range []string{"mutates.sendMessage", "utils.getPrivateMessage", "utils.getPrivateMessageUsers",
		"mutates.readPrivateMessages", "mutates.deletePrivateMessage", "mutates.blockUser"} {
		require.True(t, reg.Has(name), name)
		_, err := reg.Call(t.Context(), name, nil)
		require.ErrorIs(t, err, action.ErrUnauthorized, "%s is for members", name)
	}
}
