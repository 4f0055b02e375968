package account_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestCaptcha(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		const target = "ana@souk.dev"
		verify := func(fields map[string]any, target, act string) error {
			data := map[string]any{"phoneOrEmail": target, "action": act, "type": "email"}
			for k, v := range fields {
				data[k] = v
			}
			_, _, err := f.call(t, newGuest(), "auth.captchaVerify", data)
			return err
		}

		t.Run("a right answer checks, twice, without being used up", func(t *testing.T) {
			c := f.captcha(t, newGuest(), target, "signup")
			require.NoError(t, verify(c, target, "signup"))
			require.NoError(t, verify(c, " ANA@souk.dev ", "signup"), "the same target, normalized")
			reply, _ := f.mustCall(t, newGuest(), "auth.captchaVerify", map[string]any{
				"captchaSign": c["captchaSign"], "captchaInput": c["captchaInput"], "timestamp": c["timestamp"],
				"phoneOrEmail": target, "action": "signup"})
			require.Equal(t, true, dig(t, reply, "guaqi", "utils", "captchaVerify", "success"))
		})

		t.Run("a wrong answer is refused and voids the captcha", func(t *testing.T) {
			c := f.captcha(t, newGuest(), target, "signup")
			right := c["captchaInput"]
			c["captchaInput"] = "x" + right.(string)
			requireKey(t, verify(c, target, "signup"), http.StatusBadRequest, "common.login.captcha.error")
			c["captchaInput"] = right
			requireKey(t, verify(c, target, "signup"), http.StatusBadRequest, "common.login.captcha.expired")
		})

		t.Run("bound to its target and action", func(t *testing.T) {
			c := f.captcha(t, newGuest(), target, "signup")
			requireKey(t, verify(c, "bob@souk.dev", "signup"), http.StatusBadRequest, "common.login.captcha.error")
			c = f.captcha(t, newGuest(), target, "signup")
			requireKey(t, verify(c, target, "forget"), http.StatusBadRequest, "common.login.captcha.error")
		})

		t.Run("drawn without a target, it passes for any", func(t *testing.T) {
			c := f.captcha(t, newGuest(), "", "signup")
			require.NoError(t, verify(c, "anyone@souk.dev", "signup"))
		})

		t.Run("a forged or tampered sign is refused", func(t *testing.T) {
			c := f.captcha(t, newGuest(), target, "signup")
			c["timestamp"] = c["timestamp"].(float64) + 1
			requireKey(t, verify(c, target, "signup"), http.StatusBadRequest, "common.login.captcha.error")
			requireKey(t, verify(map[string]any{"captchaSign": "garbage", "captchaInput": "12345", "timestamp": 1}, target, "signup"),
				http.StatusBadRequest, "common.login.captcha.expired")
			requireKey(t, verify(map[string]any{"captchaSign": "", "captchaInput": "12345"}, target, "signup"),
				http.StatusBadRequest, "common.login.captcha.expired")
		})

		t.Run("expires after 5 minutes", func(t *testing.T) {
			c := f.captcha(t, newGuest(), target, "signup")
			f.clock.Add(5*time.Minute + time.Second)
			requireKey(t, verify(c, target, "signup"), http.StatusBadRequest, "common.login.captcha.expired")
		})

		t.Run("getCode uses it up: a replay is refused on any node", func(t *testing.T) {
			c := f.captcha(t, newGuest(), "replay@souk.dev", "signup")
			require.NoError(t, verify(c, "replay@souk.dev", "signup"), "captchaVerify does not use it")
			data := map[string]any{"phoneOrEmail": "replay@souk.dev", "action": "signup"}
			for k, v := range c {
				data[k] = v
			}
			f.mustCall(t, newGuest(), "auth.getCode", data)
			other := newService(t, f.db, f.clock) // another node: same database and secret
			f.clock.Add(2 * time.Minute)          // past the resend interval
			_, _, err := other.call(t, newGuest(), "auth.getCode", data)
			requireKey(t, err, http.StatusBadRequest, "common.login.captcha.expired")
			requireKey(t, verify(c, "replay@souk.dev", "signup"), http.StatusBadRequest, "common.login.captcha.expired")
		})

		t.Run("rate limited per address", func(t *testing.T) {
			ip := caller{ip: "198.51.100.7", lang: "en"}
			var err error
			for range 40 {
				if _, _, err = f.call(t, ip, "auth.captcha", map[string]any{"action": "signup"}); err != nil {
					break
				}
			}
			requireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")
			f.mustCall(t, caller{ip: "198.51.100.8"}, "auth.captcha", map[string]any{"action": "signup"})
		})
	})
}
