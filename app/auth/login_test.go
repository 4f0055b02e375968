package auth_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/internal/authtest"
	"souk/persistence"
)

func TestLogin(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		ana := f.Member(t, persistence.User{Name: "Ana", Email: "ana@souk.dev", Phone: "+8613800138000"}, "right-password")
		f.Member(t, persistence.User{Name: "Social", Email: "social@souk.dev"}, "") // no password: social login only
		login := func(c authtest.Caller, username, password string, extra map[string]any) (map[string]any, error) {
			data := map[string]any{"editStatus": false, "provider": "PASSWORD", "username": username, "password": password}
			for k, v := range extra {
				data[k] = v
			}
			reply, req, err := f.Call(t, c, "auth.login", data)
			if err != nil {
				_, _, changed := req.SessionChange()
				assert.False(t, changed, "a failed login hands out no session")
			}
			return reply, err
		}

		t.Run("by email or phone, signed in", func(t *testing.T) {
			for _, username := range []string{"ana@souk.dev", " ANA@Souk.dev ", "+8613800138000", "+86 138 0013 8000"} {
				reply, req, err := f.Call(t, authtest.NewGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": username, "password": "right-password"})
				require.NoError(t, err, username)
				assert.Equal(t, "Ana", authtest.Dig(t, reply, "login", "user", "name"))
				assert.Equal(t, ana.ID, f.As(t, req).Viewer.UserID)
			}
		})

		t.Run("wrong password and unknown account: the same answer", func(t *testing.T) {
			for _, tt := range []struct{ username, password string }{
				{"ana@souk.dev", "wrong-password"},
				{"nobody@souk.dev", "right-password"},
				{"+8613800138999", "right-password"},
				{"not a login", "right-password"},
				{"social@souk.dev", ""},
				{"social@souk.dev", "anything"},
			} {
				_, err := login(authtest.NewGuest(), tt.username, tt.password, nil)
				if tt.password == "" {
					authtest.RequireKey(t, err, 400, "common.login.error.requiredPassword")
					continue
				}
				authtest.RequireKey(t, err, 400, "common.login.error.invalidCredentials")
			}
		})

		t.Run("validation", func(t *testing.T) {
			_, err := login(authtest.NewGuest(), "", "x", nil)
			authtest.RequireKey(t, err, 400, "common.login.error.requiredUsername")
			_, err = login(authtest.NewGuest(), "ana@souk.dev", "x", map[string]any{"provider": "GITHUB"})
			authtest.RequireKey(t, err, 400, "common.error.badField")
		})

		t.Run("after 3 failures a captcha is needed, and used up", func(t *testing.T) {
			f.Member(t, persistence.User{Email: "guessed@souk.dev"}, "right-password")
			for range 3 {
				_, err := login(authtest.NewGuest(), "guessed@souk.dev", "wrong", nil)
				authtest.RequireKey(t, err, 400, "common.login.error.invalidCredentials")
			}
			_, err := login(authtest.NewGuest(), "guessed@souk.dev", "right-password", nil)
			authtest.RequireKey(t, err, 400, "common.login.captcha.required")
			c := f.Captcha(t, authtest.NewGuest(), "guessed@souk.dev", "login")
			_, err = login(authtest.NewGuest(), "guessed@souk.dev", "wrong", c)
			authtest.RequireKey(t, err, 400, "common.login.error.invalidCredentials")
			_, err = login(authtest.NewGuest(), "guessed@souk.dev", "right-password", c)
			authtest.RequireKey(t, err, 400, "common.login.captcha.expired")
			_, err = login(authtest.NewGuest(), "guessed@souk.dev", "right-password", f.Captcha(t, authtest.NewGuest(), "guessed@souk.dev", "login"))
			require.NoError(t, err)
			_, err = login(authtest.NewGuest(), "guessed@souk.dev", "right-password", nil)
			require.NoError(t, err, "a success forgets the failures")

			f.Clock.Add(5 * time.Minute) // let the per-account limit refill
			for range 3 {
				_, err := login(authtest.NewGuest(), "guessed@souk.dev", "wrong", nil)
				authtest.RequireKey(t, err, 400, "common.login.error.invalidCredentials")
			}
			f.Clock.Add(16 * time.Minute)
			_, err = login(authtest.NewGuest(), "guessed@souk.dev", "right-password", nil)
			require.NoError(t, err, "failures are forgotten after the window")
		})

		t.Run("rate limited per address and per account", func(t *testing.T) {
			ip := authtest.Caller{IP: "198.51.100.20"}
			var err error
			for i := range 30 {
				if _, err = login(ip, "nobody"+string(rune('a'+i))+"@souk.dev", "x", nil); err != nil {
					if e, ok := err.(*authtest.ActionError); ok && e.Status == http.StatusTooManyRequests {
						break
					}
				}
			}
			authtest.RequireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")

			// Per account and address: captchas solved, one address past
			// its burst still gets 10 tries a minute at one account.
			guesser := authtest.NewGuest()
			for i := range 12 {
				f.Clock.Add(3 * time.Second)
				if _, err = login(guesser, "target@souk.dev", "x", f.Captcha(t, guesser, "target@souk.dev", "login")); err != nil {
					if e, ok := err.(*authtest.ActionError); ok && e.Status == http.StatusTooManyRequests {
						require.Equal(t, 10, i, "10 tries at once")
						break
					}
				}
			}
			authtest.RequireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")
		})
	})
}

func TestResetPassword(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		f.Member(t, persistence.User{Email: "forgot@souk.dev", Name: "Forgetful Fiona"}, "old-password")
		g := authtest.NewGuest()
		login, req := f.MustCall(t, g, "auth.login", map[string]any{"provider": "PASSWORD", "username": "forgot@souk.dev", "password": "old-password"})
		require.NotNil(t, login)
		session := f.As(t, req)

		// The login box's forget → repass steps.
		sign, code := f.GetCode(t, g, "forgot@souk.dev", "forget")
		require.NotEmpty(t, code)
		verified, _ := f.MustCall(t, g, "auth.verifyCode", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "forget",
			"verificationSign": sign, "verificationInput": code})
		verifiedSign := authtest.Dig(t, verified, "verifyCode", "verificationSign").(string)

		for _, tt := range []struct {
			data   map[string]any
			status int
			key    string
		}{
			{map[string]any{"password": ""}, 400, "common.login.error.requiredPassword"},
			{map[string]any{"password": "new-password", "passwordConfirm": "new-passwor"}, 400, "common.login.error.passwordNotMatch"},
			{map[string]any{"password": "new"}, 400, "common.login.error.passwordLength"},
			{map[string]any{"password": "new-pwd"}, 400, "common.login.error.passwordLength"},
			{map[string]any{"password": "QWERTYUIOP"}, 400, "common.login.error.passwordCommon"},
			{map[string]any{"password": "Forgot@Souk.dev"}, 400, "common.login.error.passwordIsAccount"},
			{map[string]any{"password": "forgetful fiona"}, 400, "common.login.error.passwordIsAccount"}, // and the code stays valid
			{map[string]any{"password": "new-password", "phoneOrEmail": ""}, 400, "common.login.error.requiredEmail"},
			{map[string]any{"password": "new-password", "action": "signup"}, 400, "common.error.badField"},
			{map[string]any{"password": "new-password", "verificationSign": ""}, 400, "common.login.error.requiredCode"},
			{map[string]any{"password": "new-password", "verificationSign": sign}, 400, "common.login.error.requiredCode"},
		} {
			data := map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "repass", "verificationSign": verifiedSign}
			for k, v := range tt.data {
				data[k] = v
			}
			_, _, err := f.Call(t, g, "auth.resetPassword", data)
			authtest.RequireKey(t, err, tt.status, tt.key)
		}

		reply, _ := f.MustCall(t, session, "auth.resetPassword", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "repass",
			"password": "new-password", "passwordConfirm": "new-password", "verificationSign": verifiedSign})
		assert.Equal(t, true, authtest.Dig(t, reply, "resetPassword", "success"))
		_, _, err := f.Call(t, g, "auth.resetPassword", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "repass",
			"password": "newer-password", "verificationSign": verifiedSign})
		authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")
		_, _, err = f.Call(t, g, "auth.resetPassword", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "forget",
			"password": "newer-password", "verificationSign": sign, "verificationInput": code})
		authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")

		_, _, err = f.Call(t, session, "auth.refresh", nil)
		authtest.RequireKey(t, err, 401, "common.error.sessionExpired")
		_, _, err = f.Call(t, authtest.NewGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "forgot@souk.dev", "password": "old-password"})
		authtest.RequireKey(t, err, 400, "common.login.error.invalidCredentials")
		f.MustCall(t, authtest.NewGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "forgot@souk.dev", "password": "new-password"})

		t.Run("with the code itself, without verifyCode", func(t *testing.T) {
			f.Clock.Add(time.Minute)
			sign, code := f.GetCode(t, g, "forgot@souk.dev", "forget")
			f.MustCall(t, g, "auth.resetPassword", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "forget",
				"password": "third-password", "verificationSign": sign, "verificationInput": code})
		})

		t.Run("rate limited per account and address", func(t *testing.T) {
			var err error
			guesser := authtest.NewGuest()
			for range 12 {
				_, _, err = f.Call(t, guesser, "auth.resetPassword", map[string]any{"phoneOrEmail": "limited@souk.dev",
					"password": "third-password", "verificationSign": "c.1.x", "verificationInput": "123456"})
				if e, ok := err.(*authtest.ActionError); ok && e.Status == http.StatusTooManyRequests {
					break
				}
				authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")
			}
			authtest.RequireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")
		})

		t.Run("nobody's address cannot be reset", func(t *testing.T) {
			f.Clock.Add(time.Minute)
			sign, _ := f.GetCode(t, g, "nobody@souk.dev", "forget")
			_, _, err := f.Call(t, g, "auth.resetPassword", map[string]any{"phoneOrEmail": "nobody@souk.dev",
				"password": "third-password", "verificationSign": sign, "verificationInput": "123456"})
			require.Error(t, err)
		})
	})
}
