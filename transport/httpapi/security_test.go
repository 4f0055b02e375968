package httpapi

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
)

// Another site's page can post forms and text/plain without asking the
// browser first: /api/request takes JSON only.
func TestRequestNeedsJSON(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, nil)
	body := `{"action":"test.greet","lang":"en","data":{"name":"a"}}`
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/jsonp"} {
		res := do(t, s, http.MethodPost, "/api/request", body, "Content-Type", ct, "Accept-Language", "en")
		assert.Equal(t, http.StatusUnsupportedMediaType, res.status, ct)
		assert.JSONEq(t, `{"statusCode":415,"messages":["The request must be sent as JSON"],"codes":["common.error.contentType"]}`, res.body, ct)
	}
	res := do(t, s, http.MethodPost, "/api/request", body, "Content-Type", "application/json; charset=utf-8")
	assert.Equal(t, http.StatusOK, res.status)
}

// Every state-changing request is refused when a browser says it came from
// another origin, a sibling subdomain or port included.
func TestStateChangingRequestsRefuseOtherSites(t *testing.T) {
	t.Parallel()
	s := newAuthServer(t, false)
	s.publicOrigin = originOf("https://souk.example")
	tests := []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"no browser headers (a script, the bench suite)", nil, http.StatusOK},
		{"the public URL", map[string]string{"Origin": "https://souk.example"}, http.StatusOK},
		{"the request's own host", map[string]string{"Origin": "http://example.com"}, http.StatusOK},
		{"same-origin without Origin", map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusOK},
		{"another site", map[string]string{"Origin": "https://evil.test"}, http.StatusForbidden},
		{"a sibling subdomain", map[string]string{"Origin": "https://blog.souk.example"}, http.StatusForbidden},
		{"another port", map[string]string{"Origin": "http://example.com:8081"}, http.StatusForbidden},
		{"another scheme", map[string]string{"Origin": "http://souk.example"}, http.StatusForbidden},
		{"an opaque origin", map[string]string{"Origin": "null"}, http.StatusForbidden},
		{"cross-site without Origin", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"same-site without Origin", map[string]string{"Sec-Fetch-Site": "same-site"}, http.StatusForbidden},
	}
	for _, path := range []string{"/api/request", "/api/auth/refresh", "/api/auth/logout"} {
		for _, tt := range tests {
			req := jsonRequest(path, `{"action":"test.who","lang":"en"}`)
			req.Header.Set("Accept-Language", "en")
			for k, v := range tt.headers {
				req.Header.Set(k, v)
			}
			rec := recordOf(s, req)
			assert.Equal(t, tt.want, rec.Code, "%s: %s", path, tt.name)
			if tt.want == http.StatusForbidden {
				assert.Contains(t, rec.Body.String(), "This request did not come from this site", path)
				assert.Empty(t, rec.Result().Cookies(), "a refused logout clears nothing")
			}
		}
	}
}

// A picture or a link must not sign anyone out: logout is POST only.
func TestLogoutIsPostOnly(t *testing.T) {
	t.Parallel()
	s := newAuthServer(t, false)
	for _, path := range []string{"/api/auth/logout", "/api/auth/refresh", "/api/request"} {
		res := do(t, s, http.MethodGet, path, "", "Accept-Language", "en")
		assert.Equal(t, http.StatusMethodNotAllowed, res.status, path)
		assert.Equal(t, http.MethodPost, res.header.Get("Allow"), path)
		assert.Contains(t, res.body, "common.error.methodNotAllowed", path)
		assert.Empty(t, res.header.Values("Set-Cookie"), path)
	}
}

// A name of any length was echoed whole in the 404 and logged whole.
func TestUnknownActionNamesAreBounded(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, nil)
	long := strings.Repeat("x", 900)
	res := do(t, s, http.MethodPost, "/api/request", `{"action":"`+long+`","lang":"en"}`)
	require.Equal(t, http.StatusNotFound, res.status)
	assert.NotContains(t, res.body, strings.Repeat("x", action.MaxNameLength+1))
	assert.Contains(t, res.body, strings.Repeat("x", action.MaxNameLength)+"…")

	res = do(t, newAuthServer(t, false), http.MethodPost, "/api/request", `{"action":"test.who","path":"/`+strings.Repeat("p", maxEnvelopePath)+`","lang":"en"}`)
	assert.Equal(t, http.StatusBadRequest, res.status)
	assert.Contains(t, res.body, "Invalid value for field path")

	res = do(t, s, http.MethodGet, "/api/"+strings.Repeat("y", 900), "")
	assert.Equal(t, http.StatusNotFound, res.status)
	assert.NotContains(t, res.body, strings.Repeat("y", maxEchoedPath))
}

// Every response, JSON included, carries the headers that stop sniffing,
// framing and leaking paths in referrers; HSTS only when asked, over HTTPS.
func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, nil)
	for _, res := range []response{
		do(t, s, http.MethodPost, "/api/request", `{"action":"test.greet"}`),
		do(t, s, http.MethodPost, "/api/request", `{"action":"nope"}`),
		do(t, s, http.MethodGet, "/healthz", ""),
		do(t, s, http.MethodGet, "/api/qrcode?str=hi", ""),
	} {
		assert.Equal(t, "nosniff", res.header.Get("X-Content-Type-Options"))
		assert.Equal(t, "DENY", res.header.Get("X-Frame-Options"))
		assert.Equal(t, "strict-origin-when-cross-origin", res.header.Get("Referrer-Policy"))
		assert.Contains(t, res.header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
		assert.Empty(t, res.header.Get("Strict-Transport-Security"), "off by default")
	}
	hsts := New(Config{Registry: action.NewRegistry(), Translator: keyTranslator{}, HSTS: true, TrustProxy: true})
	assert.Empty(t, do(t, hsts, http.MethodGet, "/healthz", "").header.Get("Strict-Transport-Security"), "not over plain HTTP")
	assert.Equal(t, hstsValue, do(t, hsts, http.MethodGet, "/healthz", "", "X-Forwarded-Proto", "https").header.Get("Strict-Transport-Security"))
}

// /metrics is for operators: on the debug listener (Server.Metrics), or
// here only with the configured token.
func TestMetricsAreNotPublic(t *testing.T) {
	t.Parallel()
	public := New(Config{Registry: action.NewRegistry(), Translator: keyTranslator{}})
	assert.Equal(t, http.StatusNotFound, do(t, public, http.MethodGet, "/metrics", "").status)
	assert.Equal(t, http.StatusOK, recordOf(public.Metrics(), httptestGet("/metrics")).Code)

	s := newTestServer(t, nil)
	assert.Equal(t, http.StatusNotFound, do(t, s, http.MethodGet, "/metrics", "").status)
	assert.Equal(t, http.StatusNotFound, do(t, s, http.MethodGet, "/metrics", "", "Authorization", "Bearer wrong").status)
	assert.Equal(t, http.StatusOK, do(t, s, http.MethodGet, "/metrics", "", "Authorization", "Bearer "+testMetricsToken).status)
}
