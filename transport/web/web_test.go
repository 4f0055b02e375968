package web

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

// pageExists is a Describe that only knows which pages exist.
type pageExists func(ctx context.Context, path string) (bool, error)

func newTestHandler(t *testing.T, dist fstest.MapFS, exists pageExists) *Handler {
	t.Helper()
	h, err := New(Config{
		Dist: dist,
		Locales: fstest.MapFS{
			"en.json": {Data: []byte(`{"hello":"Hello"}`)},
			"es.json": {Data: []byte(`{"hello":"Hola"}`)},
		},
		Languages: []string{"en", "es"},
		Describe: func(ctx context.Context, path string, _ bool) (Page, error) {
			found, err := exists(ctx, path)
			return Page{Found: found}, err
		},
	})
	require.NoError(t, err)
	return h
}

var builtClient = fstest.MapFS{
	"index.html":                 {Data: []byte("<!doctype html><html><body>app</body></html>")},
	"assets/main-ABC123.js":      {Data: []byte("console.log(1)")},
	"assets/styles-DEF456.css":   {Data: []byte("body{}")},
	"builds/latest.json":         {Data: []byte(`{"id":"b1"}`)},
	"builds/meta/b1.json":        {Data: []byte(`{"id":"b1"}`)},
	"robots.txt":                 {Data: []byte("User-agent: *")},
	"assets/nested/deep-AAA.txt": {Data: []byte("deep")},
}

func serve(h http.Handler, method, target string, headers ...string) *http.Response {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
		if headers[i] == "Host" {
			req.Host = headers[i+1]
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(b)
}

func TestServesClient(t *testing.T) {
	t.Parallel()
	exists := func(_ context.Context, path string) (bool, error) {
		switch path {
		case "/broken":
			return false, errors.New("database down")
		case "/", "/en/about":
			return true, nil
		}
		return false, nil
	}
	h := newTestHandler(t, builtClient, exists)

	tests := []struct {
		name, method, target string
		headers              []string
		status               int
		cache, ctype, body   string
	}{
		{"home", "GET", "/", nil, 200, "no-cache", "text/html; charset=utf-8", "<!doctype html><html><body>app</body></html>"},
		{"known page", "GET", "/en/about", nil, 200, "no-cache", "text/html; charset=utf-8", "<!doctype html><html><body>app</body></html>"},
		{"unknown page is the app with 404", "GET", "/nowhere", nil, 404, "no-cache", "text/html; charset=utf-8", "<!doctype html><html><body>app</body></html>"},
		{"resolution failure is a 500 with the app", "GET", "/broken", nil, 500, "no-cache", "text/html; charset=utf-8", "<!doctype html><html><body>app</body></html>"},
		{"head has no body", "HEAD", "/", nil, 200, "no-cache", "text/html; charset=utf-8", ""},
		{"hashed script is immutable", "GET", "/assets/main-ABC123.js", nil, 200, "public, max-age=31536000, immutable", "text/javascript; charset=utf-8", "console.log(1)"},
		{"hashed css", "GET", "/assets/styles-DEF456.css", nil, 200, "public, max-age=31536000, immutable", "text/css; charset=utf-8", "body{}"},
		{"missing asset is a plain 404", "GET", "/assets/nope.js", nil, 404, "", "text/plain; charset=utf-8", "404 page not found\n"},
		{"latest build is revalidated", "GET", "/builds/latest.json", nil, 200, "no-cache", "application/json", `{"id":"b1"}`},
		{"build meta is immutable", "GET", "/builds/meta/b1.json", nil, 200, "public, max-age=31536000, immutable", "application/json", `{"id":"b1"}`},
		{"build meta name is checked", "GET", "/builds/meta/..%2F..%2Fsecret", nil, 404, "no-cache", "text/html; charset=utf-8", "<!doctype html><html><body>app</body></html>"},
		{"messages", "GET", "/_i18n/es/messages.json", nil, 200, "public, max-age=86400", "application/json; charset=utf-8", `{"hello":"Hola"}`},
		{"unknown locale", "GET", "/_i18n/fr/messages.json", nil, 404, "", "application/json; charset=utf-8", `{"statusCode":404,"messages":["unknown locale"],"codes":["common.error.notFound"]}`},
		{"other file under a locale", "GET", "/_i18n/en/other.json", nil, 404, "", "application/json; charset=utf-8", `{"statusCode":404,"messages":["unknown locale"],"codes":["common.error.notFound"]}`},
		{"post is not allowed", "POST", "/", nil, 405, "", "text/plain; charset=utf-8", "Method Not Allowed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := serve(h, tt.method, tt.target, tt.headers...)
			require.Equal(t, tt.status, res.StatusCode)
			require.Equal(t, tt.cache, res.Header.Get("Cache-Control"))
			require.Equal(t, tt.ctype, res.Header.Get("Content-Type"))
			require.Equal(t, tt.body, body(t, res))
		})
	}
}

func TestMessagesRevalidateByETag(t *testing.T) {
	t.Parallel()
	h := newTestHandler(t, builtClient, func(context.Context, string) (bool, error) { return true, nil })
	first := serve(h, "GET", "/_i18n/en/messages.json")
	etag := first.Header.Get("ETag")
	require.NotEmpty(t, etag)
	again := serve(h, "GET", "/_i18n/en/messages.json", "If-None-Match", etag)
	require.Equal(t, http.StatusNotModified, again.StatusCode)
	require.Empty(t, body(t, again))
	other := serve(h, "GET", "/_i18n/es/messages.json", "If-None-Match", etag)
	require.Equal(t, http.StatusOK, other.StatusCode)
}

func TestUnbuiltClientSaysSo(t *testing.T) {
	t.Parallel()
	h := newTestHandler(t, fstest.MapFS{}, func(context.Context, string) (bool, error) { return true, nil })
	res := serve(h, "GET", "/")
	require.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
	require.Contains(t, body(t, res), "make build")
}

func TestMissingLocaleFailsAtStart(t *testing.T) {
	t.Parallel()
	_, err := New(Config{Dist: builtClient, Locales: fstest.MapFS{}, Languages: []string{"en"}})
	require.Error(t, err)
}
