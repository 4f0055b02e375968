package account_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

func TestRegister(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		referrer := f.member(t, persistence.User{Slug: "ref-ana", Email: "ref@souk.dev"}, "pw-123456")

		t.Run("by email: signed in, lowest level, profile to complete, referrer kept", func(t *testing.T) {
			user, req := f.register(t, newGuest(), "Maria.Lopez+shop@Souk.dev", "secret-pw", map[string]any{"inviteCode": "ref-ana"})
			assert.Equal(t, "maria.lopez+shop", user["name"])
			assert.Equal(t, "maria-lopez-shop", user["gqSlug"])
			assert.Equal(t, "lv1", dig(t, user, "gqLevel", "key"))
			assert.Nil(t, user["gqVIP"])
			assert.Equal(t, false, dig(t, user, "gqRoles", "hasInfomation"))
			assert.Equal(t, "/api/avatar?seed=maria-lopez-shop", dig(t, user, "avatar", "url"))

			c := f.as(t, req)
			id, err := strconv.ParseInt(user["databaseId"].(string), 10, 64)
			require.NoError(t, err)
			assert.Equal(t, id, c.viewer.UserID, "the session is the new member's")
			u, err := f.db.Users().Get(t.Context(), id)
			require.NoError(t, err)
			assert.Equal(t, "maria.lopez+shop@souk.dev", u.Email)
			assert.Equal(t, referrer.ID, u.ReferrerID)
			assert.Contains(t, u.PasswordHash, "$argon2id$")

			login, _ := f.mustCall(t, newGuest(), "auth.login", map[string]any{"provider": "PASSWORD",
				"username": "maria.lopez+shop@souk.dev", "password": "secret-pw"})
			assert.Equal(t, user["databaseId"], dig(t, login, "login", "user", "databaseId"))
		})

		t.Run("by phone: masked name, random slug, referrer by id", func(t *testing.T) {
			user, _ := f.register(t, newGuest(), "+86 138 0013 8001", "secret-pw",
				map[string]any{"inviteCode": strconv.FormatInt(referrer.ID, 10)})
			assert.Equal(t, "138****8001", user["name"])
			assert.Regexp(t, `^u[a-z0-9]{9}$`, user["gqSlug"])
			u, err := f.db.Users().GetBySlug(t.Context(), user["gqSlug"].(string))
			require.NoError(t, err)
			assert.Equal(t, "+8613800138001", u.Phone)
			assert.Equal(t, referrer.ID, u.ReferrerID)
		})

		t.Run("a taken slug gets a suffix; an unknown invite code is ignored", func(t *testing.T) {
			f.member(t, persistence.User{Slug: "twin"}, "")
			user, _ := f.register(t, newGuest(), "twin@souk.dev", "secret-pw", map[string]any{"inviteCode": "nobody-here"})
			assert.Regexp(t, `^twin-[a-z0-9]{4}$`, user["gqSlug"])
			u, err := f.db.Users().GetBySlug(t.Context(), user["gqSlug"].(string))
			require.NoError(t, err)
			assert.Zero(t, u.ReferrerID)
		})

		t.Run("validation", func(t *testing.T) {
			g := newGuest()
			sign, code := f.getCode(t, g, "valid@souk.dev", "signup")
			base := func() map[string]any {
				return map[string]any{"phoneOrEmail": "valid@souk.dev", "password": "secret-pw",
					"verificationSign": sign, "verificationInput": code, "action": "signup"}
			}
			for _, tt := range []struct {
				name   string
				change map[string]any
				status int
				key    string
			}{
				{"no email", map[string]any{"phoneOrEmail": ""}, 400, "common.login.error.requiredEmail"},
				{"no phone", map[string]any{"phoneOrEmail": "", "type": "phone"}, 400, "common.login.error.requiredPhone"},
				{"bad email", map[string]any{"phoneOrEmail": "valid@"}, 400, "common.login.error.invalidEmail"},
				{"bad phone", map[string]any{"phoneOrEmail": "+1 000"}, 400, "common.login.error.invalidPhone"},
				{"no password", map[string]any{"password": ""}, 400, "common.login.error.requiredPassword"},
				{"short password", map[string]any{"password": "12345"}, 400, "common.login.error.passwordLength"},
				{"confirmation differs", map[string]any{"passwordConfirm": "secret-pX"}, 400, "common.login.error.passwordNotMatch"},
				{"terms refused", map[string]any{"agreement": false}, 400, "common.login.error.termsNotAgreed"},
				{"wrong action", map[string]any{"action": "forget"}, 400, "common.error.badField"},
				{"no code", map[string]any{"verificationInput": ""}, 400, "common.login.error.requiredCode"},
				{"no sign", map[string]any{"verificationSign": ""}, 400, "common.login.error.requiredCode"},
				{"code of another address", map[string]any{"phoneOrEmail": "other@souk.dev"}, 400, "common.login.error.codeExpired"},
				{"timestamp of the wrong type", map[string]any{"timestamp": "soon"}, 400, "common.error.badField"},
			} {
				data := base()
				for k, v := range tt.change {
					data[k] = v
				}
				_, _, err := f.call(t, g, "auth.register", data)
				requireKey(t, err, tt.status, tt.key)
			}
			data := base()
			data["passwordConfirm"] = "secret-pw"
			f.mustCall(t, g, "auth.register", data)
			_, _, err := f.call(t, g, "auth.register", data)
			requireKey(t, err, 400, "common.login.error.codeExpired")
		})

		t.Run("an address taken meanwhile", func(t *testing.T) {
			g := newGuest()
			sign, code := f.getCode(t, g, "race@souk.dev", "signup")
			f.member(t, persistence.User{Email: "race@souk.dev"}, "")
			_, _, err := f.call(t, g, "auth.register", map[string]any{"phoneOrEmail": "race@souk.dev", "password": "secret-pw",
				"verificationSign": sign, "verificationInput": code})
			requireKey(t, err, http.StatusConflict, "common.login.error.accountExists")
			f.clock.Add(time.Minute)
		})
	})
}
