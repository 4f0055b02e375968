package account_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/app/action"
	"souk/app/settings"
	"souk/persistence"
	"souk/persistence/pgtest"
)

// testCost keeps argon2id cheap in tests; production always uses DefaultArgon2.
var testCost = account.Argon2Params{Time: 1, MemoryKiB: 64, Threads: 1}

var testSecret = []byte("test-secret-test-secret-test-secret!")

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time // guarded by mu
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// captchaLog catches the captcha answers Dev logs, by sign.
type captchaLog struct {
	mu      sync.Mutex
	answers map[string]string // guarded by mu
}

func (h *captchaLog) Enabled(context.Context, slog.Level) bool { return true }
func (h *captchaLog) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *captchaLog) WithGroup(string) slog.Handler            { return h }
func (h *captchaLog) Handle(_ context.Context, r slog.Record) error {
	var sign, answer string
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "captchaSign":
			sign = a.Value.String()
		case "answer":
			answer = a.Value.String()
		}
		return true
	})
	if sign != "" {
		h.mu.Lock()
		h.answers[sign] = answer
		h.mu.Unlock()
	}
	return nil
}

func (h *captchaLog) answer(sign string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.answers[sign]
}

// fixture is an account service on a migrated database of its own.
type fixture struct {
	db       *persistence.DB
	svc      *account.Service
	reg      *action.Registry
	outbox   *account.DevOutbox
	clock    *clock
	captchas *captchaLog
}

// eachDB runs fn on SQLite and, when SOUK_TEST_POSTGRES_URL is set, on PostgreSQL.
func eachDB(t *testing.T, fn func(t *testing.T, kind string)) {
	t.Helper()
	for _, kind := range []string{persistence.KindSQLite, persistence.KindPostgres} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			fn(t, kind)
		})
	}
}

func openDB(t *testing.T, kind string) *persistence.DB {
	t.Helper()
	cfg := persistence.Config{DataDir: t.TempDir()}
	if kind == persistence.KindPostgres {
		cfg.URL = pgtest.NewDatabase(t)
	}
	db, err := persistence.Open(t.Context(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(t.Context()))
	return db
}

// newFixture returns a service on a database with test levels and currencies.
func newFixture(t *testing.T, kind string) *fixture {
	t.Helper()
	db := openDB(t, kind)
	seedLevels(t, db)
	return newService(t, db, nil)
}

// newService returns a service (a node) on db, with clk as its clock or a
// new one when nil.
func newService(t *testing.T, db *persistence.DB, clk *clock) *fixture {
	t.Helper()
	if clk == nil {
		clk = &clock{t: time.Now().UTC().Truncate(time.Second)}
	}
	f := &fixture{db: db, outbox: &account.DevOutbox{Logger: slog.New(slog.DiscardHandler)}, clock: clk,
		captchas: &captchaLog{answers: map[string]string{}}}
	f.svc = account.New(account.Config{DB: db, Secret: testSecret, Dev: true,
		Email: f.outbox, SMS: f.outbox, Now: f.clock.Now, PasswordCost: testCost,
		Logger: slog.New(f.captchas)})
	f.reg = action.NewRegistry()
	f.svc.Register(f.reg)
	return f
}

func seedLevels(t *testing.T, db *persistence.DB) {
	t.Helper()
	ctx := t.Context()
	levels := []persistence.Level{
		{Kind: persistence.LevelKindGrowth, Key: "lv1", Rank: 1, Icon: "/lv1.svg",
			Names: map[string]string{"zh-hans": "一级", "en": "Level 1", "es": "Nivel 1"},
			Roles: persistence.LevelRoles{UserCan: []string{}, Media: map[string]persistence.MediaRole{
				"image": {Can: true, Max: 5, SizeMB: 2}}}},
		{Kind: persistence.LevelKindGrowth, Key: "lv2", Rank: 2, Icon: "/lv2.svg",
			Names: map[string]string{"zh-hans": "二级", "en": "Level 2", "es": "Nivel 2"},
			Roles: persistence.LevelRoles{UserCan: []string{"chat"}, Media: map[string]persistence.MediaRole{
				"image": {Can: true, Max: 10, SizeMB: 4}, "audio": {Can: true, Max: 4, SizeMB: 20}}}},
		{Kind: persistence.LevelKindVIP, Key: "vip1", Rank: 1, Icon: "/vip1.svg",
			Names: map[string]string{"zh-hans": "白银", "en": "Silver", "es": "Plata"},
			Roles: persistence.LevelRoles{UserCan: []string{"chat", "directMessages"}, Media: map[string]persistence.MediaRole{
				"image": {Can: true, Max: 0, SizeMB: 10}, "video": {Can: true, Max: 5, SizeMB: 100}}}},
	}
	for _, l := range levels {
		require.NoError(t, db.Levels().Upsert(ctx, l))
	}
	require.NoError(t, db.Currencies().Upsert(ctx, persistence.Currency{Code: "CNY", SymbolISO: "RMB", Symbol: "¥", Decimals: 2, Position: 1}))
	require.NoError(t, db.Currencies().Upsert(ctx, persistence.Currency{Code: "JPY", SymbolISO: "JPY", Symbol: "¥", Decimals: 0, Position: 2}))
	require.NoError(t, db.Settings().Put(ctx, settings.KeyMaxFileSize, 8))
}

// caller is who calls an action.
type caller struct {
	ip      string
	lang    string
	viewer  action.Viewer
	refresh string
}

// guestN numbers the addresses of newGuest.
var guestN atomic.Int64

// newGuest is a guest with an address of its own, so that tests do not
// share the per-address rate limits.
func newGuest() caller {
	n := guestN.Add(1)
	return caller{ip: fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255), lang: "en"}
}

// call runs an action through the registry and returns its reply as JSON
// values and the request (to read the session it changed).
func (f *fixture) call(t *testing.T, c caller, name string, data any) (map[string]any, *action.Request, error) {
	t.Helper()
	raw, err := json.Marshal(data)
	require.NoError(t, err)
	if c.lang == "" {
		c.lang = "en"
	}
	req := &action.Request{Lang: c.lang, ClientIP: c.ip, Viewer: c.viewer, RefreshToken: c.refresh}
	out, err := f.reg.Call(action.WithRequest(t.Context(), req), name, raw)
	if err != nil {
		return nil, req, err
	}
	body, err := json.Marshal(out)
	require.NoError(t, err)
	var reply map[string]any
	require.NoError(t, json.Unmarshal(body, &reply))
	return reply, req, nil
}

// mustCall is call that must succeed.
func (f *fixture) mustCall(t *testing.T, c caller, name string, data any) (map[string]any, *action.Request) {
	t.Helper()
	reply, req, err := f.call(t, c, name, data)
	require.NoError(t, err, "%s", name)
	return reply, req
}

// requireKey checks err is an action error with the status and key.
func requireKey(t *testing.T, err error, status int, key string) {
	t.Helper()
	var e *action.Error
	require.True(t, errors.As(err, &e), "want %d %s, got %v", status, key, err)
	require.Equal(t, key, e.Key, "key (%v)", e)
	require.Equal(t, status, e.Status, "status of %s", key)
}

// dig walks a reply along keys.
func dig(t *testing.T, v any, keys ...string) any {
	t.Helper()
	for _, k := range keys {
		m, ok := v.(map[string]any)
		require.True(t, ok, "%v is not an object at %q", v, k)
		v, ok = m[k]
		require.True(t, ok, "no %q in %v", k, m)
	}
	return v
}

// captcha fetches a captcha for target and action and returns the fields
// that answer it rightly.
func (f *fixture) captcha(t *testing.T, c caller, target, act string) map[string]any {
	t.Helper()
	reply, _ := f.mustCall(t, c, "auth.captcha", map[string]any{"phoneOrEmail": target, "action": act, "type": "email"})
	img := dig(t, reply, "guaqi", "utils", "captcha").(map[string]any)
	require.Contains(t, img["base64"], "data:image/png;base64,")
	sign := img["captchaSign"].(string)
	answer := f.captchas.answer(sign)
	require.Len(t, answer, 5, "the dev log gives the answer")
	return map[string]any{"captchaSign": sign, "captchaInput": answer, "timestamp": img["timestamp"]}
}

// getCode solves a captcha and asks for a code; it returns the verification
// sign and the code the outbox got ("" when nothing was sent).
func (f *fixture) getCode(t *testing.T, c caller, target, act string) (sign, code string) {
	t.Helper()
	before := len(f.outbox.Messages())
	data := f.captcha(t, c, target, act)
	data["phoneOrEmail"], data["action"], data["lang"], data["siteUrl"] = target, act, "en", "https://souk.example"
	reply, _ := f.mustCall(t, c, "auth.getCode", data)
	got := dig(t, reply, "guaqi", "utils", "getCode").(map[string]any)
	require.EqualValues(t, 600, got["expiresIn"])
	require.EqualValues(t, 60, got["resendIn"])
	msgs := f.outbox.Messages()
	if len(msgs) > before {
		code = msgs[len(msgs)-1].Code
	}
	return got["verificationSign"].(string), code
}

// register signs up target with password through the real flow and returns
// the new member's viewer reply and the request (holding the session).
func (f *fixture) register(t *testing.T, c caller, target, password string, extra map[string]any) (map[string]any, *action.Request) {
	t.Helper()
	sign, code := f.getCode(t, c, target, "signup")
	require.NotEmpty(t, code)
	data := map[string]any{"phoneOrEmail": target, "password": password, "verificationInput": code,
		"verificationSign": sign, "action": "signup", "agreement": true}
	for k, v := range extra {
		data[k] = v
	}
	reply, req := f.mustCall(t, c, "auth.register", data)
	return dig(t, reply, "registerUser", "user").(map[string]any), req
}

// member creates a member directly in the store, with a cheap password hash.
func (f *fixture) member(t *testing.T, u persistence.User, password string) persistence.User {
	t.Helper()
	if password != "" {
		hash, err := account.HashPasswordWith(password, testCost)
		require.NoError(t, err)
		u.PasswordHash = hash
	}
	if u.Slug == "" {
		u.Slug = fmt.Sprintf("m%d", f.db.NewID())
	}
	if u.LevelKey == "" {
		u.LevelKey = "lv1"
	}
	require.NoError(t, f.db.Users().Create(t.Context(), &u))
	return u
}

// as is a caller signed in as the session a request got.
func (f *fixture) as(t *testing.T, req *action.Request) caller {
	t.Helper()
	s, out, changed := req.SessionChange()
	require.True(t, changed && !out, "the action signed in")
	v, err := f.svc.Sessions().Authenticate(t.Context(), s.AccessToken)
	require.NoError(t, err)
	return caller{ip: "192.0.2.50", lang: "en", viewer: v, refresh: s.RefreshToken}
}

// actionError is action.Error, for type assertions.
type actionError = action.Error

func newRegistry(svc *account.Service) *action.Registry {
	reg := action.NewRegistry()
	svc.Register(reg)
	return reg
}

// viewerOf is the request viewer of u.
func viewerOf(u persistence.User) action.Viewer {
	return action.Viewer{UserID: u.ID, IsAdmin: u.IsAdmin}
}

func strconvI(id int64) string { return fmt.Sprint(id) }
