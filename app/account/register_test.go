package account_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/internal/authtest"
	"souk/persistence"
)

func TestRegister(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		referrer := f.Member(t, persistence.User{Slug: "ref-ana", Email: "ref@souk.dev"}, "pw-123456")

		t.Run("by email: signed in, lowest level, profile to complete, referrer kept", func(t *testing.T) {
			user, req := f.Register(t, authtest.NewGuest(), "Maria.Lopez+shop@Souk.dev", "secret-pw", map[string]any{"inviteCode": "ref-ana"})
			assert.Equal(t, "maria.lopez+shop", user["name"])
			assert.Equal(t, "maria-lopez-shop", user["gqSlug"])
			assert.Equal(t, "lv1", authtest.Dig(t, user, "gqLevel", "key"))
			assert.Nil(t, user["gqVIP"])
			assert.Equal(t, false, authtest.Dig(t, user, "gqRoles", "hasInfomation"))
			assert.Equal(t, "/api/avatar?seed=maria-lopez-shop", authtest.Dig(t, user, "avatar", "url"))

			c := f.As(t, req)
			id, err := strconv.ParseInt(user["databaseId"].(string), 10, 64)
			require.NoError(t, err)
			assert.Equal(t, id, c.Viewer.UserID, "the session is the new member's")
			u, err := f.DB.Users().Get(t.Context(), id)
			require.NoError(t, err)
			assert.Equal(t, "maria.lopez+shop@souk.dev", u.Email)
			assert.Equal(t, referrer.ID, u.ReferrerID)
			assert.Contains(t, u.PasswordHash, "$argon2id$")

			login, _ := f.MustCall(t, authtest.NewGuest(), "auth.login", map[string]any{"provider": "PASSWORD",
				"username": "maria.lopez+shop@souk.dev", "password": "secret-pw"})
			assert.Equal(t, user["databaseId"], authtest.Dig(t, login, "login", "user", "databaseId"))
		})

		t.Run("by phone: masked name, random slug, referrer by id", func(t *testing.T) {
			user, _ := f.Register(t, authtest.NewGuest(), "+86 138 0013 8001", "secret-pw",
				map[string]any{"inviteCode": strconv.FormatInt(referrer.ID, 10)})
			assert.Equal(t, "138****8001", user["name"])
			assert.Regexp(t, `^u[a-z0-9]{9}$`, user["gqSlug"])
			u, err := f.DB.Users().GetBySlug(t.Context(), user["gqSlug"].(string))
			require.NoError(t, err)
			assert.Equal(t, "+8613800138001", u.Phone)
			assert.Equal(t, referrer.ID, u.ReferrerID)
		})

		t.Run("a taken slug gets a suffix; an unknown invite code is ignored", func(t *testing.T) {
			f.Member(t, persistence.User{Slug: "twin"}, "")
			user, _ := f.Register(t, authtest.NewGuest(), "twin@souk.dev", "secret-pw", map[string]any{"inviteCode": "nobody-here"})
			assert.Regexp(t, `^twin-[a-z0-9]{4}$`, user["gqSlug"])
			u, err := f.DB.Users().GetBySlug(t.Context(), user["gqSlug"].(string))
			require.NoError(t, err)
			assert.Zero(t, u.ReferrerID)
		})

		t.Run("the register coupons, once", func(t *testing.T) {
			require.NoError(t, f.DB.Coupons().Insert(t.Context(), []persistence.Coupon{{Code: "WELCOME", Type: "register",
				Names: map[string]string{"en": "Welcome"}, FaceCurrency: "CNY", FaceValue: 500, CreatedAt: 1}}))
			user, _ := f.Register(t, authtest.NewGuest(), "coupons@souk.dev", "secret-pw", nil)
			id, err := strconv.ParseInt(user["databaseId"].(string), 10, 64)
			require.NoError(t, err)
			got, err := f.DB.Coupons().ListByOwner(t.Context(), id, "", persistence.Now(), persistence.CouponCursor{}, 10)
			require.NoError(t, err)
			require.Len(t, got, 1)
			assert.Equal(t, "WELCOME", got[0].Template)
			assert.Equal(t, int64(500), got[0].FaceValue)
		})

		t.Run("validation", func(t *testing.T) {
			g := authtest.NewGuest()
			sign, code := f.GetCode(t, g, "valid@souk.dev", "signup")
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
				{"7 characters", map[string]any{"password": "secretp"}, 400, "common.login.error.passwordLength"},
				{"a common password", map[string]any{"password": "123456"}, 400, "common.login.error.passwordLength"},
				{"a common password of 8", map[string]any{"password": "12345678"}, 400, "common.login.error.passwordCommon"},
				{"a common password, capitalized", map[string]any{"password": "Password1"}, 400, "common.login.error.passwordCommon"},
				{"the email", map[string]any{"password": "Valid@Souk.dev"}, 400, "common.login.error.passwordIsAccount"},
				{"the email's name", map[string]any{"password": "valid"}, 400, "common.login.error.passwordLength"},
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
				_, _, err := f.Call(t, g, "auth.register", data)
				authtest.RequireKey(t, err, tt.status, tt.key)
			}
			data := base()
			data["passwordConfirm"] = "secret-pw"
			f.MustCall(t, g, "auth.register", data)
			_, _, err := f.Call(t, g, "auth.register", data)
			authtest.RequireKey(t, err, 400, "common.login.error.codeExpired")
		})

		t.Run("an address taken meanwhile", func(t *testing.T) {
			g := authtest.NewGuest()
			sign, code := f.GetCode(t, g, "race@souk.dev", "signup")
			f.Member(t, persistence.User{Email: "race@souk.dev"}, "")
			_, _, err := f.Call(t, g, "auth.register", map[string]any{"phoneOrEmail": "race@souk.dev", "password": "secret-pw",
				"verificationSign": sign, "verificationInput": code})
			authtest.RequireKey(t, err, http.StatusConflict, "common.login.error.accountExists")
			f.Clock.Add(time.Minute)
		})
	})
}
