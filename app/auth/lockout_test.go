package auth_test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/internal/authtest"
	"souk/persistence"
)

// Requests from an attacker's address must not lock an account's owner out
// of login and recovery (issue: per-account limits were taken before any
// proof was checked).

func TestGetCodeBogusCaptchasDoNotLockTheOwner(t *testing.T) {
	t.Parallel()
	f := authtest.NewFixture(t, persistence.KindSQLite)
	attacker := authtest.NewGuest()
	for i := range 5 {
		_, _, err := f.Call(t, attacker, "auth.getCode", map[string]any{"phoneOrEmail": "victim@souk.dev", "action": "forget",
			"captchaSign": fmt.Sprintf("forged%d.AAAA", i), "captchaInput": "12345", "timestamp": f.Clock.Now().UnixMilli()})
		authtest.RequireKey(t, err, http.StatusBadRequest, "common.login.captcha.error")
	}
	sign, _ := f.GetCode(t, authtest.NewGuest(), "victim@souk.dev", "forget")
	require.NotEmpty(t, sign, "the owner still gets a code")
}

func TestWrongLoginsElsewhereDoNotLockTheOwner(t *testing.T) {
	t.Parallel()
	f := authtest.NewFixture(t, persistence.KindSQLite)
	f.Member(t, persistence.User{Email: "victim@souk.dev"}, "right-password")
	attacker := authtest.NewGuest()
	for range 10 {
		f.Clock.Add(3 * time.Second) // within the attacker's per-address rate
		_, _, err := f.Call(t, attacker, "auth.login", map[string]any{"provider": "PASSWORD", "username": "victim@souk.dev", "password": "wrong-password"})
		var e *action.Error
		require.True(t, errors.As(err, &e), "%v", err)
		require.Contains(t, []string{"common.login.error.invalidCredentials", "common.login.captcha.required"}, e.Key)
	}

	owner := authtest.NewGuest()
	_, _, err := f.Call(t, owner, "auth.login", map[string]any{"provider": "PASSWORD", "username": "victim@souk.dev", "password": "right-password"})
	authtest.RequireKey(t, err, http.StatusBadRequest, "common.login.captcha.required")
	data := f.Captcha(t, owner, "victim@souk.dev", "login")
	data["provider"], data["username"], data["password"] = "PASSWORD", "victim@souk.dev", "right-password"
	f.MustCall(t, owner, "auth.login", data)
}
