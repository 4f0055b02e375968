package web

import (
	"context"
	"net/http"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var installableClient = fstest.MapFS{
	"index.html":                   {Data: []byte(shellIndex)},
	"sw.js":                        {Data: []byte("self.addEventListener('fetch',()=>{})")},
	"manifest/zh-hans.webmanifest": {Data: []byte(`{"lang":"zh-hans"}`)},
	"manifest/en.webmanifest":      {Data: []byte(`{"lang":"en"}`)},
	"manifest/es.webmanifest":      {Data: []byte(`{"lang":"es"}`)},
	"icons/icon-192.png":           {Data: []byte("\x89PNG")},
	"offline/es.html":              {Data: []byte("<!doctype html><p>sin conexión</p>")},
}

func TestServesInstallableApp(t *testing.T) {
	t.Parallel()
	h := newTestHandler(t, installableClient, func(context.Context, string) (bool, error) { return true, nil })
	for _, tt := range []struct {
		name, target string
		status       int
		cache, ctype string
		body         string
	}{
		{"service worker", "/sw.js", 200, "no-cache", "text/javascript; charset=utf-8", "self.addEventListener('fetch',()=>{})"},
		{"default language manifest", "/manifest.webmanifest", 200, "public, max-age=3600", "application/manifest+json", `{"lang":"zh-hans"}`},
		{"english manifest", "/en/manifest.webmanifest", 200, "public, max-age=3600", "application/manifest+json", `{"lang":"en"}`},
		{"spanish manifest", "/es/manifest.webmanifest", 200, "public, max-age=3600", "application/manifest+json", `{"lang":"es"}`},
		{"manifest under a page is none", "/en/article/manifest.webmanifest", 404, "", "text/plain; charset=utf-8", "404 page not found\n"},
		{"icon", "/icons/icon-192.png", 200, "public, max-age=86400", "image/png", "\x89PNG"},
		{"icon name is checked", "/icons/..%2Findex.html", 200, "no-cache", "text/html; charset=utf-8", ""},
		{"offline page", "/_offline/es.html", 200, "no-cache", "text/html; charset=utf-8", "<!doctype html><p>sin conexión</p>"},
		{"offline page of no language", "/_offline/fr.html", 404, "", "text/plain; charset=utf-8", "404 page not found\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := serve(h, "GET", tt.target)
			require.Equal(t, tt.status, res.StatusCode)
			require.Equal(t, tt.cache, res.Header.Get("Cache-Control"))
			require.Equal(t, tt.ctype, res.Header.Get("Content-Type"))
			if tt.body != "" {
				require.Equal(t, tt.body, body(t, res))
			}
		})
	}

	worker := serve(h, "GET", "/sw.js")
	assert.Equal(t, "/", worker.Header.Get("Service-Worker-Allowed"))
	assert.Equal(t, workerPolicy, worker.Header.Get("Content-Security-Policy"), "the worker may fetch from the site")
	assert.Equal(t, offlinePolicy, serve(h, "GET", "/_offline/es.html").Header.Get("Content-Security-Policy"))
}

func TestPagesLinkTheirLanguagesManifest(t *testing.T) {
	t.Parallel()
	h := newTestHandler(t, installableClient, func(context.Context, string) (bool, error) { return true, nil })
	for path, want := range map[string]string{"/": "/manifest.webmanifest", "/en/cart": "/en/manifest.webmanifest", "/es": "/es/manifest.webmanifest"} {
		res := serve(h, "GET", path)
		require.Equal(t, http.StatusOK, res.StatusCode)
		assert.Contains(t, body(t, res), `<link rel="manifest" href="`+want+`" />`, path)
		assert.Contains(t, res.Header.Get("Content-Security-Policy"), "manifest-src 'self'; worker-src 'self'")
	}
}
