package auth_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/internal/authtest"
	"souk/persistence"
)

// The envelope (POST /api/request) never carries the refresh cookie, which
// is scoped to /api/auth: logout ends the session of the access token then.
func TestLogoutWithoutRefreshTokenEndsTheAccessTokensSession(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		f.Member(t, persistence.User{Email: "out@souk.dev"}, "pw-123456")
		f.Member(t, persistence.User{Email: "stay@souk.dev"}, "pw-123456")
		signIn := f.SignIn(t, "out@souk.dev", "pw-123456")
		session, _, _ := signIn.SessionChange()
		leaving := f.As(t, signIn)
		staying := f.As(t, f.SignIn(t, "stay@souk.dev", "pw-123456"))
		require.NotZero(t, leaving.Viewer.Session)

		envelope := leaving
		envelope.Refresh = ""
		f.MustCall(t, envelope, "auth.logout", nil)

		_, _, err := f.Call(t, authtest.Caller{Refresh: leaving.Refresh}, "auth.refresh", nil)
		authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
		require.NoError(t, f.Creds.Sessions().RefreshRevocations(t.Context()))
		_, err = f.Creds.Sessions().Authenticate(t.Context(), session.AccessToken)
		assert.Error(t, err, "the access token of the ended session is refused")

		// A forged viewer naming another member's session ends nothing of theirs.
		forged := envelope
		forged.Viewer.Session = staying.Viewer.Session
		f.MustCall(t, forged, "auth.logout", nil)
		f.MustCall(t, authtest.Caller{Refresh: staying.Refresh}, "auth.refresh", nil)
	})
}
