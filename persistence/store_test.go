package persistence

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stamp reads a row's updated_at; where is a condition on $1.
func stamp(t *testing.T, db *DB, table, where string, arg any) int64 {
	t.Helper()
	var at int64
	require.NoError(t, db.read.QueryRowContext(t.Context(),
		"SELECT updated_at FROM "+table+" WHERE "+where, arg).Scan(&at))
	return at
}

// assertUpsertSkipsUnchanged backdates a row, repeats the upsert that wrote
// it, and checks the row was left alone; then applies a change and checks
// it was written.
func assertUpsertSkipsUnchanged(t *testing.T, db *DB, table, where string, arg any, same, changed func(context.Context) error) {
	t.Helper()
	ctx := t.Context()
	_, err := db.write.ExecContext(ctx, "UPDATE "+table+" SET updated_at = 1 WHERE "+where, arg)
	require.NoError(t, err)
	require.NoError(t, same(ctx))
	assert.Equal(t, int64(1), stamp(t, db, table, where, arg), "an unchanged upsert must not touch the row")
	require.NoError(t, changed(ctx))
	assert.Greater(t, stamp(t, db, table, where, arg), int64(1), "a changed upsert must write the row")
}

func TestSettingsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Settings()
		type box struct {
			Types []string          `json:"types"`
			Names map[string]string `json:"names"`
		}
		var got box
		require.ErrorIs(t, s.Get(ctx, "login_box", &got), ErrNotFound)

		want := box{Types: []string{"phone", "email"}, Names: map[string]string{"en": "Log in", "zh-hans": "登录"}}
		require.NoError(t, s.Put(ctx, "login_box", want))
		require.NoError(t, s.Get(ctx, "login_box", &got))
		assert.Equal(t, want, got)

		require.NoError(t, s.Put(ctx, "credit_symbol", "✦"))
		require.NoError(t, s.Put(ctx, "a_first", 42))
		keys, err := s.Keys(ctx)
		require.NoError(t, err)
		assert.Equal(t, []string{"a_first", "credit_symbol", "login_box"}, keys)

		assertUpsertSkipsUnchanged(t, db, "settings", "setting_key = $1", "login_box",
			func(ctx context.Context) error { return s.Put(ctx, "login_box", want) },
			func(ctx context.Context) error { return s.Put(ctx, "login_box", box{Types: []string{"email"}}) })
		require.NoError(t, s.Get(ctx, "login_box", &got))
		assert.Equal(t, []string{"email"}, got.Types)

		var secret string
		require.NoError(t, s.GetOrCreate(ctx, "node.secret", "first", &secret))
		assert.Equal(t, "first", secret)
		require.NoError(t, s.GetOrCreate(ctx, "node.secret", "second", &secret))
		assert.Equal(t, "first", secret, "an existing value wins")

		assert.Error(t, s.Put(ctx, "bad", func() {}), "unencodable values are refused")
		var n string
		assert.Error(t, s.Get(ctx, "a_first", &n), "decoding into the wrong type fails")
	})
}

func TestLanguagesStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Languages()
		list, err := s.List(ctx)
		require.NoError(t, err)
		assert.Empty(t, list)

		langs := []Language{
			{Code: "es", Name: "es-ES", Locale: "es-ES", FlagURL: "/flags/es.svg", Currency: "EUR", Position: 3},
			{Code: "zh-hans", Name: "zh-CN", Locale: "zh-CN", FlagURL: "/flags/cn.svg", Currency: "CNY", Position: 1},
			{Code: "en", Name: "en-US", Locale: "en-US", FlagURL: "/flags/us.svg", Currency: "USD", Position: 2},
		}
		for _, l := range langs {
			require.NoError(t, s.Upsert(ctx, l))
		}
		list, err = s.List(ctx)
		require.NoError(t, err)
		assert.Equal(t, []Language{langs[1], langs[2], langs[0]}, list, "ordered by position")

		changed := langs[0]
		changed.Position = 0
		assertUpsertSkipsUnchanged(t, db, "languages", "code = $1", "es",
			func(ctx context.Context) error { return s.Upsert(ctx, langs[0]) },
			func(ctx context.Context) error { return s.Upsert(ctx, changed) })
		list, err = s.List(ctx)
		require.NoError(t, err)
		require.Len(t, list, 3)
		assert.Equal(t, changed, list[0])
	})
}

func TestCurrenciesStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Currencies()
		_, err := s.Get(ctx, "CNY")
		require.ErrorIs(t, err, ErrNotFound)

		cny := Currency{Code: "CNY", SymbolISO: "RMB", Symbol: "¥", Decimals: 2, Position: 1,
			Names: map[string]string{"zh-hans": "人民币", "en": "Chinese Yuan", "es": "Yuan chino"}}
		usd := Currency{Code: "USD", SymbolISO: "USD", Symbol: "$", Decimals: 2, Position: 2}
		require.NoError(t, s.Upsert(ctx, usd))
		require.NoError(t, s.Upsert(ctx, cny))

		got, err := s.Get(ctx, "CNY")
		require.NoError(t, err)
		assert.Equal(t, cny, got)
		list, err := s.List(ctx)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, []string{"CNY", "USD"}, []string{list[0].Code, list[1].Code})
		assert.Equal(t, map[string]string{}, list[1].Names, "nil names read back empty")

		renamed := cny
		renamed.Names = map[string]string{"en": "Renminbi"}
		assertUpsertSkipsUnchanged(t, db, "currencies", "code = $1", "CNY",
			func(ctx context.Context) error { return s.Upsert(ctx, cny) },
			func(ctx context.Context) error { return s.Upsert(ctx, renamed) })
		got, err = s.Get(ctx, "CNY")
		require.NoError(t, err)
		assert.Equal(t, renamed, got)
	})
}

func TestLevelsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Levels()
		_, err := s.Get(ctx, LevelKindGrowth, "lv1")
		require.ErrorIs(t, err, ErrNotFound)

		lv2 := Level{Kind: LevelKindGrowth, Key: "lv2", Icon: "data:image/svg+xml,x", Rank: 2,
			Names: map[string]string{"en": "Level 2"},
			Roles: LevelRoles{UserCan: []string{"chat"}, Media: map[string]MediaRole{
				"image": {Can: true, Max: 10, SizeMB: 2}, "video": {}}}}
		lv1 := Level{Kind: LevelKindGrowth, Key: "lv1", Rank: 1, Names: map[string]string{"en": "Level 1"},
			Roles: LevelRoles{UserCan: []string{}, Media: map[string]MediaRole{}}}
		vip := Level{Kind: LevelKindVIP, Key: "vip1", Rank: 1, Names: map[string]string{"en": "Silver"},
			Roles: LevelRoles{UserCan: []string{"chat", "directMessages"}, Media: map[string]MediaRole{}, CanBuilder: true}}
		for _, l := range []Level{lv2, vip, lv1} {
			require.NoError(t, s.Upsert(ctx, l))
		}
		require.Error(t, s.Upsert(ctx, Level{Kind: "gold", Key: "x"}), "unknown kind")

		growth, err := s.List(ctx, LevelKindGrowth)
		require.NoError(t, err)
		assert.Equal(t, []Level{lv1, lv2}, growth, "ordered by rank, only that kind")
		vips, err := s.List(ctx, LevelKindVIP)
		require.NoError(t, err)
		assert.Equal(t, []Level{vip}, vips)
		got, err := s.Get(ctx, LevelKindVIP, "vip1")
		require.NoError(t, err)
		assert.Equal(t, vip, got)
		_, err = s.Get(ctx, LevelKindGrowth, "vip1")
		require.ErrorIs(t, err, ErrNotFound, "keys are per kind")

		more := lv2
		more.Roles.UserCan = []string{"chat", "directMessages"}
		assertUpsertSkipsUnchanged(t, db, "levels", "level_key = $1", "lv2",
			func(ctx context.Context) error { return s.Upsert(ctx, lv2) },
			func(ctx context.Context) error { return s.Upsert(ctx, more) })
		got, err = s.Get(ctx, LevelKindGrowth, "lv2")
		require.NoError(t, err)
		assert.Equal(t, more, got)
	})
}
