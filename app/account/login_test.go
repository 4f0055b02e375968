package account_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

func TestLogin(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		ana := f.member(t, persistence.User{Name: "Ana", Email: "ana@souk.dev", Phone: "+8613800138000"}, "right-password")
		f.member(t, persistence.User{Name: "Social", Email: "social@souk.dev"}, "") // no password: social login only
		login := func(c caller, username, password string, extra map[string]any) (map[string]any, error) {
			data := map[string]any{"editStatus": false, "provider": "PASSWORD", "username": username, "password": password}
			for k, v := range extra {
				data[k] = v
			}
			reply, req, err := f.call(t, c, "auth.login", data)
			if err != nil {
				_, _, changed := req.SessionChange()
				assert.False(t, changed, "a failed login hands out no session")
			}
			return reply, err
		}

		t.Run("by email or phone, signed in", func(t *testing.T) {
			for _, username := range []string{"ana@souk.dev", " ANA@Souk.dev ", "+8613800138000", "+86 138 0013 8000"} {
				reply, req, err := f.call(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": username, "password": "right-password"})
				require.NoError(t, err, username)
				assert.Equal(t, "Ana", dig(t, reply, "login", "user", "name"))
				assert.Equal(t, ana.ID, f.as(t, req).viewer.UserID)
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
				_, err := login(newGuest(), tt.username, tt.password, nil)
				if tt.password == "" {
					requireKey(t, err, 400, "common.login.error.requiredPassword")
					continue
				}
				requireKey(t, err, 400, "common.login.error.invalidCredentials")
			}
		})

		t.Run("validation", func(t *testing.T) {
			_, err := login(newGuest(), "", "x", nil)
			requireKey(t, err, 400, "common.login.error.requiredUsername")
			_, err = login(newGuest(), "ana@souk.dev", "x", map[string]any{"provider": "GITHUB"})
			requireKey(t, err, 400, "common.error.badField")
		})

		t.Run("after 3 failures a captcha is needed, and used up", func(t *testing.T) {
			f.member(t, persistence.User{Email: "guessed@souk.dev"}, "right-password")
			for range 3 {
				_, err := login(newGuest(), "guessed@souk.dev", "wrong", nil)
				requireKey(t, err, 400, "common.login.error.invalidCredentials")
			}
			_, err := login(newGuest(), "guessed@souk.dev", "right-password", nil)
			requireKey(t, err, 400, "common.login.captcha.required")
			c := f.captcha(t, newGuest(), "guessed@souk.dev", "login")
			_, err = login(newGuest(), "guessed@souk.dev", "wrong", c)
			requireKey(t, err, 400, "common.login.error.invalidCredentials")
			_, err = login(newGuest(), "guessed@souk.dev", "right-password", c)
			requireKey(t, err, 400, "common.login.captcha.expired")
			_, err = login(newGuest(), "guessed@souk.dev", "right-password", f.captcha(t, newGuest(), "guessed@souk.dev", "login"))
			require.NoError(t, err)
			_, err = login(newGuest(), "guessed@souk.dev", "right-password", nil)
			require.NoError(t, err, "a success forgets the failures")

			f.clock.Add(5 * time.Minute) // let the per-account limit refill
			for range 3 {
				_, err := login(newGuest(), "guessed@souk.dev", "wrong", nil)
				requireKey(t, err, 400, "common.login.error.invalidCredentials")
			}
			f.clock.Add(16 * time.Minute)
			_, err = login(newGuest(), "guessed@souk.dev", "right-password", nil)
			require.NoError(t, err, "failures are forgotten after the window")
		})

		t.Run("rate limited per address and per account", func(t *testing.T) {
			ip := caller{ip: "198.51.100.20"}
			var err error
			for i := range 30 {
				if _, err = login(ip, "nobody"+string(rune('a'+i))+"@souk.dev", "x", nil); err != nil {
					if e, ok := err.(*actionError); ok && e.Status == http.StatusTooManyRequests {
						break
					}
				}
			}
			requireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")

			for range 12 {
				if _, err = login(newGuest(), "target@souk.dev", "x", map[string]any{}); err != nil {
					if e, ok := err.(*actionError); ok && e.Status == http.StatusTooManyRequests {
						break
					}
				}
			}
			requireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")
		})
	})
}

func TestResetPassword(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		f.member(t, persistence.User{Email: "forgot@souk.dev"}, "old-password")
		g := newGuest()
		login, req := f.mustCall(t, g, "auth.login", map[string]any{"provider": "PASSWORD", "username": "forgot@souk.dev", "password": "old-password"})
		require.NotNil(t, login)
		session := f.as(t, req)

		// The login box's forget → repass steps.
		sign, code := f.getCode(t, g, "forgot@souk.dev", "forget")
		require.NotEmpty(t, code)
		verified, _ := f.mustCall(t, g, "auth.verifyCode", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "forget",
			"verificationSign": sign, "verificationInput": code})
		verifiedSign := dig(t, verified, "verifyCode", "verificationSign").(string)

		for _, tt := range []struct {
			data   map[string]any
			status int
			key    string
		}{
			{map[string]any{"password": ""}, 400, "common.login.error.requiredPassword"},
			{map[string]any{"password": "new-password", "passwordConfirm": "new-passwor"}, 400, "common.login.error.passwordNotMatch"},
			{map[string]any{"password": "new"}, 400, "common.login.error.passwordLength"},
			{map[string]any{"password": "new-password", "phoneOrEmail": ""}, 400, "common.login.error.requiredEmail"},
			{map[string]any{"password": "new-password", "action": "signup"}, 400, "common.error.badField"},
			{map[string]any{"password": "new-password", "verificationSign": ""}, 400, "common.login.error.requiredCode"},
			{map[string]any{"password": "new-password", "verificationSign": sign}, 400, "common.login.error.requiredCode"},
		} {
			data := map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "repass", "verificationSign": verifiedSign}
			for k, v := range tt.data {
				data[k] = v
			}
			_, _, err := f.call(t, g, "auth.resetPassword", data)
			requireKey(t, err, tt.status, tt.key)
		}

		reply, _ := f.mustCall(t, session, "auth.resetPassword", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "repass",
			"password": "new-password", "passwordConfirm": "new-password", "verificationSign": verifiedSign})
		assert.Equal(t, true, dig(t, reply, "resetPassword", "success"))
		_, _, err := f.call(t, g, "auth.resetPassword", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "repass",
			"password": "newer-password", "verificationSign": verifiedSign})
		requireKey(t, err, 400, "common.login.error.codeExpired")
		_, _, err = f.call(t, g, "auth.resetPassword", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "forget",
			"password": "newer-password", "verificationSign": sign, "verificationInput": code})
		requireKey(t, err, 400, "common.login.error.codeExpired")

		_, _, err = f.call(t, session, "auth.refresh", nil)
		requireKey(t, err, 401, "common.error.sessionExpired")
		_, _, err = f.call(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "forgot@souk.dev", "password": "old-password"})
		requireKey(t, err, 400, "common.login.error.invalidCredentials")
		f.mustCall(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": "forgot@souk.dev", "password": "new-password"})

		t.Run("with the code itself, without verifyCode", func(t *testing.T) {
			f.clock.Add(time.Minute)
			sign, code := f.getCode(t, g, "forgot@souk.dev", "forget")
			f.mustCall(t, g, "auth.resetPassword", map[string]any{"phoneOrEmail": "forgot@souk.dev", "action": "forget",
				"password": "third-password", "verificationSign": sign, "verificationInput": code})
		})

		t.Run("rate limited per account", func(t *testing.T) {
			var err error
			for range 12 {
				_, _, err = f.call(t, newGuest(), "auth.resetPassword", map[string]any{"phoneOrEmail": "limited@souk.dev",
					"password": "third-password", "verificationSign": "c.1.x", "verificationInput": "123456"})
				if e, ok := err.(*actionError); ok && e.Status == http.StatusTooManyRequests {
					break
				}
				requireKey(t, err, 400, "common.login.error.codeExpired")
			}
			requireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")
		})

		t.Run("nobody's address cannot be reset", func(t *testing.T) {
			f.clock.Add(time.Minute)
			sign, _ := f.getCode(t, g, "nobody@souk.dev", "forget")
			_, _, err := f.call(t, g, "auth.resetPassword", map[string]any{"phoneOrEmail": "nobody@souk.dev",
				"password": "third-password", "verificationSign": sign, "verificationInput": "123456"})
			require.Error(t, err)
		})
	})
}
