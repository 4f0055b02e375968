package report_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/messages"
	"souk/app/notify"
	"souk/app/report"
	"souk/internal/authtest"
	"souk/persistence"
)

// resolve runs admin.resolveReport as root.
func (f *fixture) resolve(id, act, note string) (report.Report, error) {
	out, err := f.call(as(f.root), "admin.resolveReport", map[string]any{"id": id, "action": act, "note": note})
	if err != nil {
		return report.Report{}, err
	}
	return out.(report.ResolveReportReply).Report, nil
}

// reportOf is ann's report of a thing of postType.
func (f *fixture) reportOf(t *testing.T, postType, postID, reason string) string {
	t.Helper()
	out, err := create(f, as(f.ann), report.CreateReportInput{Type: reason, Content: "please look", PostType: postType,
		PostID: action.ID(mustID(t, postID))})
	require.NoError(t, err)
	f.inbox.Take()
	f.live.Take()
	return out.GqCreateReport.ID
}

// requireLeftQueue checks that every admin's queue was told the report
// was resolved.
func requireLeftQueue(t *testing.T, f *fixture, id, resolution string) {
	t.Helper()
	queue := deliveries(f.live, report.EventQueue)
	require.Len(t, queue, 2)
	for _, d := range queue {
		var ev report.QueueEvent
		require.NoError(t, json.Unmarshal([]byte(d.Data), &ev))
		assert.Equal(t, report.QueueResolved, ev.Op)
		assert.Equal(t, id, ev.Report.ID)
		assert.Equal(t, resolution, ev.Report.Resolution)
	}
}

// TestResolveDeletesContent: deleteContent deletes the chat message, the
// private message and the media item through their features.
func TestResolveDeletesContent(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		ctx := t.Context()

		chatID := f.chatMessage(t, f.bob, "buy cheap followers")
		id := f.reportOf(t, "chatMessage", chatID, "Flooding")
		r, err := f.resolve(id, "deleteContent", "")
		require.NoError(t, err)
		assert.Equal(t, "resolved", r.Status)
		assert.True(t, r.Target.Deleted)
		assert.Equal(t, "buy cheap followers", r.Target.Excerpt, "the queue keeps what was reported")
		msg, err := f.db.Chat().Get(ctx, mustID(t, chatID))
		require.NoError(t, err)
		assert.NotZero(t, msg.DeletedSeq, "the chat message is deleted in its room")
		requireLeftQueue(t, f, id, "deleteContent")

		pmID := f.privateMessage(t, f.bob, f.ann, "rude words")
		id = f.reportOf(t, "privateMessage", pmID, "Abuse")
		_, err = f.resolve(id, "deleteContent", "")
		require.NoError(t, err)
		pm, err := f.db.Messages().Get(ctx, mustID(t, pmID))
		require.NoError(t, err)
		assert.NotZero(t, pm.DeletedAt, "the private message is deleted")
		deleted := deliveries(f.inbox, messages.EventDelete)
		assert.Len(t, deleted, 2, "both sides are told")
		requireLeftQueue(t, f, id, "deleteContent")

		mediaID := f.image(t, f.bob, "image")
		id = f.reportOf(t, "media", mediaID, "Harassment")
		_, err = f.resolve(id, "deleteContent", "")
		require.NoError(t, err)
		_, err = f.db.Media().Item(ctx, mustID(t, mediaID))
		require.ErrorIs(t, err, persistence.ErrNotFound, "the media item is deleted")
		requireLeftQueue(t, f, id, "deleteContent")

		id = f.reportOf(t, "user", mustString(f.bob.ID), "Harassment")
		_, err = f.resolve(id, "deleteContent", "")
		apptest.RequireKey(t, err, "report.error.noContent")
		_, err = f.resolve(id, "dismiss", "")
		require.NoError(t, err)
		_, err = f.resolve(id, "dismiss", "")
		apptest.RequireKey(t, err, "report.error.resolved")
		_, err = f.resolve(id, "ban", "")
		apptest.RequireKey(t, err, "report.error.resolved")
		banned, err := f.db.Reports().BannedAt(ctx, f.bob.ID)
		require.NoError(t, err)
		assert.Zero(t, banned, "a refused resolution bans nobody")
		_, err = f.resolve("4242", "dismiss", "")
		apptest.RequireKey(t, err, "report.error.notFound")
		_, err = f.resolve(id, "delete", "")
		apptest.RequireKey(t, err, "common.error.badField")
	})
}

func mustString(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}

// TestResolveWarnAndBan: warn notifies the author; ban ends the author's
// sessions and refuses their sign-in and their refresh.
func TestResolveWarnAndBan(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		ctx := t.Context()

		chatID := f.chatMessage(t, f.bob, "you are all idiots")
		id := f.reportOf(t, "chatMessage", chatID, "Abuse")
		r, err := f.resolve(id, "warn", "Be civil, please.")
		require.NoError(t, err)
		assert.Equal(t, "warn", r.Resolution)
		pushed := deliveries(f.inbox, notify.EventNotification)
		require.Len(t, pushed, 1, "the author is warned")
		assert.Equal(t, f.bob.ID, pushed[0].UserID)
		var note struct {
			Notification notify.Notification `json:"notification"`
		}
		require.NoError(t, json.Unmarshal([]byte(pushed[0].Data), &note))
		assert.Equal(t, "report", note.Notification.Type)
		assert.JSONEq(t, `{"title":"chatMessage","slug":"bob","desc":"Abuse","user_content":"you are all idiots","content":"Be civil, please."}`,
			string(note.Notification.Content))
		requireLeftQueue(t, f, id, "warn")
		msg, err := f.db.Chat().Get(ctx, mustID(t, chatID))
		require.NoError(t, err)
		assert.Zero(t, msg.DeletedSeq, "a warning deletes nothing")

		signedIn := f.auth.SignIn(t, "bob@souk.dev", password)
		bob := f.auth.As(t, signedIn)
		_, err = f.auth.Creds.Sessions().Authenticate(ctx, sessionOf(t, signedIn).AccessToken)
		require.NoError(t, err)

		id = f.reportOf(t, "user", mustString(f.bob.ID), "Harassment")
		r, err = f.resolve(id, "ban", "")
		require.NoError(t, err)
		assert.Equal(t, "ban", r.Resolution)
		requireLeftQueue(t, f, id, "ban")
		banned, err := f.db.Reports().BannedAt(ctx, f.bob.ID)
		require.NoError(t, err)
		assert.NotZero(t, banned)

		_, err = f.auth.Creds.Sessions().Authenticate(ctx, sessionOf(t, signedIn).AccessToken)
		require.Error(t, err, "the banned member's access token is refused")
		assert.True(t, f.auth.Creds.Sessions().Ended(sessionOf(t, signedIn).Family), "their session ended")
		_, _, err = f.auth.Call(t, bob, "auth.refresh", nil)
		authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
		_, req, err := f.auth.Call(t, authtest.NewGuest(), "auth.login",
			map[string]any{"provider": "PASSWORD", "username": "bob@souk.dev", "password": password})
		authtest.RequireKey(t, err, 403, "auth.error.banned")
		_, _, changed := req.SessionChange()
		assert.False(t, changed, "no session for a banned member")
		_, _, err = f.auth.Call(t, authtest.NewGuest(), "auth.login",
			map[string]any{"provider": "PASSWORD", "username": "bob@souk.dev", "password": "wrong-password"})
		authtest.RequireKey(t, err, 400, "common.login.error.invalidCredentials")

		id = f.reportOf(t, "user", mustString(f.root.ID), "Harassment")
		_, err = f.resolve(id, "ban", "")
		apptest.RequireKey(t, err, "report.error.noContent")
	})
}

func sessionOf(t *testing.T, req *action.Request) action.Session {
	t.Helper()
	s, _, changed := req.SessionChange()
	require.True(t, changed)
	return s
}
