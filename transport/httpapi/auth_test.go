package httpapi

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/i18n"
)

// tokenTable authenticates the tokens it lists.
type tokenTable map[string]action.Viewer

func (tt tokenTable) Authenticate(_ context.Context, token string) (action.Viewer, error) {
	if v, ok := tt[token]; ok {
		return v, nil
	}
	return action.Viewer{}, errors.New("bad token")
}

type whoReply struct {
	UserID  int64  `json:"userId"`
	IP      string `json:"ip"`
	Refresh string `json:"refresh"`
}

func newAuthServer(t *testing.T, trustProxy bool) *Server {
	t.Helper()
	catalog, err := i18n.Load(testMessages, action.Languages...)
	require.NoError(t, err)
	reg := action.NewRegistry()
	who := func(ctx context.Context, _ struct{}) (whoReply, error) {
		req := action.RequestFrom(ctx)
		return whoReply{UserID: req.Viewer.UserID, IP: req.ClientIP, Refresh: req.RefreshToken}, nil
	}
	action.Register(reg, action.Spec{Name: "test.who"}, who)
	action.Register(reg, action.Spec{Name: "test.signin"}, func(ctx context.Context, _ struct{}) (struct{}, error) {
		action.RequestFrom(ctx).SignIn(action.Session{
			AccessToken: "acc", AccessExpires: time.Now().Add(15 * time.Minute),
			RefreshToken: "ref", RefreshExpires: time.Now().Add(30 * 24 * time.Hour),
		})
		return struct{}{}, nil
	})
	action.Register(reg, action.Spec{Name: "auth.refresh"}, who)
	action.Register(reg, action.Spec{Name: "auth.logout"}, func(ctx context.Context, _ struct{}) (struct{}, error) {
		action.RequestFrom(ctx).SignOut()
		return struct{}{}, nil
	})
	return New(Config{
		Registry: reg, Translator: catalog, TrustProxy: trustProxy,
		Auth: tokenTable{"good": {UserID: 42}, "other": {UserID: 7}},
	})
}

// jsonRequest is a POST of a JSON body.
func jsonRequest(target, body string) *http.Request {
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return req
}

func cookiesOf(res *httptest.ResponseRecorder) map[string]*http.Cookie {
	out := map[string]*http.Cookie{}
	for _, c := range res.Result().Cookies() {
		out[c.Name] = c
	}
	return out
}

func TestSignInSetsCookies(t *testing.T) {
	t.Parallel()
	s := newAuthServer(t, false)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, jsonRequest("/api/request", `{"action":"test.signin"}`))
	require.Equal(t, 200, rec.Code)
	c := cookiesOf(rec)
	require.Equal(t, "acc", c[AccessCookie].Value)
	require.True(t, c[AccessCookie].HttpOnly)
	require.Equal(t, http.SameSiteLaxMode, c[AccessCookie].SameSite)
	require.False(t, c[AccessCookie].Secure, "plain HTTP")
	require.Equal(t, "ref", c[RefreshCookie].Value)
	require.True(t, c[RefreshCookie].HttpOnly)
	require.Equal(t, "/api/auth", c[RefreshCookie].Path)
	require.False(t, c[ExpiryCookie].HttpOnly, "the client reads the expiry")
	require.NotEmpty(t, c[ExpiryCookie].Value)
}

func TestSecureCookiesBehindTLSProxy(t *testing.T) {
	t.Parallel()
	s := newAuthServer(t, true)
	req := jsonRequest("/api/request", `{"action":"test.signin"}`)
	req.Header.Set("X-Forwarded-Proto", "https")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	require.True(t, cookiesOf(rec)[AccessCookie].Secure)
}

func TestViewerFromTokens(t *testing.T) {
	t.Parallel()
	s := newAuthServer(t, false)
	tests := []struct {
		name   string
		body   string
		cookie string
		want   string
	}{
		{"guest", `{"action":"test.who"}`, "", `"userId":0`},
		{"access cookie", `{"action":"test.who"}`, AccessCookie + "=good", `"userId":42`},
		{"forged cookie is a guest", `{"action":"test.who"}`, AccessCookie + "=forged", `"userId":0`},
		{"envelope token wins over the cookie", `{"action":"test.who","authToken":"other"}`, AccessCookie + "=good", `"userId":7`},
		{"forged envelope token is a guest", `{"action":"test.who","authToken":"forged"}`, AccessCookie + "=good", `"userId":0`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := jsonRequest("/api/request", tt.body)
			if tt.cookie != "" {
				req.Header.Set("Cookie", tt.cookie)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			require.Equal(t, 200, rec.Code)
			require.Contains(t, rec.Body.String(), tt.want)
		})
	}
}

func TestRefreshAndLogoutEndpoints(t *testing.T) {
	t.Parallel()
	s := newAuthServer(t, false)
	req := httptest.NewRequest("POST", "/api/auth/refresh", nil)
	req.Header.Set("Cookie", RefreshCookie+"=r-123")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	require.Equal(t, 200, rec.Code)
	require.Contains(t, rec.Body.String(), `"refresh":"r-123"`)

	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/auth/logout", nil))
	require.Equal(t, 200, rec.Code)
	c := cookiesOf(rec)
	for _, name := range []string{AccessCookie, RefreshCookie, ExpiryCookie} {
		require.Contains(t, c, name)
		require.Equal(t, -1, c[name].MaxAge, name)
	}
}

func TestClientIP(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		trust bool
		xff   string
		want  string
	}{
		{false, "", `"ip":"192.0.2.1"`},
		{false, "203.0.113.9", `"ip":"192.0.2.1"`},
		{true, "198.51.100.1, 203.0.113.9", `"ip":"203.0.113.9"`},
		{true, "garbage", `"ip":"192.0.2.1"`},
	} {
		s := newAuthServer(t, tt.trust)
		req := jsonRequest("/api/request", `{"action":"test.who"}`)
		if tt.xff != "" {
			req.Header.Set("X-Forwarded-For", tt.xff)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		require.Contains(t, rec.Body.String(), tt.want)
	}
}

func recordOf(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func httptestGet(target string) *http.Request {
	return httptest.NewRequest(http.MethodGet, target, nil)
}
