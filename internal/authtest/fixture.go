// Package authtest builds the auth and account services on a database of
// their own, for the tests that drive the sign-up and sign-in actions
// through the registry (souk/app/auth's and souk/app/account's).
package authtest

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
	"souk/app/auth"
	"souk/app/settings"
	"souk/internal/mail"
	"souk/persistence"
	"souk/persistence/pgtest"
)

// Cost keeps argon2id cheap in tests; production always uses DefaultArgon2.
var Cost = auth.Argon2Params{Time: 1, MemoryKiB: 64, Threads: 1}

// Secret is the node secret of the fixtures.
var Secret = []byte("test-secret-test-secret-test-secret!")

// Clock is a settable time source.
type Clock struct {
	mu sync.Mutex
	t  time.Time // guarded by mu
}

func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// CaptchaLog catches the captcha answers Dev logs, by sign.
type CaptchaLog struct {
	mu      sync.Mutex
	answers map[string]string // guarded by mu
}

func (h *CaptchaLog) Enabled(context.Context, slog.Level) bool { return true }
func (h *CaptchaLog) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *CaptchaLog) WithGroup(string) slog.Handler            { return h }
func (h *CaptchaLog) Handle(_ context.Context, r slog.Record) error {
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

func (h *CaptchaLog) Answer(sign string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.answers[sign]
}

// Fixture is a node's auth and account services on a migrated database
// of its own, in demo mode (captcha answers logged, codes in the outbox).
type Fixture struct {
	DB *persistence.DB
	// Creds are the auth credentials (and sessions) of the node.
	Creds *auth.Credentials
	// Reg holds the auth and account actions.
	Reg      *action.Registry
	Outbox   *mail.DevOutbox
	Clock    *Clock
	Captchas *CaptchaLog
}

// EachDB runs fn on SQLite and, when SOUK_TEST_POSTGRES_URL is set, on PostgreSQL.
func EachDB(t *testing.T, fn func(t *testing.T, kind string)) {
	t.Helper()
	for _, kind := range []string{persistence.KindSQLite, persistence.KindPostgres} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			fn(t, kind)
		})
	}
}

func OpenDB(t *testing.T, kind string) *persistence.DB {
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

// NewFixture returns a service on a database with test levels and currencies.
func NewFixture(t *testing.T, kind string) *Fixture {
	t.Helper()
	db := OpenDB(t, kind)
	SeedLevels(t, db)
	return NewService(t, db, nil)
}

// NewService returns a service (a node) on db, with clk as its Clock or a
// new one when nil.
func NewService(t *testing.T, db *persistence.DB, clk *Clock) *Fixture {
	t.Helper()
	return NewServiceWith(t, db, clk, nil)
}

// NewFixtureWith is NewFixture with configure changing the auth
// configuration before the services are built.
func NewFixtureWith(t *testing.T, kind string, configure func(*auth.Config)) *Fixture {
	t.Helper()
	db := OpenDB(t, kind)
	SeedLevels(t, db)
	return NewServiceWith(t, db, nil, configure)
}

// NewServiceWith is NewService with configure changing the auth
// configuration (nil: none) before the services are built.
func NewServiceWith(t *testing.T, db *persistence.DB, clk *Clock, configure func(*auth.Config)) *Fixture {
	t.Helper()
	if clk == nil {
		clk = &Clock{t: time.Now().UTC().Truncate(time.Second)}
	}
	f := &Fixture{DB: db, Outbox: &mail.DevOutbox{Logger: slog.New(slog.DiscardHandler)}, Clock: clk,
		Captchas: &CaptchaLog{answers: map[string]string{}}}
	cfg := auth.Config{DB: db, Secret: Secret, Dev: true,
		Email: f.Outbox, SMS: f.Outbox, Now: f.Clock.Now, PasswordCost: Cost,
		Logger: slog.New(f.Captchas)}
	if configure != nil {
		configure(&cfg)
	}
	f.Creds, f.Reg = Wire(cfg)
	return f
}

func SeedLevels(t *testing.T, db *persistence.DB) {
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

// Caller is who calls an action.
type Caller struct {
	IP      string
	Lang    string
	Viewer  action.Viewer
	Refresh string
}

// guestN numbers the addresses of NewGuest.
var guestN atomic.Int64

// NewGuest is a guest with an address of its own, so that tests do not
// share the per-address rate limits.
func NewGuest() Caller {
	n := guestN.Add(1)
	return Caller{IP: fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255), Lang: "en"}
}

// Call runs an action through the registry and returns its reply as JSON
// values and the request (to read the session it changed).
func (f *Fixture) Call(t *testing.T, c Caller, name string, data any) (map[string]any, *action.Request, error) {
	t.Helper()
	raw, err := json.Marshal(data)
	require.NoError(t, err)
	if c.Lang == "" {
		c.Lang = "en"
	}
	req := &action.Request{Lang: c.Lang, ClientIP: c.IP, Viewer: c.Viewer, RefreshToken: c.Refresh}
	out, err := f.Reg.Call(action.WithRequest(t.Context(), req), name, raw)
	if err != nil {
		return nil, req, err
	}
	body, err := json.Marshal(out)
	require.NoError(t, err)
	var reply map[string]any
	require.NoError(t, json.Unmarshal(body, &reply))
	return reply, req, nil
}

// MustCall is call that must succeed.
func (f *Fixture) MustCall(t *testing.T, c Caller, name string, data any) (map[string]any, *action.Request) {
	t.Helper()
	reply, req, err := f.Call(t, c, name, data)
	require.NoError(t, err, "%s", name)
	return reply, req
}

// RequireKey checks err is an action error with the status and key.
func RequireKey(t *testing.T, err error, status int, key string) {
	t.Helper()
	var e *action.Error
	require.True(t, errors.As(err, &e), "want %d %s, got %v", status, key, err)
	require.Equal(t, key, e.Key, "key (%v)", e)
	require.Equal(t, status, e.Status, "status of %s", key)
}

// Dig walks a reply along keys.
func Dig(t *testing.T, v any, keys ...string) any {
	t.Helper()
	for _, k := range keys {
		m, ok := v.(map[string]any)
		require.True(t, ok, "%v is not an object at %q", v, k)
		v, ok = m[k]
		require.True(t, ok, "no %q in %v", k, m)
	}
	return v
}

// Captcha fetches a captcha for target and action and returns the fields
// that answer it rightly.
func (f *Fixture) Captcha(t *testing.T, c Caller, target, act string) map[string]any {
	t.Helper()
	reply, _ := f.MustCall(t, c, "auth.captcha", map[string]any{"phoneOrEmail": target, "action": act, "type": "email"})
	img := Dig(t, reply, "guaqi", "utils", "captcha").(map[string]any)
	require.Contains(t, img["base64"], "data:image/png;base64,")
	sign := img["captchaSign"].(string)
	answer := f.Captchas.Answer(sign)
	require.Len(t, answer, 5, "the dev log gives the answer")
	return map[string]any{"captchaSign": sign, "captchaInput": answer, "timestamp": img["timestamp"]}
}

// GetCode solves a captcha and asks for a code; it returns the verification
// sign and the code the outbox got ("" when nothing was sent).
func (f *Fixture) GetCode(t *testing.T, c Caller, target, act string) (sign, code string) {
	t.Helper()
	before := len(f.Outbox.Messages())
	data := f.Captcha(t, c, target, act)
	data["phoneOrEmail"], data["action"], data["lang"], data["siteUrl"] = target, act, "en", "https://souk.example"
	reply, _ := f.MustCall(t, c, "auth.getCode", data)
	got := Dig(t, reply, "guaqi", "utils", "getCode").(map[string]any)
	require.EqualValues(t, 600, got["expiresIn"])
	require.EqualValues(t, 60, got["resendIn"])
	msgs := f.Outbox.Messages()
	if len(msgs) > before {
		code = msgs[len(msgs)-1].Code
	}
	return got["verificationSign"].(string), code
}

// Register signs up target with password through the real flow and returns
// the new member's viewer reply and the request (holding the session).
func (f *Fixture) Register(t *testing.T, c Caller, target, password string, extra map[string]any) (map[string]any, *action.Request) {
	t.Helper()
	sign, code := f.GetCode(t, c, target, "signup")
	require.NotEmpty(t, code)
	data := map[string]any{"phoneOrEmail": target, "password": password, "verificationInput": code,
		"verificationSign": sign, "action": "signup", "agreement": true}
	for k, v := range extra {
		data[k] = v
	}
	reply, req := f.MustCall(t, c, "auth.register", data)
	return Dig(t, reply, "registerUser", "user").(map[string]any), req
}

// Member creates a member directly in the store, with a cheap password hash.
func (f *Fixture) Member(t *testing.T, u persistence.User, password string) persistence.User {
	t.Helper()
	if password != "" {
		hash, err := auth.HashPasswordWith(password, Cost)
		require.NoError(t, err)
		u.PasswordHash = hash
	}
	if u.Slug == "" {
		u.Slug = fmt.Sprintf("m%d", f.DB.NewID())
	}
	if u.LevelKey == "" {
		u.LevelKey = "lv1"
	}
	require.NoError(t, f.DB.Users().Create(t.Context(), &u))
	return u
}

// SignIn signs in with a password as a guest would (auth.login) and
// returns the request that got the session.
func (f *Fixture) SignIn(t *testing.T, username, password string) *action.Request {
	t.Helper()
	_, req := f.MustCall(t, NewGuest(), "auth.login", map[string]any{"provider": "PASSWORD", "username": username, "password": password})
	return req
}

// As is a Caller signed in as the session a request got.
func (f *Fixture) As(t *testing.T, req *action.Request) Caller {
	t.Helper()
	s, out, changed := req.SessionChange()
	require.True(t, changed && !out, "the action signed in")
	v, err := f.Creds.Sessions().Authenticate(t.Context(), s.AccessToken)
	require.NoError(t, err)
	return Caller{IP: "192.0.2.50", Lang: "en", Viewer: v, Refresh: s.RefreshToken}
}

// ActionError is action.Error, for type assertions.
type ActionError = action.Error

// Wire builds the auth and account services of cfg on one registry, as
// cmd/souk does, with sessions whose tokens carry the account's rights.
func Wire(cfg auth.Config) (*auth.Credentials, *action.Registry) {
	if cfg.Sessions == nil {
		cfg.Sessions = auth.NewSessions(cfg.DB, cfg.Secret, account.TokenRights, auth.WithClock(cfg.Now))
	}
	creds := auth.NewCredentials(cfg)
	accounts := account.New(account.Config{DB: cfg.DB, SocketTokens: creds, Signups: creds, Now: cfg.Now, Logger: cfg.Logger})
	reg := action.NewRegistry()
	accounts.Register(reg)
	auth.New[account.Viewer](creds, accounts).Register(reg)
	return creds, reg
}

// ViewerOf is the request viewer of u.
func ViewerOf(u persistence.User) action.Viewer {
	return action.Viewer{UserID: u.ID, IsAdmin: u.IsAdmin}
}

func FormatID(id int64) string { return fmt.Sprint(id) }
