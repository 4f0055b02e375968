package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/i18n"
)

var testMessages = fstest.MapFS{
	"zh-hans.json": {Data: []byte(`{"common":{"error":{"unknownAction":"未知操作：{{action}}","badJSON":"请求不是有效的 JSON","badField":"字段 {{field}} 的值无效","required":"{{field}} 为必填项","tooLarge":"请求过大","internal":"服务器内部错误","pageNotFound":"页面不存在：{{path}}","methodNotAllowed":"不允许的请求方法","unauthorized":"请先登录","crossSite":"该请求并非来自本站，已被拒绝","contentType":"请求须以 JSON 格式发送"}}}`)},
	"en.json":      {Data: []byte(`{"common":{"error":{"unknownAction":"Unknown action: {{action}}","badJSON":"The request is not valid JSON","badField":"Invalid value for field {{field}}","required":"{{field}} is required","tooLarge":"The request is too large","internal":"Internal Server Error","pageNotFound":"Page Not Found: {{path}}","methodNotAllowed":"Method not allowed","unauthorized":"Please log in first","crossSite":"This request did not come from this site and was refused","contentType":"The request must be sent as JSON"}}}`)},
	"es.json":      {Data: []byte(`{"common":{"error":{"unknownAction":"Acción desconocida: {{action}}","badJSON":"La solicitud no es JSON válido","badField":"Valor no válido para el campo {{field}}","required":"{{field}} es obligatorio","tooLarge":"La solicitud es demasiado grande","internal":"Error interno del servidor","pageNotFound":"Página no encontrada: {{path}}","methodNotAllowed":"Método no permitido","unauthorized":"Inicia sesión primero","crossSite":"Esta solicitud no viene de este sitio y se ha rechazado","contentType":"La solicitud debe enviarse como JSON"}}}`)},
}

type greetInput struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

type greetReply struct {
	Greeting string `json:"greeting"`
	Lang     string `json:"lang"`
	Device   string `json:"device"`
	Currency string `json:"currency"`
	Visitor  string `json:"visitor"`
	Path     string `json:"path"`
}

func newTestServer(t *testing.T, ready func(context.Context) error) *Server {
	t.Helper()
	catalog, err := i18n.Load(testMessages, action.Languages...)
	require.NoError(t, err)
	reg := action.NewRegistry()
	action.Register(reg, action.Spec{Name: "test.greet"}, func(ctx context.Context, in greetInput) (greetReply, error) {
		req := action.RequestFrom(ctx)
		return greetReply{Greeting: "hi " + in.Name, Lang: req.Lang, Device: req.Device, Currency: req.Currency, Visitor: req.VisitorID, Path: req.Path}, nil
	})
	action.Register(reg, action.Spec{Name: "test.panic"}, func(ctx context.Context, in struct{}) (struct{}, error) {
		panic("boom")
	})
	action.Register(reg, action.Spec{Name: "test.fail"}, func(ctx context.Context, in struct{}) (struct{}, error) {
		return struct{}{}, errors.New("database on fire")
	})
	action.Register(reg, action.Spec{Name: "test.member", Access: action.Member}, func(ctx context.Context, in struct{}) (struct{}, error) {
		return struct{}{}, nil
	})
	return New(Config{Registry: reg, Translator: catalog, Ready: ready, MaxBody: 1024, MetricsToken: testMetricsToken})
}

type response struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, h http.Handler, method, target, body string, headers ...string) response {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, err := io.ReadAll(rec.Result().Body)
	require.NoError(t, err)
	return response{status: rec.Code, header: rec.Header(), body: string(b)}
}

func TestRequestEnvelope(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, nil)
	tests := []struct {
		name       string
		body       string
		headers    []string
		wantStatus int
		wantBody   string
	}{
		{
			name:       "success fills the request context",
			body:       `{"action":"test.greet","data":{"name":"ann"},"path":"/en/cart","device":"mobile","currency":"usd","lang":"en","visitorId":"v-123"}`,
			wantStatus: 200,
			wantBody:   `{"greeting":"hi ann","lang":"en","device":"mobile","currency":"USD","visitor":"v-123","path":"/en/cart"}`,
		},
		{
			name:       "unknown device, currency and visitor are dropped",
			body:       `{"action":"test.greet","data":{"name":"x"},"device":"fridge","currency":"dollars","visitorId":"<script>"}`,
			wantStatus: 200,
			wantBody:   `{"greeting":"hi x","lang":"zh-hans","device":"desktop","currency":"","visitor":"","path":""}`,
		},
		{
			name:       "unknown action is 404 naming it",
			body:       `{"action":"nope.nothing","lang":"en"}`,
			wantStatus: 404,
			wantBody:   `{"statusCode":404,"messages":["Unknown action: nope.nothing"],"codes":["common.error.unknownAction"]}`,
		},
		{
			name:       "unknown action in spanish",
			body:       `{"action":"nope.nothing","lang":"es"}`,
			wantStatus: 404,
			wantBody:   `{"statusCode":404,"messages":["Acción desconocida: nope.nothing"],"codes":["common.error.unknownAction"]}`,
		},
		{
			name:       "malformed JSON",
			body:       `{"action":`,
			headers:    []string{"Accept-Language", "en-US,en;q=0.9"},
			wantStatus: 400,
			wantBody:   `{"statusCode":400,"messages":["The request is not valid JSON"],"codes":["common.error.badJSON"]}`,
		},
		{
			name:       "empty body",
			body:       ``,
			headers:    []string{"Accept-Language", "en"},
			wantStatus: 400,
			wantBody:   `{"statusCode":400,"messages":["The request is not valid JSON"],"codes":["common.error.badJSON"]}`,
		},
		{
			name:       "wrong type in the envelope names the field",
			body:       `{"action":42}`,
			headers:    []string{"Accept-Language", "en"},
			wantStatus: 400,
			wantBody:   `{"statusCode":400,"messages":["Invalid value for field action"],"codes":["common.error.badField"],"field":"action"}`,
		},
		{
			name:       "wrong type in data names the field",
			body:       `{"action":"test.greet","lang":"en","data":{"name":"a","count":"three"}}`,
			wantStatus: 400,
			wantBody:   `{"statusCode":400,"messages":["Invalid value for field data.count"],"codes":["common.error.badField"],"field":"data.count"}`,
		},
		{
			name:       "missing action",
			body:       `{"data":{},"lang":"en"}`,
			wantStatus: 400,
			wantBody:   `{"statusCode":400,"messages":["action is required"],"codes":["common.error.required"],"field":"action"}`,
		},
		{
			name:       "body over the limit",
			body:       `{"action":"test.greet","data":{"name":"` + strings.Repeat("a", 2000) + `"}}`,
			headers:    []string{"Cookie", "i18n_redirected=en"},
			wantStatus: 400,
			wantBody:   `{"statusCode":400,"messages":["The request is too large"],"codes":["common.error.tooLarge"]}`,
		},
		{
			name:       "language from the cookie",
			body:       `{"action":"nope"}`,
			headers:    []string{"Cookie", "i18n_redirected=es"},
			wantStatus: 404,
			wantBody:   `{"statusCode":404,"messages":["Acción desconocida: nope"],"codes":["common.error.unknownAction"]}`,
		},
		{
			name:       "default language is zh-hans",
			body:       `{"action":"nope"}`,
			wantStatus: 404,
			wantBody:   `{"statusCode":404,"messages":["未知操作：nope"],"codes":["common.error.unknownAction"]}`,
		},
		{
			name:       "a panicking action is a 500, the server lives on",
			body:       `{"action":"test.panic","lang":"en"}`,
			wantStatus: 500,
			wantBody:   `{"statusCode":500,"messages":["Internal Server Error"],"codes":["common.error.internal"]}`,
		},
		{
			name:       "an internal error is not leaked",
			body:       `{"action":"test.fail","lang":"en"}`,
			wantStatus: 500,
			wantBody:   `{"statusCode":500,"messages":["Internal Server Error"],"codes":["common.error.internal"]}`,
		},
		{
			name:       "a guest on a member action",
			body:       `{"action":"test.member","lang":"en"}`,
			wantStatus: 401,
			wantBody:   `{"statusCode":401,"messages":["Please log in first"],"codes":["common.error.unauthorized"]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := do(t, s, http.MethodPost, "/api/request", tt.body, tt.headers...)
			require.Equal(t, tt.wantStatus, res.status)
			require.JSONEq(t, tt.wantBody, res.body)
			require.Equal(t, "application/json; charset=utf-8", res.header.Get("Content-Type"))
			require.Len(t, res.header.Get("X-Request-Id"), 16)
		})
	}
}

func TestRequestIDIsKeptWhenSane(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, nil)
	res := do(t, s, http.MethodPost, "/api/request", `{"action":"nope"}`, "X-Request-Id", "abcdef-123456")
	require.Equal(t, "abcdef-123456", res.header.Get("X-Request-Id"))
	res = do(t, s, http.MethodPost, "/api/request", `{"action":"nope"}`, "X-Request-Id", "bad id\n")
	require.NotEqual(t, "bad id\n", res.header.Get("X-Request-Id"))
}

func TestAPIRoutes(t *testing.T) {
	t.Parallel()
	notReady := errors.New("database down")
	var readyErr error
	s := newTestServer(t, func(context.Context) error { return readyErr })

	res := do(t, s, http.MethodGet, "/api/request", "", "Accept-Language", "en")
	require.Equal(t, 405, res.status)
	require.JSONEq(t, `{"statusCode":405,"messages":["Method not allowed"],"codes":["common.error.methodNotAllowed"]}`, res.body)

	res = do(t, s, http.MethodGet, "/api/nothing-here", "", "Accept-Language", "en")
	require.Equal(t, 404, res.status)
	require.JSONEq(t, `{"statusCode":404,"messages":["Page Not Found: /api/nothing-here"],"codes":["common.error.pageNotFound"]}`, res.body)

	res = do(t, s, http.MethodGet, "/healthz", "")
	require.Equal(t, 200, res.status)

	res = do(t, s, http.MethodGet, "/readyz", "")
	require.Equal(t, 200, res.status)
	readyErr = notReady
	res = do(t, s, http.MethodGet, "/readyz", "")
	require.Equal(t, 503, res.status)
	require.Contains(t, res.body, "database down")
}

// testMetricsToken opens /metrics on the test server.
const testMetricsToken = "metrics-token-of-the-tests-0123456789"

func TestMetricsCountActions(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, nil)
	do(t, s, http.MethodPost, "/api/request", `{"action":"test.greet","data":{"name":"a"}}`)
	do(t, s, http.MethodPost, "/api/request", `{"action":"made.up.name"}`)
	res := do(t, s, http.MethodGet, "/metrics", "", "Authorization", "Bearer "+testMetricsToken)
	require.Equal(t, 200, res.status)
	require.Contains(t, res.body, `souk_action_requests_total{action="test.greet",code="200"} 1`)
	require.Contains(t, res.body, `souk_action_requests_total{action="unknown",code="404"} 1`)
	require.Contains(t, res.body, `souk_http_requests_total{code="200",method="POST",route="/api/request"} 1`)
	require.Contains(t, res.body, "go_goroutines")
	require.NotContains(t, res.body, "made.up.name")
}

func TestReplyIsValidJSONForEveryStatus(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, nil)
	for _, body := range []string{`{`, `{"action":"x"}`, `{"action":"test.panic"}`} {
		res := do(t, s, http.MethodPost, "/api/request", body)
		var parsed struct {
			StatusCode int      `json:"statusCode"`
			Messages   []string `json:"messages"`
		}
		require.NoError(t, json.Unmarshal([]byte(res.body), &parsed))
		require.Equal(t, res.status, parsed.StatusCode)
		require.Len(t, parsed.Messages, 1)
	}
}

// keyTranslator answers every key with itself, for tests that check keys.
type keyTranslator struct{}

func (keyTranslator) Translate(_, key string, _ map[string]any) string { return key }

// decodeWithDecoder is decodeEnvelope as it was, through a json.Decoder only:
// the fast path must answer every body the same.
func decodeWithDecoder(body []byte, env *envelope) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return errBadJSON
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(env); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return action.BadField(typeErr.Field)
		}
		return errBadJSON
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errBadJSON
	}
	return nil
}

func TestDecodeEnvelopeMatchesDecoder(t *testing.T) {
	t.Parallel()
	bodies := []string{
		``, `   `, `null`, `{}`, `[]`, `"x"`, `1`,
		`{"action":"auth.viewer"}`,
		`{"action":"auth.viewer","data":{"a":[1,2,{"b":null}]},"lang":"EN","currency":"usd","device":"mobile","path":"/x","visitorId":"v1","authToken":"t"}`,
		`{"action":"auth.viewer"} `,
		"{\"action\":\"auth.viewer\"}\n",
		`{"action":"auth.viewer"} {}`,
		`{"action":"auth.viewer"} x`,
		`{"action":1}`,
		`{"action":1} x`,
		`{"action":"a","lang":["en"]}`,
		`{"action":"a"`,
		`{"action":"a",}`,
		`{"action":"a","data":}`,
		`{"action":"a","data":nul}`,
		`{"action":"\u00e9\ud800"}`,
		"{\"action\":\"a\xff\"}",
		`{"Action":"case-insensitive"}`,
		`{"action":"a","action":"b"}`,
	}
	for _, body := range bodies {
		var got, want envelope
		gotErr := decodeEnvelope([]byte(body), &got)
		wantErr := decodeWithDecoder([]byte(body), &want)
		assert.Equal(t, wantErr, gotErr, "error for %q", body)
		if wantErr == nil {
			assert.Equal(t, want, got, "envelope for %q", body)
		}
	}
}

func TestRequestLogLevel(t *testing.T) {
	t.Parallel()
	for status, want := range map[int]slog.Level{
		200: slog.LevelDebug, 304: slog.LevelDebug, 400: slog.LevelInfo,
		404: slog.LevelInfo, 429: slog.LevelInfo, 500: slog.LevelError, 503: slog.LevelError,
	} {
		require.Equal(t, want, requestLogLevel(status), status)
	}
}

func TestMetricsGauges(t *testing.T) {
	t.Parallel()
	s := New(Config{Registry: action.NewRegistry(), MetricsToken: testMetricsToken,
		Gauges: []Gauge{{Name: "souk_test_things", Help: "Things.", Value: func() float64 { return 7 }}}})
	res := do(t, s, http.MethodGet, "/metrics", "", "Authorization", "Bearer "+testMetricsToken)
	require.Equal(t, 200, res.status)
	require.Contains(t, res.body, "souk_test_things 7")
}
