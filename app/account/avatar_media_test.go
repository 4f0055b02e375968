package account_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/app/action"
	"souk/internal/authtest"
	"souk/persistence"
)

// fakeAvatars makes /api/media/<id>0/avatar.png of the caller's media id
// 7, refuses another's (8) with media.error.notYours.
type fakeAvatars struct{ calls []int64 }

var errNotYours = action.Errorf(http.StatusForbidden, "media.error.notYours")

func (f *fakeAvatars) MakeAvatar(_ context.Context, userID, mediaID int64) (string, error) {
	f.calls = append(f.calls, userID, mediaID)
	if mediaID != 7 {
		return "", errNotYours
	}
	return "/api/media/70/avatar.png", nil
}

// TestUpdateUserAvatarMedia: avatarMediaId makes the avatar through the
// media feature and stores the address it returns; its refusals pass on.
func TestUpdateUserAvatarMedia(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		avatars := &fakeAvatars{}
		accounts := account.New(account.Config{DB: f.DB, SocketTokens: f.Creds, Now: f.Clock.Now, Avatars: avatars,
			Logger: slog.New(slog.DiscardHandler)})
		reg := action.NewRegistry()
		accounts.Register(reg)
		u := f.Member(t, persistence.User{Name: "Pic", Email: "pic@souk.dev"}, "")
		call := func(data string) (map[string]any, error) {
			req := &action.Request{Lang: "en", Viewer: action.Viewer{UserID: u.ID}}
			reply, err := reg.Call(action.WithRequest(t.Context(), req), "updateUser", json.RawMessage(data))
			if err != nil {
				return nil, err
			}
			b, err := json.Marshal(reply)
			require.NoError(t, err)
			var out map[string]any
			require.NoError(t, json.Unmarshal(b, &out))
			return out, nil
		}
		out, err := call(`{"avatarMediaId": "7", "avatar": "/api/avatar?seed=x"}`)
		require.NoError(t, err)
		assert.Equal(t, "/api/media/70/avatar.png", authtest.Dig(t, out, "updateUser", "user", "avatar", "url"),
			"avatarMediaId wins over avatar")
		assert.Equal(t, []int64{u.ID, 7}, avatars.calls)
		stored, err := f.DB.Users().Get(t.Context(), u.ID)
		require.NoError(t, err)
		assert.Equal(t, "/api/media/70/avatar.png", stored.AvatarURL)

		_, err = call(`{"avatarMediaId": 8}`)
		authtest.RequireKey(t, err, http.StatusForbidden, "media.error.notYours")

		_, err = call(`{"avatar": "/api/media/71/me.png"}`)
		require.NoError(t, err, "a media address of the site is an allowed avatar")

		plain := account.New(account.Config{DB: f.DB, SocketTokens: f.Creds, Now: f.Clock.Now})
		reg = action.NewRegistry()
		plain.Register(reg)
		_, err = call(`{"avatarMediaId": 7}`)
		authtest.RequireKey(t, err, http.StatusBadRequest, "common.error.badField")
	})
}
