package auth_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/auth"
	"souk/internal/authtest"
	"souk/internal/mail"
	"souk/persistence"
)

func TestGetCode(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		getCode := func(c authtest.Caller, target, act string, fields map[string]any) error {
			data := map[string]any{"phoneOrEmail": target, "action": act}
			for k, v := range fields {
				data[k] = v
			}
			_, _, err := f.Call(t, c, "auth.getCode", data)
			return err
		}

		t.Run("validation", func(t *testing.T) {
			c := f.Captcha(t, authtest.NewGuest(), "", "signup")
			for _, tt := range []struct {
				target, typ, act string
				status           int
				key              string
			}{
				{"", "email", "signup", 400, "common.login.error.requiredEmail"},
				{" ", "phone", "signup", 400, "common.login.error.requiredPhone"},
				{"ana@", "", "signup", 400, "common.login.error.invalidEmail"},
				{"ana@souk", "", "signup", 400, "common.login.error.invalidEmail"},
				{"Ana <ana@souk.dev>", "", "signup", 400, "common.login.error.invalidEmail"},
				{"13800138000", "phone", "signup", 400, "common.login.error.invalidPhone"},
				{"+86123", "phone", "signup", 400, "common.login.error.invalidPhone"},
				{"ana@souk.dev", "", "login", 400, "common.error.badField"},
			} {
				data := map[string]any{"type": tt.typ}
				for k, v := range c {
					data[k] = v
				}
				authtest.RequireKey(t, getCode(authtest.NewGuest(), tt.target, tt.act, data), tt.status, tt.key)
			}
			authtest.RequireKey(t, getCode(authtest.NewGuest(), "ana@souk.dev", "signup", nil), 400, "common.login.captcha.expired")
			wrong := f.Captcha(t, authtest.NewGuest(), "ana@souk.dev", "signup")
			wrong["captchaInput"] = "00000x"
			authtest.RequireKey(t, getCode(authtest.NewGuest(), "ana@souk.dev", "signup", wrong), 400, "common.login.captcha.error")
		})

		t.Run("sends a code by email and by SMS", func(t *testing.T) {
			sign, code := f.GetCode(t, authtest.NewGuest(), "New.User@Souk.dev", "signup")
			assert.NotEmpty(t, sign)
			assert.Regexp(t, `^\d{6}$`, code)
			msg, ok := f.Outbox.Last("new.user@souk.dev")
			require.True(t, ok, "sent to the normalized address")
			assert.Equal(t, mail.Message{To: "new.user@souk.dev", Channel: mail.ChannelEmail, Lang: "en", Code: code, Action: mail.MessageSignup}, msg)

			_, code = f.GetCode(t, authtest.NewGuest(), "+86 138-0013-8000", "signup")
			msg, ok = f.Outbox.Last("+8613800138000")
			require.True(t, ok, "sent to the E.164 number")
			assert.Equal(t, mail.ChannelSMS, msg.Channel)
			assert.Equal(t, code, msg.Code)
		})

		t.Run("one code per target per 60 seconds", func(t *testing.T) {
			const target = "resend@souk.dev"
			f.GetCode(t, authtest.NewGuest(), target, "signup")
			c := f.Captcha(t, authtest.NewGuest(), target, "signup")
			f.Clock.Add(20 * time.Second)
			err := getCode(authtest.NewGuest(), target, "signup", c)
			authtest.RequireKey(t, err, http.StatusTooManyRequests, "common.login.error.codeTooSoon")
			assert.Equal(t, map[string]any{"seconds": 40}, err.(*authtest.ActionError).Args)
			require.NoError(t, getCode(authtest.NewGuest(), "other@souk.dev", "signup", f.Captcha(t, authtest.NewGuest(), "other@souk.dev", "signup")),
				"other targets are not held back")
			f.Clock.Add(40 * time.Second)
			require.NoError(t, getCode(authtest.NewGuest(), target, "signup", c), "the captcha was kept for after the wait")
		})

		t.Run("forget for nobody answers alike and sends nothing", func(t *testing.T) {
			before := len(f.Outbox.Messages())
			sign, code := f.GetCode(t, authtest.NewGuest(), "nobody@souk.dev", "forget")
			assert.NotEmpty(t, sign)
			assert.Empty(t, code)
			assert.Len(t, f.Outbox.Messages(), before)
		})

		t.Run("signup for an existing account sends a notice, not a code", func(t *testing.T) {
			f.Member(t, persistence.User{Email: "taken@souk.dev"}, "pw-123456")
			sign, _ := f.GetCode(t, authtest.NewGuest(), "taken@souk.dev", "signup")
			assert.NotEmpty(t, sign)
			msg, ok := f.Outbox.Last("taken@souk.dev")
			require.True(t, ok)
			assert.Equal(t, mail.MessageAccountExists, msg.Action)
			assert.Empty(t, msg.Code)
		})

		t.Run("per-target and per-address limits", func(t *testing.T) {
			c := authtest.Caller{IP: "203.0.113.9"}
			var err error
			for i := range 12 {
				f.Clock.Add(61 * time.Second)
				err = getCode(c, "limit@souk.dev", "signup", f.Captcha(t, authtest.Caller{IP: "203.0.113.10"}, "limit@souk.dev", "signup"))
				if err != nil {
					require.GreaterOrEqual(t, i, 5, "5 codes per target at once")
					break
				}
			}
			authtest.RequireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")
		})
	})
}

func TestGetCodeWithoutSenders(t *testing.T) {
	t.Parallel()
	db := authtest.OpenDB(t, persistence.KindSQLite)
	authtest.SeedLevels(t, db)
	svc, reg := authtest.Wire(auth.Config{DB: db, Secret: authtest.Secret, PasswordCost: authtest.Cost})
	f := &authtest.Fixture{DB: db, Creds: svc, Reg: reg}
	for target, key := range map[string]string{
		"+8613800138000": "common.login.error.smsUnavailable",
		"ana@souk.dev":   "common.login.error.emailUnavailable",
	} {
		_, _, err := f.Call(t, authtest.NewGuest(), "auth.getCode", map[string]any{"phoneOrEmail": target, "action": "signup"})
		authtest.RequireKey(t, err, http.StatusServiceUnavailable, key)
	}
	assert.Nil(t, svc.Outbox(), "no outbox outside dev")
}

func TestVerificationCodes(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		f.Member(t, persistence.User{Email: "reset@souk.dev"}, "old-password")
		verify := func(target, sign, code string) (map[string]any, error) {
			reply, _, err := f.Call(t, authtest.NewGuest(), "auth.verifyCode", map[string]any{"phoneOrEmail": target, "action": "forget",
				"verificationSign": sign, "verificationInput": code})
			return reply, err
		}

		t.Run("verifying does not use the code up", func(t *testing.T) {
			sign, code := f.GetCode(t, authtest.NewGuest(), "reset@souk.dev", "forget")
			reply, err := verify("reset@souk.dev", sign, code)
			require.NoError(t, err)
			assert.Equal(t, true, authtest.Dig(t, reply, "verifyCode", "success"))
			verified := authtest.Dig(t, reply, "verifyCode", "verificationSign").(string)
			assert.NotEqual(t, sign, verified)
			_, err = verify("reset@souk.dev", sign, code)
			require.NoError(t, err, "still valid for the next step")
			_, err = verify("other@souk.dev", sign, code)
			authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")
			f.Clock.Add(time.Minute)
		})

		t.Run("errors", func(t *testing.T) {
			sign, code := f.GetCode(t, authtest.NewGuest(), "reset@souk.dev", "forget")
			_, err := verify("reset@souk.dev", "", code)
			authtest.RequireKey(t, err, 400, "common.login.error.requiredCode")
			_, err = verify("reset@souk.dev", sign, "")
			authtest.RequireKey(t, err, 400, "common.login.error.requiredCode")
			_, err = verify("reset@souk.dev", "c.1.forged", code)
			authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")
			_, _, err = f.Call(t, authtest.NewGuest(), "auth.verifyCode", map[string]any{"phoneOrEmail": "reset@souk.dev", "action": "signup",
				"verificationSign": sign, "verificationInput": code})
			authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")
			f.Clock.Add(time.Minute)
		})

		t.Run("5 wrong tries lock the code", func(t *testing.T) {
			sign, code := f.GetCode(t, authtest.NewGuest(), "reset@souk.dev", "forget")
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			for left := 4; left >= 1; left-- {
				_, err := verify("reset@souk.dev", sign, wrong)
				authtest.RequireKey(t, err, 400, "common.login.error.codeInvalid")
				assert.Equal(t, map[string]any{"left": left}, err.(*authtest.ActionError).Args)
			}
			_, err := verify("reset@souk.dev", sign, wrong)
			authtest.RequireKey(t, err, 400, "common.login.error.codeLocked")
			_, err = verify("reset@souk.dev", sign, code)
			authtest.RequireKey(t, err, 400, "common.login.error.codeLocked")
			f.Clock.Add(time.Minute)
		})

		t.Run("expires after 10 minutes", func(t *testing.T) {
			sign, code := f.GetCode(t, authtest.NewGuest(), "reset@souk.dev", "forget")
			f.Clock.Add(10*time.Minute + time.Second)
			_, err := verify("reset@souk.dev", sign, code)
			authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")
		})

		t.Run("a newer code replaces the older", func(t *testing.T) {
			oldSign, oldCode := f.GetCode(t, authtest.NewGuest(), "reset@souk.dev", "forget")
			f.Clock.Add(time.Minute)
			f.GetCode(t, authtest.NewGuest(), "reset@souk.dev", "forget")
			_, err := verify("reset@souk.dev", oldSign, oldCode)
			authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")
		})
	})
}
