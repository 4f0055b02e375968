package web

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sha256Source(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// Pages run the site's scripts only: index.html's inline script by its
// hash, and an analytics snippet's scripts only while one is configured.
func TestPagePolicy(t *testing.T) {
	t.Parallel()
	inline := `(function(){document.documentElement.classList.add("dark")})();`
	dist := fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><html><head><script>` + inline +
		`</script><script type="module" src="/assets/main-A.js"></script></head><body></body></html>`)}}
	snippet := ""
	h, err := New(Config{Dist: dist, Locales: fstest.MapFS{}, Describe: func(context.Context, string, bool) (Page, error) { return Page{Found: true}, nil },
		Analytics: func(context.Context) string { return snippet }})
	require.NoError(t, err)

	res := serve(h, http.MethodGet, "/")
	require.Equal(t, http.StatusOK, res.StatusCode)
	csp := res.Header.Get("Content-Security-Policy")
	assert.Contains(t, csp, "frame-ancestors 'none'")
	assert.Contains(t, csp, "frame-src 'self' https:;", "an administrator's embeds come from https pages only")
	assert.Contains(t, csp, "object-src 'none'")
	assert.Contains(t, csp, "script-src 'self' "+sha256Source(inline))
	assert.NotContains(t, strings.SplitAfter(csp, "script-src")[1], "unsafe")
	assert.Equal(t, "DENY", res.Header.Get("X-Frame-Options"))
	assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))

	tag := `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());`
	snippet = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>` + tag + `</script>`
	csp = serve(h, http.MethodGet, "/").Header.Get("Content-Security-Policy")
	assert.Contains(t, csp, "https://www.googletagmanager.com")
	assert.Contains(t, csp, sha256Source(tag))

	snippet = ""
	csp = serve(h, http.MethodGet, "/").Header.Get("Content-Security-Policy")
	assert.NotContains(t, csp, "googletagmanager", "removed with the snippet")
	assert.NotContains(t, csp, sha256Source(tag))
}
