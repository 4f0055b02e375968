package settings_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/demo"
	"souk/app/settings"
	"souk/persistence"
)

func openDB(t *testing.T, seed bool) *persistence.DB {
	t.Helper()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(t.Context()))
	if seed {
		_, err = demo.Seed(t.Context(), db)
		require.NoError(t, err)
	}
	return db
}

// call runs utils.getSettings through the registry, as the transport does,
// and returns the reply as generic JSON.
func call(t *testing.T, r *action.Registry, req *action.Request, data string) map[string]any {
	t.Helper()
	out, err := r.Call(action.WithRequest(t.Context(), req), "utils.getSettings", json.RawMessage(data))
	require.NoError(t, err)
	raw, err := json.Marshal(out)
	require.NoError(t, err)
	var reply map[string]any
	require.NoError(t, json.Unmarshal(raw, &reply))
	require.Contains(t, reply, "settings")
	return reply["settings"].(map[string]any)
}

func TestGetSettingsLocalized(t *testing.T) {
	t.Parallel()
	svc := settings.New(openDB(t, true))
	tests := []struct {
		lang, currency                 string
		wantLevel, wantCurrency        string
		wantPicked, wantMenu, wantLine string
		wantCaption, wantCountry       string
	}{
		{"zh-hans", "", "Lv1 新手", "人民币", "CNY", "首页", "垃圾广告", "加入社区，认识新朋友", "中国"},
		{"en", "", "Lv1 Newcomer", "Chinese Yuan", "USD", "Home", "Spam or advertising", "Join the community and meet new friends", "China"},
		{"es", "", "Nv1 Novato", "Yuan chino", "EUR", "Inicio", "Spam o publicidad", "Únete a la comunidad y conoce gente", "China"},
		{"en", "EUR", "Lv1 Newcomer", "Chinese Yuan", "EUR", "Home", "Spam or advertising", "Join the community and meet new friends", "China"},
		{"en", "XYZ", "Lv1 Newcomer", "Chinese Yuan", "USD", "Home", "Spam or advertising", "Join the community and meet new friends", "China"},
		{"fr", "", "Lv1 新手", "人民币", "CNY", "首页", "垃圾广告", "加入社区，认识新朋友", "中国"},
		{"es-ES", "GBP", "Nv1 Novato", "Yuan chino", "EUR", "Inicio", "Spam o publicidad", "Únete a la comunidad y conoce gente", "China"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.currency, func(t *testing.T) {
			t.Parallel()
			got, err := svc.Get(t.Context(), settings.GetInput{Lang: tt.lang, Currency: tt.currency})
			require.NoError(t, err)
			s := got.Settings
			assert.Equal(t, tt.wantPicked, s.CurrencyPicked)
			require.Len(t, s.Level.Lv, 6)
			require.Len(t, s.Level.VIP, 3)
			assert.Equal(t, tt.wantLevel, s.Level.Lv[0].Name)
			assert.Len(t, s.Level.Lv[0].Names, 3)
			require.Len(t, s.Currency, 3)
			assert.Equal(t, tt.wantCurrency, s.Currency[0].Name)
			assert.Equal(t, "RMB", s.Currency[0].SymbolISO)
			assert.Equal(t, tt.wantLine, s.Report["post"][0])
			assert.Equal(t, tt.wantCaption, s.LoginBox.Carousel[0].Caption)
			// The demo lists no countries: the picker offers every one, China among them.
			var china string
			for _, c := range s.AddressPicker.Countries {
				if c.GeonameID == 1814991 {
					china = c.Name
				}
			}
			assert.GreaterOrEqual(t, len(s.AddressPicker.Countries), 240)
			assert.Equal(t, tt.wantCountry, china)
			for _, device := range []string{"mobile", "tablet", "desktop"} {
				require.Contains(t, s.PageSettings, device)
				menus := s.PageSettings[device].Header.Menus
				require.NotEmpty(t, menus)
				assert.Equal(t, tt.wantMenu, menus[0].Label)
				assert.Equal(t, "/", menus[0].URL)
			}
		})
	}
}

func TestGetSettingsFromRequest(t *testing.T) {
	t.Parallel()
	r := action.NewRegistry()
	settings.New(openDB(t, true)).Register(r)

	s := call(t, r, &action.Request{Lang: "es", Currency: "USD"}, `{}`)
	assert.Equal(t, "USD", s["currencyPicked"], "the envelope's currency")
	s = call(t, r, &action.Request{Lang: "es", Currency: "USD"}, `{"lang":"en","currency":"CNY"}`)
	assert.Equal(t, "CNY", s["currencyPicked"], "data wins over the envelope")
	s = call(t, r, &action.Request{Lang: "en"}, `null`)
	assert.Equal(t, "USD", s["currencyPicked"], "the language's currency")

	for _, key := range []string{"level", "currency", "currencyPicked", "languages", "credit_symbol",
		"file_mimes", "max_file_size", "login_box", "report", "address_picker", "page_settings"} {
		assert.Contains(t, s, key)
	}
	assert.NotContains(t, s, "analytics", "absent when none is configured")
	level := s["level"].(map[string]any)
	assert.Len(t, level["lv"], 6)
	assert.Len(t, level["vip"], 3)
	lang := s["languages"].([]any)[0].(map[string]any)
	for _, key := range []string{"code", "name", "locale", "flag", "currency"} {
		assert.Contains(t, lang, key)
	}
	box := s["login_box"].(map[string]any)
	assert.Equal(t, []any{"phone", "email"}, box["login_type"])
	for _, key := range []string{"social", "carousel", "user_agreement_url", "privacy_policy_url"} {
		assert.Contains(t, box, key)
	}
	for _, kind := range []string{"image", "video", "audio", "attachment"} {
		mimes := s["file_mimes"].(map[string]any)[kind].(map[string]any)
		assert.NotEmpty(t, mimes["mime"], kind)
		assert.NotEmpty(t, mimes["ext"], kind)
	}
	desktop := s["page_settings"].(map[string]any)["desktop"].(map[string]any)
	header := desktop["header"].(map[string]any)
	for _, key := range []string{"attrsPicked", "menus", "userList", "backgroundColor", "textColor", "width", "textSize", "logoWidth", "logo"} {
		assert.Contains(t, header, key)
	}
	assert.Len(t, header["attrsPicked"], 7)
	footer := desktop["footer"].(map[string]any)
	for _, key := range []string{"menus", "createMenu", "backgroundColor", "textColor", "width", "textSize", "textHtmlLastRow"} {
		assert.Contains(t, footer, key)
	}
	create := footer["createMenu"].(map[string]any)
	assert.Equal(t, true, create["joinChat"])
	assert.Equal(t, true, create["showShare"])
}

func TestGetSettingsAnalytics(t *testing.T) {
	t.Parallel()
	db := openDB(t, true)
	snippet := `<script>console.log("hi")</script>`
	require.NoError(t, db.Settings().Put(t.Context(), settings.KeyAnalytics, snippet))
	got, err := settings.New(db).Get(t.Context(), settings.GetInput{})
	require.NoError(t, err)
	assert.Equal(t, snippet, got.Settings.Analytics)
}

func TestGetSettingsEmptySite(t *testing.T) {
	t.Parallel()
	r := action.NewRegistry()
	settings.New(openDB(t, false)).Register(r)
	s := call(t, r, &action.Request{}, ``)
	for key, want := range map[string]any{
		"currency": []any{}, "languages": []any{}, "currencyPicked": "", "credit_symbol": "",
		"file_mimes": map[string]any{}, "report": map[string]any{}, "page_settings": map[string]any{},
		"level": map[string]any{"lv": []any{}, "vip": []any{}},
	} {
		assert.Equal(t, want, s[key], key)
	}
}

func TestGetSettingsDescribed(t *testing.T) {
	t.Parallel()
	r := action.NewRegistry()
	settings.New(nil).Register(r)
	descs := r.Describe()
	require.Len(t, descs, 1)
	d := descs[0]
	assert.Equal(t, "utils.getSettings", d.Name)
	assert.Equal(t, action.Public, d.Access)
	docs := map[string]string{}
	for _, f := range d.Output {
		docs[f.Path] = f.Doc
	}
	for _, path := range []string{"settings.currencyPicked", "settings.level.lv[].roles", "settings.page_settings.{key}.header.menus[].url"} {
		assert.NotEmpty(t, docs[path], path)
	}
}

func TestGetSettingsOffersConfiguredSocialProvidersOnly(t *testing.T) {
	t.Parallel()
	db := openDB(t, true)
	all, err := settings.New(db).Get(t.Context(), settings.GetInput{})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"wechat", "github", "google"}, all.Settings.LoginBox.Social, "the stored list without the option")

	some, err := settings.New(db, settings.WithSocialProviders([]string{"github", "gitlab"})).Get(t.Context(), settings.GetInput{})
	require.NoError(t, err)
	require.Equal(t, []string{"github"}, some.Settings.LoginBox.Social)

	none, err := settings.New(db, settings.WithSocialProviders(nil)).Get(t.Context(), settings.GetInput{})
	require.NoError(t, err)
	require.Empty(t, none.Settings.LoginBox.Social)
}
