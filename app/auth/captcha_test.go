package auth_test

import (
	"net/http"
	"testing"
	"time"

	"souk/internal/authtest"

	"github.com/stretchr/testify/require"
)

func TestCaptcha(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		const target = "ana@souk.dev"
		verify := func(fields map[string]any, target, act string) error {
			data := map[string]any{"phoneOrEmail": target, "action": act, "type": "email"}
			for k, v := range fields {
				data[k] = v
			}
			_, _, err := f.Call(t, authtest.NewGuest(), "auth.captchaVerify", data)
			return err
		}

		t.Run("a right answer checks, twice, without being used up", func(t *testing.T) {
			c := f.Captcha(t, authtest.NewGuest(), target, "signup")
			require.NoError(t, verify(c, target, "signup"))
			require.NoError(t, verify(c, " ANA@souk.dev ", "signup"), "the same target, normalized")
			reply, _ := f.MustCall(t, authtest.NewGuest(), "auth.captchaVerify", map[string]any{
				"captchaSign": c["captchaSign"], "captchaInput": c["captchaInput"], "timestamp": c["timestamp"],
				"phoneOrEmail": target, "action": "signup"})
			require.Equal(t, true, authtest.Dig(t, reply, "guaqi", "utils", "captchaVerify", "success"))
		})

		t.Run("a wrong answer is refused and voids the captcha", func(t *testing.T) {
			c := f.Captcha(t, authtest.NewGuest(), target, "signup")
			right := c["captchaInput"]
			c["captchaInput"] = "x" + right.(string)
			authtest.RequireKey(t, verify(c, target, "signup"), http.StatusBadRequest, "common.login.captcha.error")
			c["captchaInput"] = right
			authtest.RequireKey(t, verify(c, target, "signup"), http.StatusBadRequest, "common.login.captcha.expired")
		})

		t.Run("bound to its target and action", func(t *testing.T) {
			c := f.Captcha(t, authtest.NewGuest(), target, "signup")
			authtest.RequireKey(t, verify(c, "bob@souk.dev", "signup"), http.StatusBadRequest, "common.login.captcha.error")
			c = f.Captcha(t, authtest.NewGuest(), target, "signup")
			authtest.RequireKey(t, verify(c, target, "forget"), http.StatusBadRequest, "common.login.captcha.error")
		})

		t.Run("drawn without a target, it passes for any", func(t *testing.T) {
			c := f.Captcha(t, authtest.NewGuest(), "", "signup")
			require.NoError(t, verify(c, "anyone@souk.dev", "signup"))
		})

		t.Run("a forged or tampered sign is refused", func(t *testing.T) {
			c := f.Captcha(t, authtest.NewGuest(), target, "signup")
			c["timestamp"] = c["timestamp"].(float64) + 1
			authtest.RequireKey(t, verify(c, target, "signup"), http.StatusBadRequest, "common.login.captcha.error")
			authtest.RequireKey(t, verify(map[string]any{"captchaSign": "garbage", "captchaInput": "12345", "timestamp": 1}, target, "signup"),
				http.StatusBadRequest, "common.login.captcha.expired")
			authtest.RequireKey(t, verify(map[string]any{"captchaSign": "", "captchaInput": "12345"}, target, "signup"),
				http.StatusBadRequest, "common.login.captcha.expired")
		})

		t.Run("expires after 5 minutes", func(t *testing.T) {
			c := f.Captcha(t, authtest.NewGuest(), target, "signup")
			f.Clock.Add(5*time.Minute + time.Second)
			authtest.RequireKey(t, verify(c, target, "signup"), http.StatusBadRequest, "common.login.captcha.expired")
		})

		t.Run("getCode uses it up: a replay is refused on any node", func(t *testing.T) {
			c := f.Captcha(t, authtest.NewGuest(), "replay@souk.dev", "signup")
			require.NoError(t, verify(c, "replay@souk.dev", "signup"), "captchaVerify does not use it")
			data := map[string]any{"phoneOrEmail": "replay@souk.dev", "action": "signup"}
			for k, v := range c {
				data[k] = v
			}
			f.MustCall(t, authtest.NewGuest(), "auth.getCode", data)
			other := authtest.NewService(t, f.DB, f.Clock) // another node: same database and secret
			f.Clock.Add(2 * time.Minute)                   // past the resend interval
			_, _, err := other.Call(t, authtest.NewGuest(), "auth.getCode", data)
			authtest.RequireKey(t, err, http.StatusBadRequest, "common.login.captcha.expired")
			authtest.RequireKey(t, verify(c, "replay@souk.dev", "signup"), http.StatusBadRequest, "common.login.captcha.expired")
		})

		t.Run("rate limited per address", func(t *testing.T) {
			ip := authtest.Caller{IP: "198.51.100.7", Lang: "en"}
			var err error
			for range 40 {
				if _, _, err = f.Call(t, ip, "auth.captcha", map[string]any{"action": "signup"}); err != nil {
					break
				}
			}
			authtest.RequireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")
			f.MustCall(t, authtest.Caller{IP: "198.51.100.8"}, "auth.captcha", map[string]any{"action": "signup"})
		})
	})
}
