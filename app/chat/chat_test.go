package chat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/app/internal/signed"
	"souk/cluster"
	"souk/persistence"
)

func newService(t *testing.T) (*Service, *persistence.DB) {
	t.Helper()
	s, db, _ := newServiceSystem(t)
	return s, db
}

// newServiceSystem also returns the node's actor system.
func newServiceSystem(t *testing.T) (*Service, *persistence.DB, *actors.System) {
	t.Helper()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir(), Node: 1})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(t.Context()))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sys, err := actors.Start(ctx, cluster.Config{NodeName: "chat-test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, db)
	require.NoError(t, err)
	t.Cleanup(func() { _ = sys.Stop(context.Background()) })
	require.NoError(t, db.Levels().Upsert(t.Context(), persistence.Level{Kind: persistence.LevelKindGrowth, Key: "lv2", Rank: 2,
		Names: map[string]string{"en": "Level 2"}, Roles: persistence.LevelRoles{UserCan: []string{"chat"}}}))
	return New(Config{DB: db, Rooms: sys.Rooms(), Secret: []byte("0123456789abcdef0123456789abcdef")}), db, sys
}

// TestUnknownRoomsAreRefused: a room must exist before it is watched,
// joined or written to; naming one the site has not created is refused
// with a not-found error before any grain is activated.
func TestUnknownRoomsAreRefused(t *testing.T) {
	s, db, sys := newServiceSystem(t)
	ann := persistence.User{Name: "Ann", Slug: "ann", LevelKey: "lv2"}
	require.NoError(t, db.Users().Create(t.Context(), &ann))
	ctx := as(ann.ID, "chat")
	calls := map[string]func(room string) error{
		"show_room": func(room string) error { _, err := s.ShowRoom(ctx, ShowRoomInput{Room: room}); return err },
		"join_room": func(room string) error { _, err := s.JoinRoom(ctx, JoinRoomInput{Room: room}); return err },
		"utils.chat": func(room string) error {
			_, err := s.SendChat(ctx, SendChatInput{Room: room, Text: "hi"})
			return err
		},
		"chat_room": func(room string) error {
			_, err := s.ChatRoom(ctx, ChatRoomInput{Room: room, Message: "hi"})
			return err
		},
		"utils.getChatMessages": func(room string) error {
			_, err := s.GetMessages(ctx, GetMessagesInput{Room: room})
			return err
		},
	}
	for name, call := range calls {
		for i := range 20 {
			err := call(fmt.Sprintf("made-up-%d", i))
			require.ErrorIs(t, err, ErrRoomNotFound, name)
		}
	}
	assert.Zero(t, sys.RoomActivations(), "no grain was started for a made-up room")

	_, err := s.ShowRoom(ctx, ShowRoomInput{})
	require.NoError(t, err, "the default room always exists")
	require.NoError(t, s.CreateRoom(t.Context(), "lobby"))
	_, err = s.JoinRoom(ctx, JoinRoomInput{Room: "lobby"})
	require.NoError(t, err, "a room the site created")
	require.ErrorIs(t, s.CreateRoom(t.Context(), "no room!"), ErrBadRoom)
}

func as(userID int64, can ...string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en", Viewer: action.Viewer{UserID: userID, UserCan: can}})
}

func TestChatActions(t *testing.T) {
	s, db := newService(t)
	ann := persistence.User{Name: "Ann", Slug: "ann", LevelKey: "lv2"}
	bob := persistence.User{Name: "Bob", Slug: "bob", LevelKey: "lv1"}
	require.NoError(t, db.Users().Create(t.Context(), &ann))
	require.NoError(t, db.Users().Create(t.Context(), &bob))

	_, err := s.SendChat(as(bob.ID), SendChatInput{Text: "hi"})
	var e *action.Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, http.StatusForbidden, e.Status)
	assert.Equal(t, "chat.error.noAccess", e.Key)
	assert.Equal(t, "Level 2", fmt.Sprint(e.Args["levels"]), "the refusal names the levels that allow chat")

	_, err = s.SendChat(as(ann.ID, "chat"), SendChatInput{Text: " \x00\u0007\r\n "})
	require.ErrorIs(t, err, ErrEmpty, "control characters are dropped before the empty check")
	sent, err := s.SendChat(as(ann.ID, "chat"), SendChatInput{Text: " <b>hello</b>\r\n&lt;i&gt;\x00 ", ClientID: "c1"})
	require.NoError(t, err)
	msg := sent.Guaqi.Utils.SendChat
	assert.Equal(t, "<b>hello</b>\n&lt;i&gt;", msg.Message, "stored as typed: markup kept as text, entities not decoded")
	assert.Equal(t, "ann", msg.User.GqSlug)
	assert.Equal(t, int64(1), msg.Seq)
	_, err = s.SendChat(as(ann.ID, "chat"), SendChatInput{Text: "again", ClientID: "c2"})
	require.True(t, errors.As(err, &e))
	assert.Equal(t, http.StatusTooManyRequests, e.Status)
	assert.Equal(t, 2, e.Args["seconds"])

	page, err := s.GetMessages(context.Background(), GetMessagesInput{})
	require.NoError(t, err, "guests read the history")
	got := page.Guaqi.Utils.GetChatMessages
	require.Len(t, got.Edges, 1)
	assert.Equal(t, "1", got.PageInfo.StartCursor)
	assert.False(t, got.PageInfo.HasNextPage)
	_, err = s.GetMessages(context.Background(), GetMessagesInput{Before: "x"})
	require.ErrorIs(t, err, ErrBadCursor)

	_, err = s.ChatDelete(as(bob.ID), ChatDeleteInput{ID: msg.ID})
	require.True(t, errors.As(err, &e))
	assert.Equal(t, "chat.error.forbidden", e.Key)
	deletion, err := s.ChatDelete(as(ann.ID), ChatDeleteInput{ID: msg.ID})
	require.NoError(t, err)
	assert.Equal(t, "chat", deletion.Room)
	id := ann.ID
	msgID, err := strconv.ParseInt(msg.ID, 10, 64)
	require.NoError(t, err)
	now := time.Now()
	assert.True(t, verifyDelete(s.deleteKey, id, msgID, deletion.Signature, deletion.Timestamp, now))
	assert.False(t, verifyDelete(s.deleteKey, bob.ID, msgID, deletion.Signature, deletion.Timestamp, now), "bound to the member")
	assert.False(t, verifyDelete(s.deleteKey, id, msgID+1, deletion.Signature, deletion.Timestamp, now), "bound to the message")
	assert.False(t, verifyDelete(s.deleteKey, id, msgID, deletion.Signature, deletion.Timestamp, now.Add(DeleteSignatureMaxAge+time.Second)), "expires")
	_, err = s.ChatDelete(as(ann.ID), ChatDeleteInput{ID: "999"})
	require.True(t, errors.As(err, &e))
	assert.Equal(t, http.StatusNotFound, e.Status)
}

// TestDeleteSignature: the signature utils.chatDelete hands out lets only
// that member delete that message with delete_chat, for
// DeleteSignatureMaxAge, on any node sharing the secret.
func TestDeleteSignature(t *testing.T) {
	t.Parallel()
	secret := []byte("0123456789abcdef0123456789abcdef")
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s := New(Config{Secret: secret, Now: clock})
	sig, ts := DeleteSignature(secret, 7, 99, now)
	assert.Equal(t, "1800000000", ts)
	again, _ := signDelete(s.deleteKey, 7, 99, now)
	assert.Equal(t, sig, again, "the node's key and the secret's sign alike")

	cases := []struct {
		name       string
		key        signed.Key
		userID, id int64
		sig, stamp string
		at         time.Time
		ok         bool
	}{
		{"the member and the message", s.deleteKey, 7, 99, sig, ts, now, true},
		{"at the last moment", s.deleteKey, 7, 99, sig, ts, now.Add(DeleteSignatureMaxAge), true},
		{"another member", s.deleteKey, 8, 99, sig, ts, now, false},
		{"another message", s.deleteKey, 7, 98, sig, ts, now, false},
		{"member and message swapped", s.deleteKey, 99, 7, sig, ts, now, false},
		{"expired", s.deleteKey, 7, 99, sig, ts, now.Add(DeleteSignatureMaxAge + time.Second), false},
		{"a moved timestamp", s.deleteKey, 7, 99, sig, "1800000001", now, false},
		{"another secret", signed.NewKey([]byte("another-secret-another-secret-ano"), deleteKeyLabel), 7, 99, sig, ts, now, false},
		{"another purpose", signed.NewKey(secret, "souk socket token"), 7, 99, sig, ts, now, false},
		{"no signature", s.deleteKey, 7, 99, "", ts, now, false},
	}
	for _, c := range cases {
		assert.Equal(t, c.ok, verifyDelete(c.key, c.userID, c.id, c.sig, c.stamp, c.at), c.name)
	}

	// delete_chat refuses before it reads anything: this service has no
	// database and no rooms.
	refused := func(userID, id int64) bool {
		_, err := s.DeleteChat(as(userID), DeleteChatInput{ID: action.ID(id), Room: "chat", Signature: sig, Timestamp: ts})
		return errors.Is(err, ErrBadSignature)
	}
	assert.True(t, refused(8, 99), "another member's delete_chat")
	assert.True(t, refused(7, 98), "another message")
	mu.Lock()
	now = now.Add(DeleteSignatureMaxAge + time.Second)
	mu.Unlock()
	assert.True(t, refused(7, 99), "expired")
}

// TestMemberSendLimitAcrossRooms: the send limit holds a member across
// rooms, not only within one (each room's grain has its own):
// DefaultMemberLimit messages within a SendInterval. A resend of a stored
// message is still answered with it.
func TestMemberSendLimitAcrossRooms(t *testing.T) {
	_, db, sys := newServiceSystem(t)
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s := New(Config{DB: db, Rooms: sys.Rooms(), Secret: []byte("0123456789abcdef0123456789abcdef"), Now: clock})
	ann := persistence.User{Name: "Ann", Slug: "ann", LevelKey: "lv2"}
	bob := persistence.User{Name: "Bob", Slug: "bob", LevelKey: "lv2"}
	require.NoError(t, db.Users().Create(t.Context(), &ann))
	require.NoError(t, db.Users().Create(t.Context(), &bob))
	for i := range 10 {
		require.NoError(t, s.CreateRoom(t.Context(), fmt.Sprintf("room-%d", i)))
	}
	send := func(userID int64, room int, clientID string) (ChatAck, error) {
		return s.ChatRoom(as(userID, "chat"), ChatRoomInput{Room: fmt.Sprintf("room-%d", room), Message: "hi", ClientID: clientID})
	}

	var first ChatAck
	for i := range DefaultMemberLimit {
		ack, err := send(ann.ID, i, fmt.Sprint("a", i))
		require.NoError(t, err, "message %d of the burst", i)
		if i == 0 {
			first = ack
		}
	}
	_, err := send(ann.ID, DefaultMemberLimit, "over")
	var e *action.Error
	require.ErrorAs(t, err, &e, "a new room does not lift the member's limit")
	assert.Equal(t, http.StatusTooManyRequests, e.Status)
	assert.Equal(t, "chat.error.throttled", e.Key)
	assert.Equal(t, int64(math.Ceil(float64(actors.SendInterval/DefaultMemberLimit)/float64(time.Millisecond))), e.Args["retryAfterMs"])
	again, err := send(ann.ID, 0, "a0")
	require.NoError(t, err, "a resend of a stored message is answered with it")
	assert.Equal(t, first.ID, again.ID)
	_, err = send(bob.ID, 9, "b0")
	require.NoError(t, err, "another member has a limit of their own")

	mu.Lock()
	now = now.Add(actors.SendInterval/DefaultMemberLimit + time.Millisecond)
	mu.Unlock()
	_, err = send(ann.ID, DefaultMemberLimit, "after")
	require.NoError(t, err, "one more after SendInterval/DefaultMemberLimit")
	_, err = send(ann.ID, DefaultMemberLimit+1, "after-2")
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "chat.error.throttled", e.Key)
}
