package httpapi

import (
	"bytes"
	"encoding/json"
	"image"
	_ "image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func getQRCode(t *testing.T, method string, query url.Values) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	QRCodeHandler(keyTranslator{}).ServeHTTP(rec, httptest.NewRequest(method, "/api/qrcode?"+query.Encode(), nil))
	return rec
}

func TestQRCodeHandlerImage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		query    url.Values
		wantSize int
	}{
		{name: "default size", query: url.Values{"str": {"https://example.com/invite?code=abc"}}, wantSize: 256},
		{name: "smallest", query: url.Values{"str": {"hi"}, "size": {"64"}}, wantSize: 64},
		{name: "largest", query: url.Values{"str": {"hi"}, "size": {"512"}}, wantSize: 512},
		{name: "odd size", query: url.Values{"str": {"你好，世界"}, "size": {"300"}}, wantSize: 300},
		{name: "longest str", query: url.Values{"str": {strings.Repeat("a", qrMaxStrBytes)}}, wantSize: 256},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := getQRCode(t, http.MethodGet, tt.query)
			require.Equal(t, http.StatusOK, rec.Code)
			assert.Equal(t, "image/png", rec.Header().Get("Content-Type"))
			assert.Equal(t, "public, max-age=86400", rec.Header().Get("Cache-Control"))
			cfg, format, err := image.DecodeConfig(bytes.NewReader(rec.Body.Bytes()))
			require.NoError(t, err)
			assert.Equal(t, "png", format)
			assert.Equal(t, tt.wantSize, cfg.Width)
			assert.Equal(t, tt.wantSize, cfg.Height)
		})
	}
}

func TestQRCodeHandlerBadRequest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		query   url.Values
		wantKey string
	}{
		{name: "missing str", query: url.Values{}, wantKey: qrKeyStr},
		{name: "empty str", query: url.Values{"str": {""}}, wantKey: qrKeyStr},
		{name: "str too long", query: url.Values{"str": {strings.Repeat("a", qrMaxStrBytes+1)}}, wantKey: qrKeyStr},
		{name: "size not a number", query: url.Values{"str": {"hi"}, "size": {"big"}}, wantKey: qrKeySize},
		{name: "size too small", query: url.Values{"str": {"hi"}, "size": {"63"}}, wantKey: qrKeySize},
		{name: "size too large", query: url.Values{"str": {"hi"}, "size": {"513"}}, wantKey: qrKeySize},
		{name: "the size that cost 25 ms", query: url.Values{"str": {"hi"}, "size": {"1024"}}, wantKey: qrKeySize},
		{name: "the text that cost 25 ms", query: url.Values{"str": {strings.Repeat("a", 900)}}, wantKey: qrKeyStr},
		{name: "size negative", query: url.Values{"str": {"hi"}, "size": {"-5"}}, wantKey: qrKeySize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := getQRCode(t, http.MethodGet, tt.query)
			require.Equal(t, http.StatusBadRequest, rec.Code)
			assert.Equal(t, "application/json; charset=utf-8", rec.Header().Get("Content-Type"))
			var body struct {
				StatusCode int      `json:"statusCode"`
				Messages   []string `json:"messages"`
			}
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))
			assert.Equal(t, http.StatusBadRequest, body.StatusCode)
			assert.Equal(t, []string{tt.wantKey}, body.Messages)
		})
	}
}

func TestQRCodeHandlerMethods(t *testing.T) {
	t.Parallel()
	tests := []struct {
		method string
		status int
	}{
		{method: http.MethodGet, status: http.StatusOK},
		{method: http.MethodHead, status: http.StatusOK},
		{method: http.MethodPost, status: http.StatusMethodNotAllowed},
		{method: http.MethodPut, status: http.StatusMethodNotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			t.Parallel()
			rec := getQRCode(t, tt.method, url.Values{"str": {"hi"}})
			assert.Equal(t, tt.status, rec.Code)
		})
	}
}

// One address gets Burst codes at once, then 429 until its bucket fills;
// another address is not held back, and the same content is drawn once.
func TestQRCodeHandlerLimitsEachAddress(t *testing.T) {
	t.Parallel()
	h := newQRCodeHandler(keyTranslator{}, QRCodeLimits{Every: time.Hour, Burst: 3, Cached: 8}, peerAddress).(*qrHandler)
	get := func(addr, str string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/api/qrcode?"+url.Values{"str": {str}}.Encode(), nil)
		req.RemoteAddr = addr + ":40000"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	first := get("192.0.2.1", "same")
	require.Equal(t, http.StatusOK, first.Code)
	for range 2 {
		again := get("192.0.2.1", "same")
		require.Equal(t, http.StatusOK, again.Code)
		assert.Equal(t, first.Body.Bytes(), again.Body.Bytes())
	}
	assert.Equal(t, 1, h.images.Len(), "the same content is cached once")
	limited := get("192.0.2.1", "other")
	assert.Equal(t, http.StatusTooManyRequests, limited.Code)
	assert.Contains(t, limited.Body.String(), "common.error.rateLimited")
	assert.NotEmpty(t, limited.Header().Get("Retry-After"))
	assert.Equal(t, http.StatusOK, get("192.0.2.2", "other").Code, "another address has a bucket of its own")
}
