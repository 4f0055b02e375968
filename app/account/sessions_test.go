package account_test

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/persistence"
)

func TestAccessTokens(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	u := f.member(t, persistence.User{Email: "tok@souk.dev", LevelKey: "lv2", VIPKey: "vip1", IsAdmin: false}, "pw-123456")
	require.NoError(t, f.svc.Sessions().Start(t.Context(), u.ID), "outside a request it still works")
	_, req := f.mustCall(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "tok@souk.dev", "password": "pw-123456"})
	session, _, _ := req.SessionChange()
	assert.Equal(t, f.clock.Now().Add(15*time.Minute), session.AccessExpires)
	assert.Equal(t, f.clock.Now().Add(30*24*time.Hour), session.RefreshExpires)

	v, err := f.svc.Sessions().Authenticate(t.Context(), session.AccessToken)
	require.NoError(t, err)
	assert.Equal(t, u.ID, v.UserID)
	assert.False(t, v.IsAdmin)
	assert.Equal(t, []string{"chat", "directMessages"}, v.UserCan, "level and VIP rights merged")
	again, err := f.svc.Sessions().Authenticate(t.Context(), session.AccessToken)
	require.NoError(t, err)
	assert.Equal(t, v, again, "a token verified before is answered the same")

	other := account.NewSessions(f.db, []byte("another-secret-another-secret-another"))
	_, err = other.Authenticate(t.Context(), session.AccessToken)
	assert.Error(t, err, "signed by another secret")
	sameSecret := account.NewSessions(f.db, testSecret)
	_, err = sameSecret.Authenticate(t.Context(), session.AccessToken)
	assert.NoError(t, err, "any node with the secret verifies it, without the database")

	parts := strings.Split(session.AccessToken, ".")
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	require.NoError(t, err)
	forged := strings.Replace(string(payload), `"sub":"`, `"adm":true,"sub":"`, 1)
	tampered := parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(forged)) + "." + parts[2]
	none, err := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"iss": "souk", "sub": "1", "adm": true,
		"exp": f.clock.Now().Add(time.Hour).Unix()}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	require.NoError(t, err)
	for name, token := range map[string]string{"tampered": tampered, "alg none": none, "garbage": "x.y.z", "empty": ""} {
		_, err := f.svc.Sessions().Authenticate(t.Context(), token)
		assert.Error(t, err, name)
	}

	f.clock.Add(15 * time.Minute)
	_, err = f.svc.Sessions().Authenticate(t.Context(), session.AccessToken)
	assert.Error(t, err, "expired, though verified before")
}

func TestRefreshRotation(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		f.member(t, persistence.User{Email: "rot@souk.dev"}, "pw-123456")
		_, req := f.mustCall(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "rot@souk.dev", "password": "pw-123456"})
		first := f.as(t, req)

		f.clock.Add(20 * time.Minute)
		reply, req := f.mustCall(t, caller{refresh: first.refresh}, "auth.refresh", nil)
		second, _, _ := req.SessionChange()
		assert.NotEqual(t, first.refresh, second.RefreshToken, "rotated")
		assert.Equal(t, second.AccessToken, dig(t, reply, "refresh", "authToken"))
		assert.EqualValues(t, second.AccessExpires.Unix(), dig(t, reply, "refresh", "authTokenExpiration"))
		assert.Equal(t, f.clock.Now().Add(15*time.Minute), second.AccessExpires)
		_, err := f.svc.Sessions().Authenticate(t.Context(), second.AccessToken)
		require.NoError(t, err)

		reply, req = f.mustCall(t, caller{refresh: second.RefreshToken}, "auth.refresh", nil)
		third, _, _ := req.SessionChange()
		require.NotNil(t, reply)

		// The first token again: a replay. The family ends, the cookies go.
		_, req, err = f.call(t, caller{refresh: first.refresh}, "auth.refresh", nil)
		requireKey(t, err, 401, "common.error.sessionExpired")
		_, out, changed := req.SessionChange()
		assert.True(t, changed && out, "signed out")
		_, _, err = f.call(t, caller{refresh: third.RefreshToken}, "auth.refresh", nil)
		requireKey(t, err, 401, "common.error.sessionExpired")

		for _, token := range []string{"", "unknown"} {
			_, _, err = f.call(t, caller{refresh: token}, "auth.refresh", nil)
			requireKey(t, err, 401, "common.error.sessionExpired")
		}

		t.Run("expires after 30 days unused", func(t *testing.T) {
			_, req := f.mustCall(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "rot@souk.dev", "password": "pw-123456"})
			s := f.as(t, req)
			f.clock.Add(30*24*time.Hour + time.Second)
			_, _, err := f.call(t, caller{refresh: s.refresh}, "auth.refresh", nil)
			requireKey(t, err, 401, "common.error.sessionExpired")
		})

		t.Run("logout ends the session", func(t *testing.T) {
			_, req := f.mustCall(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "rot@souk.dev", "password": "pw-123456"})
			s := f.as(t, req)
			reply, req := f.mustCall(t, s, "auth.logout", nil)
			assert.Equal(t, true, dig(t, reply, "logout", "success"))
			_, out, changed := req.SessionChange()
			assert.True(t, changed && out)
			_, _, err := f.call(t, caller{refresh: s.refresh}, "auth.refresh", nil)
			requireKey(t, err, 401, "common.error.sessionExpired")
			f.mustCall(t, newGuest(), "auth.logout", nil) // a guest may log out too
		})
	})
}

func TestSocketToken(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	valid := func(userID int64, sig, ts string, at time.Time) bool {
		_, ok := account.VerifySocketToken(testSecret, userID, sig, ts, at, time.Hour)
		return ok
	}
	sig, ts := account.SocketToken(testSecret, 42, 0, now)
	assert.Equal(t, "1700000000", ts)
	assert.Len(t, sig, 64)
	assert.True(t, valid(42, sig, ts, now.Add(time.Minute)))
	assert.False(t, valid(43, sig, ts, now), "another user")
	_, ok := account.VerifySocketToken([]byte("other"), 42, sig, ts, now, time.Hour)
	assert.False(t, ok, "another secret")
	assert.False(t, valid(42, sig, ts, now.Add(2*time.Hour)), "too old")
	assert.False(t, valid(42, sig, ts, now.Add(-2*time.Minute)), "from the future")
	assert.False(t, valid(42, sig, "01700000000", now), "not canonical")
	assert.False(t, valid(42, strings.ToUpper(sig), ts, now))

	sig, ts = account.SocketToken(testSecret, 42, 987654321, now)
	assert.Equal(t, "1700000000.987654321", ts, "the session rides in the opaque timestamp")
	session, ok := account.VerifySocketToken(testSecret, 42, sig, ts, now, time.Hour)
	assert.True(t, ok)
	assert.Equal(t, int64(987654321), session)
	for name, forged := range map[string]string{"another session": "1700000000.987654322", "no session": "1700000000",
		"not canonical": "1700000000.0987654321", "empty session": "1700000000.", "negative": "1700000000.-1"} {
		assert.False(t, valid(42, sig, forged, now), name)
	}
}

func TestAutoLogin(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		admin := f.member(t, persistence.User{Email: "boss@souk.dev", IsAdmin: true}, "")
		member := f.member(t, persistence.User{Name: "Auto", Email: "auto@souk.dev"}, "")
		asAdmin := caller{viewer: viewerOf(admin)}

		_, _, err := f.call(t, caller{viewer: viewerOf(member)}, "admin.loginToken", map[string]any{"userId": member.ID})
		requireKey(t, err, 403, "common.error.forbidden")
		_, _, err = f.call(t, newGuest(), "admin.loginToken", map[string]any{"userId": member.ID})
		requireKey(t, err, 401, "common.error.unauthorized")
		_, _, err = f.call(t, asAdmin, "admin.loginToken", map[string]any{"userId": "123"})
		requireKey(t, err, 404, "common.error.userNotFound")
		_, _, err = f.call(t, asAdmin, "admin.loginToken", map[string]any{})
		requireKey(t, err, 400, "common.error.required")

		reply, _ := f.mustCall(t, asAdmin, "admin.loginToken", map[string]any{"userId": strconvI(member.ID)})
		token := dig(t, reply, "loginToken", "token").(string)
		assert.Equal(t, "/?token="+token, dig(t, reply, "loginToken", "link"))

		reply, req := f.mustCall(t, newGuest(), "mutates.autoLogin", map[string]any{"token": token})
		assert.Equal(t, "Auto", dig(t, reply, "gqAutoLogin", "user", "name"))
		assert.Equal(t, member.ID, f.as(t, req).viewer.UserID)

		_, _, err = f.call(t, newGuest(), "mutates.autoLogin", map[string]any{"token": token})
		requireKey(t, err, 400, "common.login.autoLoginFailed")
		_, _, err = f.call(t, newGuest(), "mutates.autoLogin", map[string]any{"token": "forged"})
		requireKey(t, err, 400, "common.login.autoLoginFailed")
		_, _, err = f.call(t, newGuest(), "mutates.autoLogin", map[string]any{})
		requireKey(t, err, 400, "common.error.required")

		reply, _ = f.mustCall(t, asAdmin, "admin.loginToken", map[string]any{"userId": member.ID})
		f.clock.Add(24*time.Hour + time.Second)
		_, _, err = f.call(t, newGuest(), "mutates.autoLogin", map[string]any{"token": dig(t, reply, "loginToken", "token")})
		requireKey(t, err, 400, "common.login.autoLoginFailed")
	})
}

// TestEndedSessionsRefuseTheirAccessTokens: logging out, or a replayed
// refresh token, ends a session's access tokens at once on the node that
// saw it and on the others at their next read of the ended sessions, while
// the member's other sessions go on.
func TestEndedSessionsRefuseTheirAccessTokens(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		other := newService(t, f.db, f.clock) // another node on the same database
		f.member(t, persistence.User{Email: "end@souk.dev"}, "pw-123456")
		login := func() (caller, string) {
			_, req := f.mustCall(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "end@souk.dev", "password": "pw-123456"})
			s, _, _ := req.SessionChange()
			return f.as(t, req), s.AccessToken
		}
		accepted := func(node *fixture, token string) bool {
			_, err := node.svc.Sessions().Authenticate(t.Context(), token)
			return err == nil
		}
		laptop, laptopToken := login()
		_, phoneToken := login()
		require.True(t, accepted(other, laptopToken))

		f.mustCall(t, laptop, "auth.logout", nil)
		assert.False(t, accepted(f, laptopToken), "refused at once where the session ended")
		assert.True(t, accepted(other, laptopToken), "the other node has not read the ended sessions yet")
		require.NoError(t, other.svc.Sessions().RefreshRevocations(t.Context()))
		assert.False(t, accepted(other, laptopToken), "refused everywhere after the next read")
		assert.True(t, accepted(f, phoneToken), "the member's other session goes on")
		assert.True(t, accepted(other, phoneToken))

		// A replayed refresh token ends its family, access tokens included.
		tablet, tabletToken := login()
		_, req := f.mustCall(t, caller{refresh: tablet.refresh}, "auth.refresh", nil)
		rotated, _, _ := req.SessionChange()
		_, _, err := f.call(t, caller{refresh: tablet.refresh}, "auth.refresh", nil)
		requireKey(t, err, 401, "common.error.sessionExpired")
		assert.False(t, accepted(f, tabletToken))
		assert.False(t, accepted(f, rotated.AccessToken), "the rotated token of the family too")
	})
}
