package demo

import (
	"encoding/json"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/auth"
	"souk/app/chat"
	"souk/persistence"
)

func openDB(t *testing.T) *persistence.DB {
	t.Helper()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(t.Context()))
	return db
}

// snapshot is everything Seed writes, as the stores read it back.
type snapshot struct {
	Languages  []persistence.Language
	Currencies []persistence.Currency
	Levels     [][]persistence.Level
	Settings   map[string]json.RawMessage
	Pages      []persistence.Page
	Variants   []persistence.Variant
	Users      []persistence.User
	Chat       []persistence.ChatEvent
	Layouts    []persistence.LayoutVersion
}

func take(t *testing.T, db *persistence.DB) snapshot {
	t.Helper()
	ctx := t.Context()
	var s snapshot
	var err error
	s.Languages, err = db.Languages().List(ctx)
	require.NoError(t, err)
	s.Currencies, err = db.Currencies().List(ctx)
	require.NoError(t, err)
	for _, kind := range []string{persistence.LevelKindGrowth, persistence.LevelKindVIP} {
		levels, err := db.Levels().List(ctx, kind)
		require.NoError(t, err)
		s.Levels = append(s.Levels, levels)
	}
	keys, err := db.Settings().Keys(ctx)
	require.NoError(t, err)
	s.Settings = map[string]json.RawMessage{}
	for _, key := range keys {
		var doc json.RawMessage
		require.NoError(t, db.Settings().Get(ctx, key, &doc))
		s.Settings[key] = doc
	}
	s.Pages, err = db.Pages().List(ctx)
	require.NoError(t, err)
	s.Variants, err = db.Pages().Variants(ctx)
	require.NoError(t, err)
	for _, l := range Logins {
		u, err := db.Users().GetBySlug(ctx, l.Slug)
		require.NoError(t, err)
		s.Users = append(s.Users, u)
	}
	s.Chat, err = db.Chat().Since(ctx, DemoRoom, 0, 100)
	require.NoError(t, err)
	s.Layouts, err = db.Layouts().Versions(ctx, 0, 50)
	require.NoError(t, err)
	return s
}

func TestSeedIsIdempotent(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	first, err := Seed(t.Context(), db)
	require.NoError(t, err)
	assert.Equal(t, len(Logins), first.UsersCreated)
	before := take(t, db)

	second, err := Seed(t.Context(), db)
	require.NoError(t, err)
	assert.Zero(t, second.UsersCreated)
	assert.Equal(t, first.Logins, second.Logins)
	assert.Equal(t, before, take(t, db), "a second run changes no row, updated_at and password hashes included")
	require.Len(t, before.Layouts, 1, "the layout is published once")
	assert.Equal(t, int64(1), before.Layouts[0].Version)
}

// TestSeedChat: a fresh demo site's chat holds the demo conversation, by
// the demo users, within the chat's rules; a room already in use is left
// alone.
func TestSeedChat(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	_, err := Seed(t.Context(), db)
	require.NoError(t, err)
	events := take(t, db).Chat
	require.Len(t, events, 8)
	authors := map[string]bool{}
	for i, e := range events {
		assert.Equal(t, int64(i+1), e.Seq)
		assert.LessOrEqual(t, utf8.RuneCountInString(e.Message), chat.MaxMessageRunes, e.Message)
		authors[e.Author.Slug] = true
		if i > 0 {
			assert.Greater(t, e.CreatedAt, events[i-1].CreatedAt, "in order of time")
		}
	}
	assert.Equal(t, map[string]bool{"admin": true, "vip": true}, authors, "members whose level may chat")

	other := openDB(t)
	require.NoError(t, seedUsersOnly(t, other))
	u, err := other.Users().GetBySlug(t.Context(), "member")
	require.NoError(t, err)
	_, err = other.Chat().Append(t.Context(), &persistence.ChatEvent{Room: DemoRoom, Seq: 1, Kind: persistence.ChatKindMessage,
		UserID: u.ID, Message: "first!", IdemKey: "k"})
	require.NoError(t, err)
	require.NoError(t, seedChat(t.Context(), other, time.Now()))
	left, err := other.Chat().Since(t.Context(), DemoRoom, 0, 100)
	require.NoError(t, err)
	require.Len(t, left, 1, "a room in use gets no demo lines")
}

// seedUsersOnly loads the levels and the demo users, not the chat.
func seedUsersOnly(t *testing.T, db *persistence.DB) error {
	t.Helper()
	if err := seedLevels(t.Context(), db); err != nil {
		return err
	}
	_, err := seedUsers(t.Context(), db)
	return err
}

func TestSeedContent(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	_, err := Seed(t.Context(), db)
	require.NoError(t, err)
	s := take(t, db)
	langs := []string{"zh-hans", "en", "es"}

	require.Len(t, s.Languages, 3)
	for i, want := range []struct{ code, name, currency string }{
		{"zh-hans", "zh-CN", "CNY"}, {"en", "en-US", "USD"}, {"es", "es-ES", "EUR"},
	} {
		assert.Equal(t, want.code, s.Languages[i].Code)
		assert.Equal(t, want.name, s.Languages[i].Name)
		assert.Equal(t, want.currency, s.Languages[i].Currency)
	}
	require.Len(t, s.Currencies, 3)
	assert.Equal(t, "RMB", s.Currencies[0].SymbolISO)
	assert.Equal(t, "¥", s.Currencies[0].Symbol)

	growth, vip := s.Levels[0], s.Levels[1]
	require.Len(t, growth, 6)
	require.Len(t, vip, 3)
	for _, l := range append(append([]persistence.Level(nil), growth...), vip...) {
		assert.Contains(t, l.Icon, "data:image/svg+xml,", l.Key)
		assert.False(t, l.Roles.CanBuilder, "%s: only admins build pages", l.Key)
		for _, lang := range langs {
			assert.NotEmpty(t, l.Names[lang], "%s in %s", l.Key, lang)
		}
		for _, media := range []string{"image", "video", "audio", "attachment"} {
			assert.Contains(t, l.Roles.Media, media, l.Key)
		}
	}
	assert.NotContains(t, growth[0].Roles.UserCan, "chat", "lv1 cannot chat")
	assert.Contains(t, growth[1].Roles.UserCan, "chat")
	assert.NotContains(t, growth[1].Roles.UserCan, "directMessages")
	assert.Contains(t, growth[2].Roles.UserCan, "directMessages")
	for _, l := range vip {
		assert.Contains(t, l.Roles.UserCan, "directMessages", l.Key)
	}

	for _, key := range []string{"credit_symbol", "file_mimes", "max_file_size", "login_box", "report", "address_picker", "page_settings"} {
		assert.Contains(t, s.Settings, key)
	}
	names := map[string]string{}
	for _, p := range s.Pages {
		names[p.Name] = p.Kind
	}
	assert.Equal(t, map[string]string{"": persistence.PageHome, "about": persistence.PageCustom, "help": persistence.PageCustom,
		"download": persistence.PageCustom, "docs/faq": persistence.PageDocs, "docs/user-agreement": persistence.PageDocs,
		"docs/privacy-policy": persistence.PageDocs}, names, "the layout's pages")
	require.Len(t, s.Variants, 2)
	assert.Equal(t, persistence.VariantPostID, s.Variants[1].Type)
	assert.NotEmpty(t, s.Variants[1].IDs)
}

func TestSeedLogins(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	res, err := Seed(t.Context(), db)
	require.NoError(t, err)
	require.Len(t, res.Logins, 3)
	roles := map[string]func(persistence.User) bool{
		"admin":  func(u persistence.User) bool { return u.IsAdmin && u.VIPKey == "" },
		"vip":    func(u persistence.User) bool { return !u.IsAdmin && u.VIPKey != "" },
		"member": func(u persistence.User) bool { return !u.IsAdmin && u.VIPKey == "" && u.LevelKey == "lv1" },
	}
	for _, l := range res.Logins {
		u, err := db.Users().GetByLogin(t.Context(), l.Email)
		require.NoError(t, err, l.Email)
		ok, err := auth.VerifyPassword(u.PasswordHash, l.Password)
		require.NoError(t, err)
		assert.True(t, ok, "%s logs in with its published password", l.Email)
		assert.True(t, roles[l.Role](u), "%s has the %s role", l.Email, l.Role)
	}
}
