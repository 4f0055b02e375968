package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/internal/i18ntest"
	"souk/persistence/pgtest"
)

// startServer runs `souk serve --dev` in-process on a free port and returns
// its base URL; the server is stopped (gracefully) when the test ends.
func startServer(t *testing.T, extra ...string) string {
	t.Helper()
	return runServer(t, append([]string{"serve", "--dev", "--http", "127.0.0.1:0", "--data", t.TempDir()}, extra...), io.Discard)
}

// runServer runs the souk command args in-process, its log to logs, until
// the test ends (then gracefully), and returns the base URL it serves.
func runServer(t *testing.T, args []string, logs io.Writer) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, args, outW, logs)
		_ = outW.Close()
	}()
	urls := make(chan string, 1)
	go func() {
		scanner := bufio.NewScanner(out)
		running := regexp.MustCompile(`running at (http://\S+)`)
		for scanner.Scan() {
			if m := running.FindStringSubmatch(scanner.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			require.NoError(t, err, "graceful shutdown")
		case <-time.After(30 * time.Second):
			t.Error("server did not stop")
		}
	})
	select {
	case u := <-urls:
		return u
	case err := <-done:
		t.Fatalf("server stopped: %v", err)
	case <-time.After(60 * time.Second):
		t.Fatal("server did not start")
	}
	return ""
}

func call(t *testing.T, base, actionName, lang string, data any) (int, map[string]any) {
	t.Helper()
	body, err := json.Marshal(map[string]any{"action": actionName, "data": data, "lang": lang, "device": "desktop"})
	require.NoError(t, err)
	res, err := http.Post(base+"/api/request", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer res.Body.Close()
	var reply map[string]any
	require.NoError(t, json.NewDecoder(res.Body).Decode(&reply))
	return res.StatusCode, reply
}

func get(t *testing.T, url string) (int, http.Header, []byte) {
	t.Helper()
	res, err := http.Get(url)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, res.Header, body
}

func TestServeEndToEnd(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { checkServer(t, startServer(t)) })
	t.Run("postgres", func(t *testing.T) { checkServer(t, startServer(t, "--db", pgtest.NewDatabase(t))) })
}

// checkServer runs what the "done when" asks of a running server.
func checkServer(t *testing.T, base string) {

	t.Run("settings in every language", func(t *testing.T) {
		names := map[string]string{}
		for _, lang := range action.Languages {
			status, reply := call(t, base, "utils.getSettings", lang, nil)
			require.Equal(t, 200, status, reply)
			settings := reply["settings"].(map[string]any)
			for _, key := range []string{"level", "currency", "languages", "credit_symbol", "file_mimes", "max_file_size", "login_box", "report", "address_picker", "page_settings"} {
				require.Contains(t, settings, key, "settings.%s in %s", key, lang)
			}
			lv := settings["level"].(map[string]any)["lv"].([]any)
			require.Len(t, lv, 6)
			require.Len(t, settings["level"].(map[string]any)["vip"].([]any), 3)
			names[lang] = lv[0].(map[string]any)["name"].(string)
		}
		require.NotEqual(t, names["zh-hans"], names["en"])
		require.NotEqual(t, names["en"], names["es"])
	})

	t.Run("page resolution", func(t *testing.T) {
		status, reply := call(t, base, "auth.pageData", "en", map[string]any{"path": "/en/nowhere/at/all"})
		require.Equal(t, 404, status)
		require.Equal(t, []any{"Page Not Found: /en/nowhere/at/all"}, reply["messages"])

		status, reply = call(t, base, "auth.pageData", "en", map[string]any{"path": "/en/about", "loginData": true})
		require.Equal(t, 200, status, reply)
		page := reply["page"].(map[string]any)
		require.Equal(t, "custom", page["kind"])
		require.Equal(t, "about", page["name"])
		require.NotEmpty(t, page["title"])
		require.Contains(t, reply["guaqi"].(map[string]any), "loginData")
	})

	t.Run("guest viewer", func(t *testing.T) {
		status, reply := call(t, base, "auth.viewer", "en", nil)
		require.Equal(t, 200, status)
		require.Contains(t, reply, "viewer")
		require.Nil(t, reply["viewer"])
	})

	t.Run("pages and their status", func(t *testing.T) {
		for path, want := range map[string]int{"/": 200, "/en": 200, "/es/cart": 200, "/about": 200, "/nowhere/at/all": 404, "/en/article-answer/x-1": 404} {
			status, header, body := get(t, base+path)
			require.Equal(t, want, status, path)
			require.Equal(t, "no-cache", header.Get("Cache-Control"), path)
			require.Contains(t, string(body), "<html", path)
		}
	})

	t.Run("client assets and builds", func(t *testing.T) {
		status, _, body := get(t, base+"/builds/latest.json")
		require.Equal(t, 200, status)
		var latest struct {
			ID string `json:"id"`
		}
		require.NoError(t, json.Unmarshal(body, &latest))
		require.NotEmpty(t, latest.ID)
		status, _, _ = get(t, base+"/builds/meta/"+latest.ID+".json")
		require.Equal(t, 200, status)

		_, header, index := get(t, base+"/")
		require.Contains(t, header.Get("Content-Security-Policy"), "script-src 'self' 'sha256-", "index.html's inline script runs by its hash")
		require.Equal(t, "DENY", header.Get("X-Frame-Options"))
		asset := regexp.MustCompile(`/assets/[^"]+\.js`).Find(index)
		require.NotNil(t, asset, "index.html names its script")
		status, header, _ = get(t, base+string(asset))
		require.Equal(t, 200, status)
		require.Contains(t, header.Get("Cache-Control"), "immutable")
	})

	t.Run("messages", func(t *testing.T) {
		for _, lang := range action.Languages {
			status, _, body := get(t, base+"/_i18n/"+lang+"/messages.json")
			require.Equal(t, 200, status)
			require.True(t, json.Valid(body))
		}
		status, _, _ := get(t, base+"/_i18n/fr/messages.json")
		require.Equal(t, 404, status)
	})

	t.Run("an ended session's tokens are refused", func(t *testing.T) { checkEndedSession(t, base) })

	t.Run("rest endpoints", func(t *testing.T) {
		status, header, body := get(t, base+"/api/qrcode?str=https%3A%2F%2Fsouk.example")
		require.Equal(t, 200, status)
		require.Equal(t, "image/png", header.Get("Content-Type"))
		require.True(t, bytes.HasPrefix(body, []byte("\x89PNG")))

		status, _, _ = get(t, base+"/api/qrcode")
		require.Equal(t, 400, status)

		status, _, first := get(t, base+"/api/avatar?seed=alice")
		require.Equal(t, 200, status)
		_, _, again := get(t, base+"/api/avatar?seed=alice")
		require.Equal(t, first, again)

		status, _, body = get(t, base+"/api/countryDialCodes")
		require.Equal(t, 200, status)
		require.Contains(t, string(body), `"+86"`)

		status, _, _ = get(t, base+"/metrics")
		require.Equal(t, 404, status, "metrics are served on --debug-addr, not to the public")

		status, _, _ = get(t, base+"/readyz")
		require.Equal(t, 200, status)
	})
}

func TestServerErrorKeysAreTranslated(t *testing.T) {
	i18ntest.RequireTranslated(t,
		"common.error.unknownAction", "common.error.badJSON", "common.error.badField",
		"common.error.required", "common.error.tooLarge", "common.error.unauthorized",
		"common.error.forbidden", "common.error.pageNotFound", "common.error.internal",
		"common.error.qrcodeText", "common.error.qrcodeSizeRange", "common.error.avatarSeed", "common.error.methodNotAllowed",
		"common.error.crossSite", "common.error.contentType", "common.error.rateLimited",
	)
}

func TestUnreachableDatabaseIsOneClearLine(t *testing.T) {
	err := run(context.Background(), []string{"serve", "--db", "postgres://nobody@127.0.0.1:1/none?connect_timeout=2", "--data", t.TempDir()}, io.Discard, io.Discard)
	require.Error(t, err)
	line := errorLine(err)
	require.True(t, strings.HasPrefix(line, "souk: cannot open the database"), line)
	require.NotContains(t, line, "\n")
	require.NotContains(t, line, "\t")
}

func TestSeedIsIdempotent(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"seed", "--data", dir}, &out, io.Discard))
	require.Contains(t, out.String(), "admin@souk.dev")
	require.NoError(t, run(context.Background(), []string{"seed", "--data", dir}, io.Discard, io.Discard))
}

func TestAPIReferenceIsCurrent(t *testing.T) {
	requireGenerated(t, "docs/API.md", "apidoc", writeAPIDoc)
}

func TestVersionAndUsage(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"version"}, &out, io.Discard))
	require.True(t, strings.HasPrefix(out.String(), "souk "))
	require.ErrorIs(t, run(context.Background(), nil, io.Discard, io.Discard), errUsage)
	require.ErrorIs(t, run(context.Background(), []string{"frobnicate"}, io.Discard, io.Discard), errUsage)
}

// checkEndedSession logs the demo member in, logs out, and checks that the
// session's access token and websocket credentials no longer work.
func checkEndedSession(t *testing.T, base string) {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	client := &http.Client{Jar: jar}
	post := func(body string) map[string]any {
		res, err := client.Post(base+"/api/request", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer res.Body.Close()
		var reply map[string]any
		require.NoError(t, json.NewDecoder(res.Body).Decode(&reply))
		require.Equal(t, 200, res.StatusCode, reply)
		return reply
	}
	login := post(`{"action":"auth.login","lang":"en","data":{"provider":"PASSWORD","username":"member@souk.dev","password":"souk-member-2026"}}`)
	user := login["login"].(map[string]any)["user"].(map[string]any)
	token := user["gqUserSocketToken"].(map[string]any)
	connect, err := json.Marshal(map[string]any{"action": "connect", "data": map[string]any{
		"userId": user["databaseId"], "signature": token["signature"], "timestamp": token["timestamp"]}})
	require.NoError(t, err)
	var access string
	u, _ := url.Parse(base)
	for _, c := range jar.Cookies(u) {
		if c.Name == "souk_access" {
			access = c.Value
		}
	}
	require.NotEmpty(t, access)
	viewer := func() any {
		return post(`{"action":"auth.viewer","lang":"en","authToken":"` + access + `","data":{}}`)["viewer"]
	}
	socket := func() string {
		conn, _, _, err := ws.Dial(t.Context(), "ws"+strings.TrimPrefix(base, "http")+"/api/ws")
		require.NoError(t, err)
		defer conn.Close()
		require.NoError(t, wsutil.WriteClientText(conn, connect))
		msg, err := wsutil.ReadServerText(conn)
		require.NoError(t, err)
		return string(msg)
	}
	require.NotNil(t, viewer())
	require.Contains(t, socket(), `"action":"connect"`)
	open, _, _, err := ws.Dial(t.Context(), "ws"+strings.TrimPrefix(base, "http")+"/api/ws")
	require.NoError(t, err)
	defer open.Close()
	require.NoError(t, wsutil.WriteClientText(open, connect))
	_, err = wsutil.ReadServerText(open)
	require.NoError(t, err)

	res, err := client.Get(base + "/api/auth/logout")
	require.NoError(t, err)
	_ = res.Body.Close()
	require.Equal(t, http.StatusMethodNotAllowed, res.StatusCode, "a link or a picture signs nobody out")
	require.NotNil(t, viewer(), "still signed in")
	res, err = client.Post(base+"/api/auth/logout", "", nil)
	require.NoError(t, err)
	_ = res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Nil(t, viewer(), "the access token is refused: a guest")
	require.Contains(t, socket(), `chat.error.badSignature`, "the socket credentials are refused")
	_ = open.SetReadDeadline(time.Now().Add(10 * time.Second))
	for err == nil {
		_, err = wsutil.ReadServerText(open) // frames sent before the close
	}
	var closed wsutil.ClosedError
	require.ErrorAs(t, err, &closed, "the session's open websocket is closed")
	require.Equal(t, ws.StatusPolicyViolation, closed.Code)
}
