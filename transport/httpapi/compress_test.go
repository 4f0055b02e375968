package httpapi

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/i18n"
)

// TestCompressesLargeResponses compresses an action's JSON and a page of
// at least compressMinSize bytes for a client that takes gzip, leaves
// small ones and those already in a coding as they are, and always says
// that the answer varies by Accept-Encoding.
func TestCompressesLargeResponses(t *testing.T) {
	t.Parallel()
	catalog, err := i18n.Load(testMessages, action.Languages...)
	require.NoError(t, err)
	reg := action.NewRegistry()
	big := strings.Repeat("souk ", 1000)
	action.Register(reg, action.Spec{Name: "test.big"}, func(context.Context, struct{}) (map[string]string, error) {
		return map[string]string{"text": big}, nil
	})
	action.Register(reg, action.Spec{Name: "test.small"}, func(context.Context, struct{}) (map[string]string, error) {
		return map[string]string{"text": "hi"}, nil
	})
	page := "<!doctype html><html><body>" + big + "</body></html>"
	s := New(Config{Registry: reg, Translator: catalog, Fallback: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/assets/main.js" {
			w.Header().Set("Content-Type", "text/javascript")
			w.Header().Set("Content-Encoding", "br")
			_, _ = io.WriteString(w, "precompressed "+big)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, page)
	})})

	res := do(t, s, http.MethodPost, "/api/request", `{"action":"test.big"}`, "Accept-Encoding", "gzip")
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, "gzip", res.header.Get("Content-Encoding"))
	assert.Contains(t, res.header.Values("Vary"), "Accept-Encoding")
	assert.Less(t, len(res.body), 1000, "5 KB of repeated text compress well")
	zr, err := gzip.NewReader(strings.NewReader(res.body))
	require.NoError(t, err)
	plain, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.JSONEq(t, `{"text":"`+big+`"}`, string(plain))

	res = do(t, s, http.MethodPost, "/api/request", `{"action":"test.big"}`)
	assert.Empty(t, res.header.Get("Content-Encoding"), "a client that takes no coding gets the JSON")
	assert.JSONEq(t, `{"text":"`+big+`"}`, res.body)

	res = do(t, s, http.MethodPost, "/api/request", `{"action":"test.small"}`, "Accept-Encoding", "gzip")
	assert.Empty(t, res.header.Get("Content-Encoding"), "small answers are sent as they are")
	assert.JSONEq(t, `{"text":"hi"}`, res.body)

	res = do(t, s, http.MethodGet, "/en/some/page", "", "Accept-Encoding", "gzip, deflate, br")
	assert.Equal(t, "gzip", res.header.Get("Content-Encoding"), "pages too")

	res = do(t, s, http.MethodGet, "/assets/main.js", "", "Accept-Encoding", "gzip, br")
	assert.Equal(t, "br", res.header.Get("Content-Encoding"), "a precompressed asset is not compressed again")
	assert.Equal(t, "precompressed "+big, res.body)
}
