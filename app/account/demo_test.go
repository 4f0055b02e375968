package account_test

import (
	"time"

	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/auth"
	"souk/app/demo"
	"souk/app/i18n"
	"souk/internal/authtest"
	"souk/persistence"
	"souk/transport/httpapi"
	"souk/webui"
)

// TestDemoAccounts runs on the demo content: the viewers of the demo admin,
// VIP and member, and the whole cookie flow over HTTP.
func TestDemoAccounts(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		db := authtest.OpenDB(t, kind)
		_, err := demo.Seed(t.Context(), db)
		require.NoError(t, err)
		f := authtest.NewService(t, db, nil)
		users := map[string]persistence.User{}
		for _, l := range demo.Logins {
			u, err := db.Users().GetBySlug(t.Context(), l.Slug)
			require.NoError(t, err)
			users[l.Role] = u
		}
		viewer := func(role string) map[string]any {
			reply, _ := f.MustCall(t, authtest.Caller{Lang: "en", Viewer: authtest.ViewerOf(users[role])}, "auth.viewer", nil)
			return reply["viewer"].(map[string]any)
		}

		t.Run("admin", func(t *testing.T) {
			v := viewer("admin")
			assert.Equal(t, "Souk Admin", v["name"])
			assert.Equal(t, "admin", v["gqSlug"])
			assert.Equal(t, "lv6", authtest.Dig(t, v, "gqLevel", "key"))
			assert.Nil(t, v["gqVIP"])
			roles := v["gqRoles"].(map[string]any)
			assert.Equal(t, true, roles["isAdmin"])
			assert.Equal(t, true, roles["canBuilder"])
			assert.Contains(t, roles["userCan"], "chat")
			assert.Contains(t, roles["userCan"], "directMessages")
			assert.Equal(t, map[string]any{"can": true, "max": 0.0, "count": 0.0}, roles["attachment"])
			held, err := db.Wallets().Balances(t.Context(), users["admin"].ID)
			require.NoError(t, err)
			assert.Equal(t, fmt.Sprintf(`{"CNY":%q,"EUR":%q,"USD":%q}`, minor2(held["CNY"]), minor2(held["EUR"]), minor2(held["USD"])),
				v["gqMoney"], "the demo wallet's balances, every currency with 2 decimals")
			assert.EqualValues(t, held[persistence.AssetCredit], v["gqCredit"])
		})

		t.Run("vip", func(t *testing.T) {
			v := viewer("vip")
			assert.Equal(t, "vip2", authtest.Dig(t, v, "gqVIP", "key"))
			assert.NotEmpty(t, authtest.Dig(t, v, "gqVIP", "name"))
			assert.Equal(t, "lv4", authtest.Dig(t, v, "gqLevel", "key"))
			roles := v["gqRoles"].(map[string]any)
			assert.Equal(t, false, roles["isAdmin"])
			assert.Equal(t, false, roles["canBuilder"])
			assert.Equal(t, []any{"chat", "directMessages"}, roles["userCan"])
			assert.Equal(t, map[string]any{"can": true, "max": 0.0, "count": 0.0}, roles["image"], "VIP images are unlimited")
			assert.Equal(t, map[string]any{"can": true, "max": 10.0, "count": 0.0}, roles["video"], "the better of lv4 and vip2")
		})

		t.Run("member", func(t *testing.T) {
			v := viewer("member")
			assert.Equal(t, "Ming Member", v["name"])
			assert.Equal(t, "lv1", authtest.Dig(t, v, "gqLevel", "key"))
			assert.Equal(t, "Lv1 Newcomer", authtest.Dig(t, v, "gqLevel", "name"))
			assert.Nil(t, v["gqVIP"])
			roles := v["gqRoles"].(map[string]any)
			assert.Equal(t, []any{}, roles["userCan"])
			assert.Equal(t, map[string]any{"can": true, "max": 5.0, "count": 0.0}, roles["image"])
			assert.Equal(t, map[string]any{"can": false, "max": 0.0, "count": 0.0}, roles["video"])
			assert.Equal(t, "/api/avatar?seed=member", authtest.Dig(t, v, "avatar", "url"))
		})

		t.Run("cookies over HTTP: login, refresh rotates, a reused refresh token is refused", func(t *testing.T) {
			catalog, err := i18n.Load(webui.Locales(), action.Languages...)
			require.NoError(t, err)
			server := httpapi.New(httpapi.Config{Registry: f.Reg, Translator: catalog, Auth: f.Creds.Sessions()})
			do := func(method, path, body string, cookies ...*http.Cookie) *httptest.ResponseRecorder {
				req := httptest.NewRequest(method, path, strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				for _, c := range cookies {
					req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
				}
				rec := httptest.NewRecorder()
				server.ServeHTTP(rec, req)
				return rec
			}
			cookies := func(rec *httptest.ResponseRecorder) map[string]*http.Cookie {
				out := map[string]*http.Cookie{}
				for _, c := range rec.Result().Cookies() {
					out[c.Name] = c
				}
				return out
			}

			rec := do("POST", "/api/request", `{"action":"auth.login","lang":"en","data":{"editStatus":false,"provider":"PASSWORD","username":"member@souk.dev","password":"`+demo.MemberPassword+`"}}`)
			require.Equal(t, 200, rec.Code, rec.Body.String())
			assert.Contains(t, rec.Body.String(), `"gqSlug":"member"`)
			login := cookies(rec)
			require.NotEmpty(t, login[httpapi.AccessCookie].Value)
			require.NotEmpty(t, login[httpapi.RefreshCookie].Value)
			assert.True(t, login[httpapi.RefreshCookie].HttpOnly)
			assert.Equal(t, "/api/auth", login[httpapi.RefreshCookie].Path)
			assert.NotEmpty(t, login[httpapi.ExpiryCookie].Value)

			rec = do("POST", "/api/request", `{"action":"auth.viewer"}`, login[httpapi.AccessCookie])
			require.Equal(t, 200, rec.Code)
			assert.Contains(t, rec.Body.String(), `"gqSlug":"member"`)
			rec = do("POST", "/api/request", `{"action":"auth.viewer"}`, &http.Cookie{Name: httpapi.AccessCookie, Value: login[httpapi.AccessCookie].Value + "x"})
			assert.JSONEq(t, `{"viewer":null}`, rec.Body.String(), "a forged token is a guest")

			rec = do("POST", "/api/auth/refresh", "", login[httpapi.RefreshCookie])
			require.Equal(t, 200, rec.Code, rec.Body.String())
			rotated := cookies(rec)
			require.NotEqual(t, login[httpapi.RefreshCookie].Value, rotated[httpapi.RefreshCookie].Value)
			assert.Contains(t, rec.Body.String(), `"authToken":"`+rotated[httpapi.AccessCookie].Value+`"`)
			rec = do("POST", "/api/request", `{"action":"auth.viewer","authToken":"`+rotated[httpapi.AccessCookie].Value+`"}`)
			assert.Contains(t, rec.Body.String(), `"gqSlug":"member"`)

			f.Clock.Add(auth.RefreshReuseGrace + time.Second)
			rec = do("POST", "/api/auth/refresh", "", login[httpapi.RefreshCookie])
			require.Equal(t, 401, rec.Code, "a refresh token shown again past the grace is a reuse")
			assert.Contains(t, rec.Body.String(), `"statusCode":401`)
			for _, name := range []string{httpapi.AccessCookie, httpapi.RefreshCookie, httpapi.ExpiryCookie} {
				require.Contains(t, cookies(rec), name)
				assert.Equal(t, -1, cookies(rec)[name].MaxAge, "%s cleared", name)
			}
			rec = do("POST", "/api/auth/refresh", "", rotated[httpapi.RefreshCookie])
			require.Equal(t, 401, rec.Code, "the reuse ended the whole family")

			rec = do("POST", "/api/request", `{"action":"auth.login","lang":"en","data":{"provider":"PASSWORD","username":"member@souk.dev","password":"wrong"}}`)
			require.Equal(t, 400, rec.Code)
			assert.Empty(t, cookies(rec))
			rec2 := do("POST", "/api/request", `{"action":"auth.login","lang":"en","data":{"provider":"PASSWORD","username":"nobody@souk.dev","password":"wrong"}}`)
			assert.Equal(t, rec.Body.String(), rec2.Body.String(), "unknown account and wrong password read the same")

			rec = do("POST", "/api/auth/logout", "", rotated[httpapi.RefreshCookie])
			require.Equal(t, 200, rec.Code)
			assert.JSONEq(t, `{"logout":{"success":true}}`, rec.Body.String())
		})
	})
}

// minor2 writes minor units of a 2-decimal currency.
func minor2(amount int64) string { return fmt.Sprintf("%d.%02d", amount/100, amount%100) }
