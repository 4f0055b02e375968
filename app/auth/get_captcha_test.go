package auth_test

import (
	"strings"
	"testing"

	"souk/internal/authtest"
	"souk/persistence"
)

// auth.captcha's fields were of any length: each is refused past its bound.
func TestCaptchaFieldsAreBounded(t *testing.T) {
	t.Parallel()
	f := authtest.NewFixture(t, persistence.KindSQLite)
	long := strings.Repeat("a", 255)
	for field, data := range map[string]map[string]any{
		"phoneOrEmail": {"action": "signup", "phoneOrEmail": long + "@souk.dev"},
		"action":       {"action": long},
		"type":         {"action": "login", "type": long},
	} {
		_, _, err := f.Call(t, authtest.NewGuest(), "auth.captcha", data)
		authtest.RequireKey(t, err, 400, "common.error.badField")
		if e, ok := err.(*authtest.ActionError); !ok || e.Args["field"] != field {
			t.Errorf("%s: refused as %v", field, err)
		}
	}
	f.MustCall(t, authtest.NewGuest(), "auth.captcha", map[string]any{"action": "signup", "phoneOrEmail": "ann@souk.dev", "type": "email"})
}
