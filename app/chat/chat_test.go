package chat

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/cluster"
	"souk/persistence"
)

func newService(t *testing.T) (*Service, *persistence.DB) {
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
	return New(Config{DB: db, Rooms: sys.Rooms(), Secret: []byte("0123456789abcdef0123456789abcdef")}), db
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
	assert.Equal(t, "Level 2", e.Args["levels"], "the refusal names the levels that allow chat")

	sent, err := s.SendChat(as(ann.ID, "chat"), SendChatInput{Text: "hello", ClientID: "c1"})
	require.NoError(t, err)
	msg := sent.Guaqi.Utils.SendChat
	assert.Equal(t, "hello", msg.Message)
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
	signed, err := s.ChatDelete(as(ann.ID), ChatDeleteInput{ID: msg.ID})
	require.NoError(t, err)
	assert.Equal(t, "chat", signed.Room)
	id := ann.ID
	msgID, err := strconv.ParseInt(msg.ID, 10, 64)
	require.NoError(t, err)
	now := time.Now()
	assert.True(t, VerifyDeleteSignature(s.secret, id, msgID, signed.Signature, signed.Timestamp, now))
	assert.False(t, VerifyDeleteSignature(s.secret, bob.ID, msgID, signed.Signature, signed.Timestamp, now), "bound to the member")
	assert.False(t, VerifyDeleteSignature(s.secret, id, msgID+1, signed.Signature, signed.Timestamp, now), "bound to the message")
	assert.False(t, VerifyDeleteSignature(s.secret, id, msgID, signed.Signature, signed.Timestamp, now.Add(DeleteSignatureMaxAge+time.Second)), "expires")
	_, err = s.ChatDelete(as(ann.ID), ChatDeleteInput{ID: "999"})
	require.True(t, errors.As(err, &e))
	assert.Equal(t, http.StatusNotFound, e.Status)
}
