package httpapi

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func getAvatar(t *testing.T, target string, header http.Header) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	AvatarHandler(keyTranslator{}).ServeHTTP(rec, req)
	return rec
}

func avatarTarget(seed string) string {
	return "/api/avatar?" + url.Values{"seed": {seed}}.Encode()
}

func TestAvatarHandlerSVG(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		target string
	}{
		{name: "default seed", target: "/api/avatar"},
		{name: "number", target: avatarTarget("42")},
		{name: "markup in seed", target: avatarTarget(`<script>alert("x")</script>&`)},
		{name: "unicode", target: avatarTarget("用户🙂")},
		{name: "longest seed", target: avatarTarget(strings.Repeat("s", avatarMaxSeedBytes))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := getAvatar(t, tt.target, nil)
			require.Equal(t, http.StatusOK, rec.Code)
			assert.Equal(t, "image/svg+xml", rec.Header().Get("Content-Type"))
			assert.Equal(t, "public, max-age=31536000, immutable", rec.Header().Get("Cache-Control"))
			assert.Regexp(t, `^"a1-[0-9a-f]{32}"$`, rec.Header().Get("ETag"))

			body := rec.Body.String()
			assert.NotContains(t, body, "script")
			assert.NotContains(t, body, "用户")
			assertAvatarWellFormed(t, rec.Body.Bytes())
		})
	}
}

// assertAvatarWellFormed parses body as XML and checks it is one svg
// element holding the background rect and the pattern path.
func assertAvatarWellFormed(t *testing.T, body []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(body))
	var elements []string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			elements = append(elements, tok.Name.Space+" "+tok.Name.Local)
		case xml.CharData:
			assert.Empty(t, strings.TrimSpace(string(tok)), "no text in the svg")
		}
	}
	const ns = "http://www.w3.org/2000/svg"
	assert.Equal(t, []string{ns + " svg", ns + " rect", ns + " path"}, elements)
}

func TestAvatarHandlerDeterministic(t *testing.T) {
	t.Parallel()
	body := func(target string) []byte {
		rec := getAvatar(t, target, nil)
		require.Equal(t, http.StatusOK, rec.Code)
		return rec.Body.Bytes()
	}
	tests := []struct {
		name     string
		a, b     string
		wantSame bool
	}{
		{name: "same seed", a: avatarTarget("alice"), b: avatarTarget("alice"), wantSame: true},
		{name: "default is 123", a: "/api/avatar", b: avatarTarget("123"), wantSame: true},
		{name: "empty is default", a: avatarTarget(""), b: avatarTarget("123"), wantSame: true},
		{name: "different seeds", a: avatarTarget("alice"), b: avatarTarget("bob"), wantSame: false},
		{name: "case matters", a: avatarTarget("alice"), b: avatarTarget("Alice"), wantSame: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a, b := body(tt.a), body(tt.b)
			if tt.wantSame {
				assert.Equal(t, a, b)
			} else {
				assert.NotEqual(t, a, b)
			}
		})
	}
}

func TestAvatarHandlerDistinctAcrossSeeds(t *testing.T) {
	t.Parallel()
	seen := make(map[string]string)
	for i := range 200 {
		seed := fmt.Sprint(i)
		rec := getAvatar(t, avatarTarget(seed), nil)
		body := rec.Body.String()
		if other, ok := seen[body]; ok {
			t.Fatalf("seeds %s and %s draw the same avatar", other, seed)
		}
		seen[body] = seed
	}
}

func TestAvatarHandlerConditional(t *testing.T) {
	t.Parallel()
	etag := getAvatar(t, avatarTarget("alice"), nil).Header().Get("ETag")
	require.NotEmpty(t, etag)
	otherETag := getAvatar(t, avatarTarget("bob"), nil).Header().Get("ETag")
	require.NotEqual(t, etag, otherETag)

	tests := []struct {
		name        string
		ifNoneMatch string
		wantStatus  int
	}{
		{name: "no header", ifNoneMatch: "", wantStatus: http.StatusOK},
		{name: "same etag", ifNoneMatch: etag, wantStatus: http.StatusNotModified},
		{name: "weak form", ifNoneMatch: "W/" + etag, wantStatus: http.StatusNotModified},
		{name: "in a list", ifNoneMatch: otherETag + ", " + etag, wantStatus: http.StatusNotModified},
		{name: "star", ifNoneMatch: "*", wantStatus: http.StatusNotModified},
		{name: "other etag", ifNoneMatch: otherETag, wantStatus: http.StatusOK},
		{name: "unquoted", ifNoneMatch: strings.Trim(etag, `"`), wantStatus: http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			header := http.Header{}
			if tt.ifNoneMatch != "" {
				header.Set("If-None-Match", tt.ifNoneMatch)
			}
			rec := getAvatar(t, avatarTarget("alice"), header)
			assert.Equal(t, tt.wantStatus, rec.Code)
			assert.Equal(t, etag, rec.Header().Get("ETag"))
			if tt.wantStatus == http.StatusNotModified {
				assert.Empty(t, rec.Body.Bytes())
			}
		})
	}
}

func TestAvatarHandlerRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		method     string
		target     string
		wantStatus int
		wantKey    string
	}{
		{name: "seed too long", method: http.MethodGet, target: avatarTarget(strings.Repeat("s", avatarMaxSeedBytes+1)), wantStatus: http.StatusBadRequest, wantKey: "common.error.avatarSeed"},
		{name: "multi-byte seed too long", method: http.MethodGet, target: avatarTarget(strings.Repeat("用", 43)), wantStatus: http.StatusBadRequest, wantKey: "common.error.avatarSeed"},
		{name: "post", method: http.MethodPost, target: "/api/avatar", wantStatus: http.StatusMethodNotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rec := httptest.NewRecorder()
			AvatarHandler(keyTranslator{}).ServeHTTP(rec, httptest.NewRequest(tt.method, tt.target, nil))
			require.Equal(t, tt.wantStatus, rec.Code)
			if tt.wantKey == "" {
				return
			}
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

func TestAvatarColoursContrast(t *testing.T) {
	t.Parallel()
	white := avatarRGB{1, 1, 1}
	black := avatarRGB{0, 0, 0}
	assert.InDelta(t, 21, avatarContrast(white, black), 0.01)
	for hue := range 360 {
		for _, saturation := range []float64{0.55, 0.74} {
			background, foreground := avatarColours(float64(hue)/360, saturation)
			assert.GreaterOrEqual(t, avatarContrast(foreground, background), avatarMinContrast, "hue %d", hue)
			// The pattern must also stand out of a dark page.
			assert.GreaterOrEqual(t, avatarContrast(foreground, avatarRGB{0.07, 0.07, 0.07}), 1.8, "hue %d", hue)
		}
	}
}
