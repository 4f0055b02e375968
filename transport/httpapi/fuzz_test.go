package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/i18n"
)

// fuzzNoteInput has the field kinds real actions take: ids, optional
// pointers, lists, nested objects, and a Validate that refuses.
type fuzzNoteInput struct {
	ToID  action.ID         `json:"toId"`
	Title string            `json:"title"`
	Body  *string           `json:"body,omitempty"`
	Tags  []string          `json:"tags,omitempty"`
	Meta  map[string]string `json:"meta,omitempty"`
	Page  struct {
		First int    `json:"first"`
		After string `json:"after"`
	} `json:"page"`
}

func (in *fuzzNoteInput) Validate() error {
	switch {
	case in.ToID <= 0:
		return action.Required("toId")
	case !utf8.ValidString(in.Title) || len(in.Title) > 200:
		return action.BadField("title")
	case in.Page.First < 0 || in.Page.First > 100:
		return action.BadField("page.first")
	}
	return nil
}

type fuzzNoteReply struct {
	Note struct {
		ID    string `json:"id"`
		Title string `json:"title"`
	} `json:"note"`
}

// fuzzAuth takes the access token "member" for member 7 and "admin" for
// administrator 1; any other token is refused.
type fuzzAuth struct{}

func (fuzzAuth) Authenticate(_ context.Context, token string) (action.Viewer, error) {
	switch token {
	case "member":
		return action.Viewer{UserID: 7}, nil
	case "admin":
		return action.Viewer{UserID: 1, IsAdmin: true}, nil
	}
	return action.Viewer{}, errors.New("bad token")
}

func newFuzzServer(f *testing.F) *Server {
	f.Helper()
	messages := fstest.MapFS{}
	for _, lang := range action.Languages {
		messages[lang+".json"] = &fstest.MapFile{Data: []byte(`{"common":{"error":{"unknownAction":"unknown action {{action}}"}}}`)}
	}
	catalog, err := i18n.Load(messages, action.Languages...)
	if err != nil {
		f.Fatal(err)
	}
	reg := action.NewRegistry()
	action.Register(reg, action.Spec{Name: "fuzz.echo"}, func(ctx context.Context, in struct {
		Text string `json:"text"`
		N    int64  `json:"n"`
	}) (map[string]any, error) {
		req := action.RequestFrom(ctx)
		return map[string]any{"text": in.Text, "n": in.N, "lang": req.Lang, "path": req.Path, "viewer": req.Viewer.UserID}, nil
	})
	action.Register(reg, action.Spec{Name: "fuzz.note", Access: action.Member}, func(ctx context.Context, in fuzzNoteInput) (fuzzNoteReply, error) {
		var out fuzzNoteReply
		out.Note.ID, out.Note.Title = strconv.FormatInt(int64(in.ToID), 10), in.Title
		return out, nil
	})
	action.Register(reg, action.Spec{Name: "fuzz.admin", Access: action.Admin}, func(context.Context, struct{}) (struct{}, error) {
		return struct{}{}, nil
	})
	action.Register(reg, action.Spec{Name: "fuzz_socket", Socket: true}, func(context.Context, struct{}) (struct{}, error) {
		return struct{}{}, nil
	})
	return New(Config{Registry: reg, Translator: catalog, Auth: fuzzAuth{}, MaxBody: 4 << 10})
}

// FuzzRequestEnvelope feeds arbitrary bodies and headers through the real
// POST /api/request handler: it never panics and never answers 500 (every
// registered action here succeeds or refuses with a typed error), and every
// answer is JSON, a refusal {statusCode, messages} with the response's own
// status.
func FuzzRequestEnvelope(f *testing.F) {
	s := newFuzzServer(f)
	for _, seed := range []struct{ body, contentType, token, lang string }{
		{`{"action":"fuzz.echo","data":{"text":"hi","n":1},"lang":"en","path":"/en/x"}`, "application/json", "", "en"},
		{`{"action":"fuzz.note","data":{"toId":"12","title":"t","tags":["a"],"meta":{"k":"v"},"page":{"first":10}}}`, "application/json", "member", ""},
		{`{"action":"fuzz.note","data":{"toId":12e3,"title":"\u0000"}}`, "application/json", "member", "es"},
		{`{"action":"fuzz.note","data":{"toId":-1}}`, "application/json", "admin", "zh-hans"},
		{`{"action":"fuzz.admin","data":null}`, "application/json", "member", ""},
		{`{"action":"fuzz_socket"}`, "application/json", "", ""},
		{`{"action":"` + strings.Repeat("x", 300) + `"}`, "application/json", "", ""},
		{`{"action":"fuzz.echo","data":[1,2]}`, "text/plain", "", ""},
		{`{"action":"fuzz.echo","data":"str","device":"mobile","currency":"usd","visitorId":"v-1","authToken":"admin"}`, "application/json", "bogus", ""},
		{`{"action":"fuzz.echo","data":{"n":99999999999999999999999}}`, "application/json", "", ""},
		{`{"action":"fuzz.echo"}{"action":"fuzz.admin"}`, "application/json", "", ""},
		{`{"action":42}`, "application/x-www-form-urlencoded", "", ""},
		{`[]`, "", "", ""},
		{``, "application/json", "", ""},
		{"\xff\xfe{", "application/json; charset=utf-16", "", ""},
		{`{"action":"fuzz.echo","data":{"text":"` + strings.Repeat("a", 5000) + `"}}`, "application/json", "", ""},
	} {
		f.Add([]byte(seed.body), seed.contentType, seed.token, seed.lang)
	}
	f.Fuzz(func(t *testing.T, body []byte, contentType, token, lang string) {
		req := httptest.NewRequest(http.MethodPost, "/api/request", bytes.NewReader(body))
		if contentType != "" {
			req.Header["Content-Type"] = []string{contentType}
		}
		if lang != "" {
			req.Header["Accept-Language"] = []string{lang}
		}
		if token != "" {
			req.AddCookie(&http.Cookie{Name: AccessCookie, Value: strings.Map(cookieSafe, token)})
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)

		status := rec.Code
		if status != http.StatusOK && (status < 400 || status > 499) {
			t.Fatalf("status %d for body %q: %s", status, body, rec.Body.Bytes())
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("status %d with a body that is not JSON: %q", status, rec.Body.Bytes())
		}
		if status != http.StatusOK {
			var refusal struct {
				StatusCode int      `json:"statusCode"`
				Messages   []string `json:"messages"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &refusal); err != nil || refusal.StatusCode != status || len(refusal.Messages) == 0 {
				t.Fatalf("refusal %d is not {statusCode, messages}: %q", status, rec.Body.Bytes())
			}
		}
	})
}

// cookieSafe keeps a fuzzed token to the bytes a cookie value may hold, so
// the request itself is well formed.
func cookieSafe(r rune) rune {
	if r <= ' ' || r >= 0x7f || r == '"' || r == ';' || r == '\\' || r == ',' {
		return -1
	}
	return r
}
