package auth_test

import (
	"context"
	"encoding/base64"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/app/auth"
	"souk/app/internal/apptest"
	"souk/internal/authtest"
	"souk/persistence"
)

func TestAccessTokens(t *testing.T) {
	t.Parallel()
	f := authtest.NewFixture(t, persistence.KindSQLite)
	u := f.Member(t, persistence.User{Email: "tok@souk.dev", LevelKey: "lv2", VIPKey: "vip1", IsAdmin: false}, "pw-123456")
	require.NoError(t, f.Creds.Sessions().Start(t.Context(), u.ID), "outside a request it still works")
	req := f.SignIn(t, "tok@souk.dev", "pw-123456")
	session, _, _ := req.SessionChange()
	assert.Equal(t, f.Clock.Now().Add(15*time.Minute), session.AccessExpires)
	assert.Equal(t, f.Clock.Now().Add(30*24*time.Hour), session.RefreshExpires)

	v, err := f.Creds.Sessions().Authenticate(t.Context(), session.AccessToken)
	require.NoError(t, err)
	assert.Equal(t, u.ID, v.UserID)
	assert.False(t, v.IsAdmin)
	assert.Equal(t, []string{"chat", "directMessages"}, v.UserCan, "level and VIP rights merged")
	again, err := f.Creds.Sessions().Authenticate(t.Context(), session.AccessToken)
	require.NoError(t, err)
	assert.Equal(t, v, again, "a token verified before is answered the same")

	other := auth.NewSessions(f.DB, []byte("another-secret-another-secret-another"), account.TokenRights)
	_, err = other.Authenticate(t.Context(), session.AccessToken)
	assert.Error(t, err, "signed by another secret")
	sameSecret := auth.NewSessions(f.DB, authtest.Secret, account.TokenRights)
	_, err = sameSecret.Authenticate(t.Context(), session.AccessToken)
	assert.NoError(t, err, "any node with the secret verifies it, without the database")

	parts := strings.Split(session.AccessToken, ".")
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	require.NoError(t, err)
	forged := strings.Replace(string(payload), `"sub":"`, `"adm":true,"sub":"`, 1)
	tampered := parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(forged)) + "." + parts[2]
	none, err := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"iss": "souk", "sub": "1", "adm": true,
		"exp": f.Clock.Now().Add(time.Hour).Unix()}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	require.NoError(t, err)
	for name, token := range map[string]string{"tampered": tampered, "alg none": none, "garbage": "x.y.z", "empty": ""} {
		_, err := f.Creds.Sessions().Authenticate(t.Context(), token)
		assert.Error(t, err, name)
	}

	f.Clock.Add(15 * time.Minute)
	_, err = f.Creds.Sessions().Authenticate(t.Context(), session.AccessToken)
	assert.Error(t, err, "expired, though verified before")
}

func TestRefreshRotation(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		f.Member(t, persistence.User{Email: "rot@souk.dev"}, "pw-123456")
		req := f.SignIn(t, "rot@souk.dev", "pw-123456")
		first := f.As(t, req)

		f.Clock.Add(20 * time.Minute)
		reply, req := f.MustCall(t, authtest.Caller{Refresh: first.Refresh}, "auth.refresh", nil)
		second, _, _ := req.SessionChange()
		assert.NotEqual(t, first.Refresh, second.RefreshToken, "rotated")
		assert.Equal(t, second.AccessToken, authtest.Dig(t, reply, "refresh", "authToken"))
		assert.EqualValues(t, second.AccessExpires.Unix(), authtest.Dig(t, reply, "refresh", "authTokenExpiration"))
		assert.Equal(t, f.Clock.Now().Add(15*time.Minute), second.AccessExpires)
		_, err := f.Creds.Sessions().Authenticate(t.Context(), second.AccessToken)
		require.NoError(t, err)

		reply, req = f.MustCall(t, authtest.Caller{Refresh: second.RefreshToken}, "auth.refresh", nil)
		third, _, _ := req.SessionChange()
		require.NotNil(t, reply)

		// Another tab shares the cookie and refreshed at the same moment:
		// within the grace it gets a session of the family too.
		f.Clock.Add(auth.RefreshReuseGrace / 2)
		_, req = f.MustCall(t, authtest.Caller{Refresh: second.RefreshToken}, "auth.refresh", nil)
		twin, _, _ := req.SessionChange()
		assert.NotEqual(t, third.RefreshToken, twin.RefreshToken)

		// The first token again, past the grace: a replay. The family ends,
		// the cookies go.
		f.Clock.Add(auth.RefreshReuseGrace)
		_, req, err = f.Call(t, authtest.Caller{Refresh: first.Refresh}, "auth.refresh", nil)
		authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
		_, out, changed := req.SessionChange()
		assert.True(t, changed && out, "signed out")
		_, _, err = f.Call(t, authtest.Caller{Refresh: third.RefreshToken}, "auth.refresh", nil)
		authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
		_, _, err = f.Call(t, authtest.Caller{Refresh: twin.RefreshToken}, "auth.refresh", nil)
		authtest.RequireKey(t, err, 401, "common.error.sessionExpired")

		for _, token := range []string{"", "unknown"} {
			_, _, err = f.Call(t, authtest.Caller{Refresh: token}, "auth.refresh", nil)
			authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
		}

		t.Run("expires after 30 days unused", func(t *testing.T) {
			req := f.SignIn(t, "rot@souk.dev", "pw-123456")
			s := f.As(t, req)
			f.Clock.Add(30*24*time.Hour + time.Second)
			_, _, err := f.Call(t, authtest.Caller{Refresh: s.Refresh}, "auth.refresh", nil)
			authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
		})

		t.Run("logout ends the session", func(t *testing.T) {
			req := f.SignIn(t, "rot@souk.dev", "pw-123456")
			s := f.As(t, req)
			reply, req := f.MustCall(t, s, "auth.logout", nil)
			assert.Equal(t, true, authtest.Dig(t, reply, "logout", "success"))
			_, out, changed := req.SessionChange()
			assert.True(t, changed && out)
			_, _, err := f.Call(t, authtest.Caller{Refresh: s.Refresh}, "auth.refresh", nil)
			authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
			f.MustCall(t, authtest.NewGuest(), "auth.logout", nil) // a guest may log out too
		})
	})
}

func TestSocketToken(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	valid := func(userID int64, sig, ts string, at time.Time) bool {
		_, ok := auth.VerifySocketToken(authtest.Secret, userID, sig, ts, at, time.Hour)
		return ok
	}
	sig, ts := auth.SocketToken(authtest.Secret, 42, 0, now)
	assert.Equal(t, "1700000000", ts)
	assert.Len(t, sig, 64)
	assert.True(t, valid(42, sig, ts, now.Add(time.Minute)))
	assert.False(t, valid(43, sig, ts, now), "another user")
	_, ok := auth.VerifySocketToken([]byte("other"), 42, sig, ts, now, time.Hour)
	assert.False(t, ok, "another secret")
	assert.False(t, valid(42, sig, ts, now.Add(2*time.Hour)), "too old")
	assert.False(t, valid(42, sig, ts, now.Add(-2*time.Minute)), "from the future")
	assert.False(t, valid(42, sig, "01700000000", now), "not canonical")
	assert.False(t, valid(42, strings.ToUpper(sig), ts, now))

	sig, ts = auth.SocketToken(authtest.Secret, 42, 987654321, now)
	assert.Equal(t, "1700000000.987654321", ts, "the session rides in the opaque timestamp")
	session, ok := auth.VerifySocketToken(authtest.Secret, 42, sig, ts, now, time.Hour)
	assert.True(t, ok)
	assert.Equal(t, int64(987654321), session)
	for name, forged := range map[string]string{"another session": "1700000000.987654322", "no session": "1700000000",
		"not canonical": "1700000000.0987654321", "empty session": "1700000000.", "negative": "1700000000.-1"} {
		assert.False(t, valid(42, sig, forged, now), name)
	}
}

func TestAutoLogin(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		admin := f.Member(t, persistence.User{Email: "boss@souk.dev", IsAdmin: true}, "")
		member := f.Member(t, persistence.User{Name: "Auto", Email: "auto@souk.dev"}, "")
		asAdmin := authtest.Caller{Viewer: authtest.ViewerOf(admin)}

		_, _, err := f.Call(t, authtest.Caller{Viewer: authtest.ViewerOf(member)}, "admin.loginToken", map[string]any{"userId": member.ID})
		authtest.RequireKey(t, err, 403, "common.error.forbidden")
		_, _, err = f.Call(t, authtest.NewGuest(), "admin.loginToken", map[string]any{"userId": member.ID})
		authtest.RequireKey(t, err, 401, "common.error.unauthorized")
		_, _, err = f.Call(t, asAdmin, "admin.loginToken", map[string]any{"userId": "123"})
		authtest.RequireKey(t, err, 404, "common.error.userNotFound")
		_, _, err = f.Call(t, asAdmin, "admin.loginToken", map[string]any{})
		authtest.RequireKey(t, err, 400, "common.error.required")

		reply, _ := f.MustCall(t, asAdmin, "admin.loginToken", map[string]any{"userId": authtest.FormatID(member.ID)})
		token := authtest.Dig(t, reply, "loginToken", "token").(string)
		assert.Equal(t, "/?token="+token, authtest.Dig(t, reply, "loginToken", "link"))

		reply, req := f.MustCall(t, authtest.NewGuest(), "mutates.autoLogin", map[string]any{"token": token})
		assert.Equal(t, "Auto", authtest.Dig(t, reply, "gqAutoLogin", "user", "name"))
		assert.Equal(t, member.ID, f.As(t, req).Viewer.UserID)

		_, _, err = f.Call(t, authtest.NewGuest(), "mutates.autoLogin", map[string]any{"token": token})
		authtest.RequireKey(t, err, 400, "common.login.autoLoginFailed")
		_, _, err = f.Call(t, authtest.NewGuest(), "mutates.autoLogin", map[string]any{"token": "forged"})
		authtest.RequireKey(t, err, 400, "common.login.autoLoginFailed")
		_, _, err = f.Call(t, authtest.NewGuest(), "mutates.autoLogin", map[string]any{})
		authtest.RequireKey(t, err, 400, "common.error.required")

		reply, _ = f.MustCall(t, asAdmin, "admin.loginToken", map[string]any{"userId": member.ID})
		f.Clock.Add(24*time.Hour + time.Second)
		_, _, err = f.Call(t, authtest.NewGuest(), "mutates.autoLogin", map[string]any{"token": authtest.Dig(t, reply, "loginToken", "token")})
		authtest.RequireKey(t, err, 400, "common.login.autoLoginFailed")
	})
}

// TestEndedSessionsRefuseTheirAccessTokens: logging out, or a replayed
// refresh token, ends a session's access tokens at once on the node that
// saw it and on the others at their next read of the ended sessions, while
// the member's other sessions go on.
func TestEndedSessionsRefuseTheirAccessTokens(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		other := authtest.NewService(t, f.DB, f.Clock) // another node on the same database
		f.Member(t, persistence.User{Email: "end@souk.dev"}, "pw-123456")
		login := func() (authtest.Caller, string) {
			req := f.SignIn(t, "end@souk.dev", "pw-123456")
			s, _, _ := req.SessionChange()
			return f.As(t, req), s.AccessToken
		}
		accepted := func(node *authtest.Fixture, token string) bool {
			_, err := node.Creds.Sessions().Authenticate(t.Context(), token)
			return err == nil
		}
		laptop, laptopToken := login()
		_, phoneToken := login()
		require.True(t, accepted(other, laptopToken))

		f.MustCall(t, laptop, "auth.logout", nil)
		assert.False(t, accepted(f, laptopToken), "refused at once where the session ended")
		assert.True(t, accepted(other, laptopToken), "the other node has not read the ended sessions yet")
		require.NoError(t, other.Creds.Sessions().RefreshRevocations(t.Context()))
		assert.False(t, accepted(other, laptopToken), "refused everywhere after the next read")
		assert.True(t, accepted(f, phoneToken), "the member's other session goes on")
		assert.True(t, accepted(other, phoneToken))

		// A replayed refresh token ends its family, access tokens included.
		tablet, tabletToken := login()
		_, req := f.MustCall(t, authtest.Caller{Refresh: tablet.Refresh}, "auth.refresh", nil)
		rotated, _, _ := req.SessionChange()
		f.Clock.Add(auth.RefreshReuseGrace + time.Second)
		_, _, err := f.Call(t, authtest.Caller{Refresh: tablet.Refresh}, "auth.refresh", nil)
		authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
		assert.False(t, accepted(f, tabletToken))
		assert.False(t, accepted(f, rotated.AccessToken), "the rotated token of the family too")
	})
}

// TestWatchRevocations: a node's watch reads the sessions ended on other
// nodes once at start and then every RevocationPoll, over the last
// SocketTokenTTL (and a margin) by its clock, until its context ends.
func TestWatchRevocations(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		f.Member(t, persistence.User{Email: "watch@souk.dev"}, "pw-123456")
		req := f.SignIn(t, "watch@souk.dev", "pw-123456")
		session, _, _ := req.SessionChange()
		laptop := f.As(t, req)

		timer := apptest.NewTimer()
		node := auth.NewSessions(f.DB, authtest.Secret, account.TokenRights, auth.WithClock(f.Clock.Now), auth.WithTimer(timer.After))
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() {
			defer close(done)
			node.WatchRevocations(ctx, slog.New(slog.DiscardHandler))
		}()
		wait := timer.Next(t)
		assert.Equal(t, auth.RevocationPoll, wait.D)
		_, err := node.Authenticate(t.Context(), session.AccessToken)
		require.NoError(t, err, "the first read found nothing ended")

		f.MustCall(t, laptop, "auth.logout", nil)
		assert.False(t, node.Ended(session.Family), "not read before the next round")
		wait.Fire(f.Clock.Now())
		wait = timer.Next(t)
		assert.True(t, node.Ended(session.Family), "read in the next round")
		_, err = node.Authenticate(t.Context(), session.AccessToken)
		assert.Error(t, err)

		// Once its tokens have all expired (socket tokens live longest),
		// an ended session is no longer read.
		f.Clock.Add(auth.SocketTokenTTL + 2*time.Minute)
		wait.Fire(f.Clock.Now())
		timer.Next(t)
		assert.False(t, node.Ended(session.Family), "past the lookback")

		cancel()
		apptest.Done(t, done)
	})
}

// TestEndedSessionRefusesItsSocketTokens: a socket token is valid
// SocketTokenTTL, far longer than an access token; once its session ended
// it is refused for all that time, on the node that ended it and on a node
// that reads the ended sessions later, while a live session's token opens
// the socket until it expires.
func TestEndedSessionRefusesItsSocketTokens(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		u := f.Member(t, persistence.User{Email: "sock@souk.dev"}, "pw-123456")
		node := auth.NewSessions(f.DB, authtest.Secret, account.TokenRights, auth.WithClock(f.Clock.Now))
		type token struct{ sig, ts string }
		signIn := func() (authtest.Caller, int64, token) {
			req := f.SignIn(t, "sock@souk.dev", "pw-123456")
			s, _, _ := req.SessionChange()
			sig, ts := f.Creds.SocketToken(u.ID, s.Family, f.Clock.Now())
			return f.As(t, req), s.Family, token{sig, ts}
		}
		opens := func(node *auth.Sessions, tok token) bool {
			require.NoError(t, node.RefreshRevocations(t.Context()))
			grant, ok := node.VerifySocket(u.ID, tok.sig, tok.ts)
			return ok && grant.Session != 0
		}
		laptop, laptopSession, laptopToken := signIn()
		_, _, phoneToken := signIn()
		require.True(t, opens(node, laptopToken))
		grant, _ := node.VerifySocket(u.ID, laptopToken.sig, laptopToken.ts)
		assert.Equal(t, laptopSession, grant.Session)
		assert.Equal(t, f.Clock.Now().Unix(), grant.Issued.Unix(), "when the token was signed")

		f.MustCall(t, laptop, "auth.logout", nil)
		assert.False(t, opens(f.Creds.Sessions(), laptopToken), "refused at once where the session ended")
		for _, step := range []time.Duration{0, auth.AccessTokenTTL + 2*time.Minute, 12 * time.Hour, 11 * time.Hour} {
			f.Clock.Add(step)
			assert.False(t, opens(node, laptopToken), "refused %s after the logout", step)
			assert.True(t, opens(node, phoneToken), "the live session's token opens the socket")
		}
		late := auth.NewSessions(f.DB, authtest.Secret, account.TokenRights, auth.WithClock(f.Clock.Now))
		assert.False(t, opens(late, laptopToken), "a node that starts reading late refuses it too")

		f.Clock.Add(auth.SocketTokenTTL - 23*time.Hour - 15*time.Minute + time.Second)
		assert.False(t, opens(node, phoneToken), "a socket token expires after SocketTokenTTL")
	})
}
