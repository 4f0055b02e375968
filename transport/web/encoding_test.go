package web

import (
	"context"
	"net/http"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAcceptedCodings(t *testing.T) {
	names := func(cs []coding) []string {
		out := []string{}
		for _, c := range cs {
			out = append(out, c.name)
		}
		return out
	}
	for _, tc := range []struct {
		lines []string
		want  []string
	}{
		{nil, []string{}},
		{[]string{"gzip, deflate, br, zstd"}, []string{"br", "gzip"}},
		{[]string{"gzip"}, []string{"gzip"}},
		{[]string{"br;q=0.5, gzip;q=0.9"}, []string{"gzip", "br"}},
		{[]string{"br;q=0, gzip"}, []string{"gzip"}},
		{[]string{"*"}, []string{"br", "gzip"}},
		{[]string{"*;q=0.1, br;q=0"}, []string{"gzip"}},
		{[]string{"identity"}, []string{}},
		{[]string{"GZIP", "BR ; Q=1"}, []string{"br", "gzip"}},
		{[]string{"x-gzip"}, []string{"gzip"}},
		{[]string{"br;q=bad"}, []string{"br"}},
	} {
		assert.Equal(t, tc.want, names(acceptedCodings(tc.lines)), "%q", tc.lines)
	}
}

// TestServesPrecompressedAssets sends a script in the coding the browser
// prefers of those the build wrote, and the file itself to a browser that
// takes none of them; every answer says it varies by Accept-Encoding.
func TestServesPrecompressedAssets(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":                {Data: []byte("<!doctype html><html><body>app</body></html>")},
		"assets/main-ABC123.js":     {Data: []byte("console.log(1)")},
		"assets/main-ABC123.js.br":  {Data: []byte("BROTLI")},
		"assets/main-ABC123.js.gz":  {Data: []byte("GZIP")},
		"assets/only-gz-1.css":      {Data: []byte("body{}")},
		"assets/only-gz-1.css.gz":   {Data: []byte("GZCSS")},
		"assets/main-ABC123.js.map": {Data: []byte("{}")},
	}
	h := newTestHandler(t, dist, func(_ context.Context, _ string) (bool, error) { return true, nil })
	for _, tc := range []struct {
		path, accept, coding, body string
	}{
		{"/assets/main-ABC123.js", "gzip, deflate, br", "br", "BROTLI"},
		{"/assets/main-ABC123.js", "gzip", "gzip", "GZIP"},
		{"/assets/main-ABC123.js", "", "", "console.log(1)"},
		{"/assets/main-ABC123.js", "br;q=0, gzip;q=0", "", "console.log(1)"},
		{"/assets/only-gz-1.css", "br, gzip", "gzip", "GZCSS"},
		{"/assets/only-gz-1.css", "br", "", "body{}"},
	} {
		res := serve(h, http.MethodGet, tc.path, "Accept-Encoding", tc.accept)
		require.Equal(t, http.StatusOK, res.StatusCode, "%s %q", tc.path, tc.accept)
		assert.Equal(t, tc.coding, res.Header.Get("Content-Encoding"), "%s %q", tc.path, tc.accept)
		assert.Equal(t, tc.body, body(t, res), "%s %q", tc.path, tc.accept)
		assert.Equal(t, "Accept-Encoding", res.Header.Get("Vary"))
		assert.Contains(t, res.Header.Get("Cache-Control"), "immutable")
		assert.NotEmpty(t, res.Header.Get("Content-Type"))
	}
	res := serve(h, http.MethodGet, "/assets/main-ABC123.js.map", "Accept-Encoding", "br")
	assert.Empty(t, res.Header.Get("Content-Encoding"), "a source map is left to the router's compression")
}
