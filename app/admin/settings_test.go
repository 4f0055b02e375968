package admin

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/sitesettings"
	"souk/app/settings"
	"souk/persistence"
	"souk/persistence/pgtest"
)

// settingsFixture is a settings service on a database holding three
// languages, three currencies, a growth level and a VIP tier priced in USD.
type settingsFixture struct {
	db       *persistence.DB
	svc      *SettingsService
	site     *settings.Service // utils.getSettings on the same node
	applied  []int64           // the versions the applier was told of
	appliedM sync.Mutex
}

func (f *settingsFixture) SettingsSaved(_ context.Context, version int64) {
	f.site.DropCache()
	f.appliedM.Lock()
	f.applied = append(f.applied, version)
	f.appliedM.Unlock()
}

// eachSettingsDB runs fn on SQLite, and on PostgreSQL when
// SOUK_TEST_POSTGRES_URL is set.
func eachSettingsDB(t *testing.T, fn func(t *testing.T, f *settingsFixture)) {
	for _, kind := range []string{persistence.KindSQLite, persistence.KindPostgres} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			fn(t, newSettingsFixture(t, kind))
		})
	}
}

func newSettingsFixture(t *testing.T, kind string) *settingsFixture {
	t.Helper()
	ctx := t.Context()
	cfg := persistence.Config{DataDir: t.TempDir()}
	if kind == persistence.KindPostgres {
		cfg.URL = pgtest.NewDatabase(t)
	}
	db, err := persistence.Open(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(ctx))
	names := func(zh, en, es string) map[string]string { return map[string]string{"zh-hans": zh, "en": en, "es": es} }
	for i, c := range []persistence.Currency{
		{Code: "CNY", SymbolISO: "RMB", Symbol: "¥", Names: names("人民币", "Yuan", "Yuan"), Decimals: 2},
		{Code: "USD", SymbolISO: "USD", Symbol: "$", Names: names("美元", "Dollar", "Dólar"), Decimals: 2},
		{Code: "EUR", SymbolISO: "EUR", Symbol: "€", Names: names("欧元", "Euro", "Euro"), Decimals: 2},
	} {
		c.Position = i + 1
		require.NoError(t, db.Currencies().Upsert(ctx, c))
	}
	for i, l := range []persistence.Language{
		{Code: "zh-hans", Name: "zh-CN", Locale: "zh-CN", Currency: "CNY"},
		{Code: "en", Name: "en-US", Locale: "en-US", Currency: "USD"},
		{Code: "es", Name: "es-ES", Locale: "es-ES", Currency: "EUR"},
	} {
		l.Position = i + 1
		require.NoError(t, db.Languages().Upsert(ctx, l))
	}
	require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindGrowth, Key: "lv1", Rank: 1,
		Names: names("一级", "Lv1", "Nv1")}))
	require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindVIP, Key: "vip1", Rank: 1,
		Names: names("白银", "Silver", "Plata"), Prices: map[string]int64{"USD": 499, persistence.AssetCredit: 3000},
		DurationDays: 30}))
	f := &settingsFixture{db: db, site: settings.New(db)}
	f.svc = NewSettings(SettingsConfig{DB: db, Applier: f})
	return f
}

func adminContext() context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en", Viewer: action.Viewer{UserID: 1, IsAdmin: true}})
}

func (f *settingsFixture) read(t *testing.T) SettingsReply {
	t.Helper()
	r, err := f.svc.Settings(adminContext(), struct{}{})
	require.NoError(t, err)
	return r
}

func (f *settingsFixture) save(section string, version int64, value any) (SaveSettingsReply, error) {
	raw, err := json.Marshal(value)
	if err != nil {
		return SaveSettingsReply{}, err
	}
	return f.svc.SaveSettings(adminContext(), SaveSettingsInput{Section: section, Version: version, Value: raw})
}

// TestSettingsReadAndSave: the read answers every section raw; a save
// bumps the version, shows at once in utils.getSettings on the node, tells
// the applier, and the next read answers what was saved.
func TestSettingsReadAndSave(t *testing.T) {
	t.Parallel()
	eachSettingsDB(t, func(t *testing.T, f *settingsFixture) {
		r := f.read(t)
		assert.Zero(t, r.Version)
		require.Len(t, r.Languages, 3)
		assert.Equal(t, "CNY", r.Languages[0].Currency)
		require.Len(t, r.VIPTiers, 1)
		assert.Equal(t, map[string]string{"USD": "4.99", persistence.AssetCredit: "3000"}, r.VIPTiers[0].Prices)
		assert.NotNil(t, r.Report)
		assert.NotNil(t, r.LoginBox.LoginType)

		site, err := f.site.Get(adminContext(), settings.GetInput{Lang: "en"})
		require.NoError(t, err)
		require.Len(t, site.Settings.Currency, 3, "read once: cached")

		gbp := CurrencySetting{Code: "GBP", SymbolISO: "GBP", Symbol: "£", Decimals: 2,
			Names: map[string]string{"zh-hans": "英镑", "en": "Pound", "es": "Libra"}}
		reply, err := f.save("currencies", 0, append(r.Currencies, gbp))
		require.NoError(t, err)
		assert.Equal(t, int64(1), reply.Version)
		assert.Equal(t, []int64{1}, f.applied)

		site, err = f.site.Get(adminContext(), settings.GetInput{Lang: "en"})
		require.NoError(t, err)
		require.Len(t, site.Settings.Currency, 4, "the node shows the new currency at once")
		assert.Equal(t, "Pound", site.Settings.Currency[3].Name)

		r = f.read(t)
		assert.Equal(t, int64(1), r.Version)
		require.Len(t, r.Currencies, 4)
		assert.Equal(t, gbp, r.Currencies[3])

		tiers := r.VIPTiers
		tiers[0].Prices = map[string]string{"GBP": "3.50", "USD": "5"}
		_, err = f.save("vipTiers", 1, tiers)
		require.NoError(t, err)
		tier, err := f.db.Levels().Get(context.Background(), persistence.LevelKindVIP, "vip1")
		require.NoError(t, err)
		assert.Equal(t, map[string]int64{"GBP": 350, "USD": 500}, tier.Prices)

		files := FilesSetting{FileMimes: map[string]sitesettings.FileMimes{"image": {Mime: []string{"image/png"}, Ext: []string{"png"}}},
			MaxFileSize: 20}
		_, err = f.save("files", 2, files)
		require.NoError(t, err)
		for section, value := range map[string]any{
			"creditSymbol":  "★",
			"analytics":     "<script>/* stats */</script>",
			"addressPicker": sitesettings.AddressPickerDoc{Countries: []sitesettings.CountryDoc{{GeonameID: 1814991, Names: sitesettings.Text{"en": "China"}}}},
			"report":        sitesettings.ReportDoc{"post": {"en": {"Spam"}, "es": {"Spam"}, "zh-hans": {"垃圾"}}},
			"loginBox": LoginBoxSetting{LoginType: []string{"email"}, Social: []string{"github"},
				UserAgreementURL: "/docs/terms", PrivacyPolicyURL: "https://example.com/privacy"},
			"levels": []LevelSetting{{Key: "lv1", Names: map[string]string{"zh-hans": "一", "en": "One", "es": "Uno"}, Rank: 1},
				{Key: "lv2", Names: map[string]string{"zh-hans": "二", "en": "Two", "es": "Dos"}, Rank: 2, MinPoints: 100}},
			"languages": r.Languages[:2],
		} {
			v := f.read(t).Version
			_, err := f.save(section, v, value)
			require.NoError(t, err, section)
		}
		r = f.read(t)
		assert.Equal(t, int64(10), r.Version)
		assert.Equal(t, "★", r.CreditSymbol)
		assert.Equal(t, 20, r.MaxFileSize)
		assert.Len(t, r.Levels, 2)
		assert.Len(t, r.Languages, 2)
		assert.Equal(t, []string{"email"}, r.LoginBox.LoginType)
		assert.Equal(t, int64(1814991), r.AddressPicker.Countries[0].GeonameID)
	})
}

// settingsRefusal is a save the server refuses: the key and the field
// it names.
type settingsRefusal struct {
	name    string
	section string
	value   func(r SettingsReply) any
	key     string
	field   string
}

func settingsRefusals() []settingsRefusal {
	names := map[string]string{"zh-hans": "名", "en": "Name", "es": "Nombre"}
	return []settingsRefusal{
		{"language whose currency is unknown", "languages", func(r SettingsReply) any {
			r.Languages[1].Currency = "XYZ"
			return r.Languages
		}, "admin.error.settings.unknownCurrency", "value[1].currency"},
		{"a language the client cannot speak", "languages", func(r SettingsReply) any {
			return append(r.Languages, LanguageSetting{Code: "fr", Name: "fr-FR", Locale: "fr-FR", Currency: "EUR"})
		}, "admin.error.settings.language", "value[3].code"},
		{"zh-hans not offered", "languages", func(r SettingsReply) any { return r.Languages[1:] },
			"admin.error.settings.zhHans", "value"},
		{"duplicate language", "languages", func(r SettingsReply) any { return append(r.Languages, r.Languages[0]) },
			"admin.error.settings.duplicate", "value[3].code"},
		{"removing a currency a language uses", "currencies", func(r SettingsReply) any {
			return []CurrencySetting{r.Currencies[0], r.Currencies[1]}
		}, "admin.error.settings.currencyInUse", "value"},
		{"currency without a name in an offered language", "currencies", func(r SettingsReply) any {
			return append(r.Currencies, CurrencySetting{Code: "GBP", SymbolISO: "GBP", Symbol: "£", Decimals: 2,
				Names: map[string]string{"zh-hans": "英镑", "en": "Pound"}})
		}, "admin.error.settings.nameRequired", "value[3].names.es"},
		{"decimals out of range", "currencies", func(r SettingsReply) any {
			return append(r.Currencies, CurrencySetting{Code: "GBP", SymbolISO: "GBP", Symbol: "£", Decimals: 5, Names: names})
		}, "admin.error.settings.range", "value[3].decimals"},
		{"decimals of a stored currency changed", "currencies", func(r SettingsReply) any {
			r.Currencies[1].Decimals = 0
			return r.Currencies
		}, "admin.error.settings.decimalsFixed", "value[1].decimals"},
		{"malformed currency code", "currencies", func(r SettingsReply) any {
			return append(r.Currencies, CurrencySetting{Code: "gb", SymbolISO: "GBP", Symbol: "£", Decimals: 2, Names: names})
		}, "admin.error.settings.currencyCode", "value[3].code"},
		{"level without a name in every language", "levels", func(r SettingsReply) any {
			return []LevelSetting{{Key: "lv1", Rank: 1, Names: map[string]string{"zh-hans": "一", "en": "One"}}}
		}, "admin.error.settings.nameRequired", "value[0].names.es"},
		{"duplicate level key", "levels", func(r SettingsReply) any {
			return []LevelSetting{{Key: "lv1", Rank: 1, Names: names}, {Key: "lv1", Rank: 2, Names: names}}
		}, "admin.error.settings.duplicate", "value[1].key"},
		{"negative price", "vipTiers", func(r SettingsReply) any {
			r.VIPTiers[0].Prices = map[string]string{"USD": "-1"}
			return r.VIPTiers
		}, "admin.error.settings.price", "value[0].prices.USD"},
		{"malformed price", "vipTiers", func(r SettingsReply) any {
			r.VIPTiers[0].Prices = map[string]string{"USD": "4.999"}
			return r.VIPTiers
		}, "admin.error.settings.price", "value[0].prices.USD"},
		{"price in an unknown currency", "vipTiers", func(r SettingsReply) any {
			r.VIPTiers[0].Prices = map[string]string{"XYZ": "1"}
			return r.VIPTiers
		}, "admin.error.settings.unknownCurrency", "value[0].prices.XYZ"},
		{"tier without a name", "vipTiers", func(r SettingsReply) any {
			r.VIPTiers[0].Names = map[string]string{"zh-hans": "白银", "en": " ", "es": "Plata"}
			return r.VIPTiers
		}, "admin.error.settings.nameRequired", "value[0].names.en"},
		{"malformed mime", "files", func(SettingsReply) any {
			return FilesSetting{FileMimes: map[string]sitesettings.FileMimes{"image": {Mime: []string{"image/png", "png"}}}, MaxFileSize: 10}
		}, "admin.error.settings.mime", "value.fileMimes.image.mime[1]"},
		{"malformed extension", "files", func(SettingsReply) any {
			return FilesSetting{FileMimes: map[string]sitesettings.FileMimes{"video": {Ext: []string{".mp4"}}}, MaxFileSize: 10}
		}, "admin.error.settings.extension", "value.fileMimes.video.ext[0]"},
		{"max file size too big", "files", func(SettingsReply) any { return FilesSetting{MaxFileSize: 4096} },
			"admin.error.settings.range", "value.maxFileSize"},
		{"max file size zero", "files", func(SettingsReply) any { return FilesSetting{MaxFileSize: 0} },
			"admin.error.settings.range", "value.maxFileSize"},
		{"unknown login type", "loginBox", func(SettingsReply) any {
			return LoginBoxSetting{LoginType: []string{"email", "fax"}}
		}, "admin.error.settings.oneOf", "value.loginType[1]"},
		{"unknown social provider", "loginBox", func(SettingsReply) any {
			return LoginBoxSetting{LoginType: []string{"email"}, Social: []string{"myspace"}}
		}, "admin.error.settings.oneOf", "value.social[0]"},
		{"agreement URL over http", "loginBox", func(SettingsReply) any {
			return LoginBoxSetting{LoginType: []string{"email"}, UserAgreementURL: "http://example.com/terms"}
		}, "admin.error.settings.url", "value.userAgreementUrl"},
		{"agreement URL protocol-relative", "loginBox", func(SettingsReply) any {
			return LoginBoxSetting{LoginType: []string{"email"}, PrivacyPolicyURL: "//evil.example/p"}
		}, "admin.error.settings.url", "value.privacyPolicyUrl"},
		{"empty report reason", "report", func(SettingsReply) any {
			return sitesettings.ReportDoc{"post": {"en": {"Spam", " "}}}
		}, "admin.error.settings.text", "value.post.en[1]"},
		{"too long report reason", "report", func(SettingsReply) any {
			return sitesettings.ReportDoc{"chat": {"es": {strings.Repeat("x", maxReason+1)}}}
		}, "admin.error.settings.text", "value.chat.es[0]"},
		{"no report reason in a language", "report", func(SettingsReply) any {
			return sitesettings.ReportDoc{"chat": {"es": {}}}
		}, "admin.error.settings.reasons", "value.chat.es"},
		{"analytics over 16 KB", "analytics", func(SettingsReply) any { return strings.Repeat("x", maxAnalytics+1) },
			"admin.error.settings.tooLong", "value"},
		{"country id not positive", "addressPicker", func(SettingsReply) any {
			return sitesettings.AddressPickerDoc{Countries: []sitesettings.CountryDoc{{GeonameID: 1}, {GeonameID: 0}}}
		}, "admin.error.settings.range", "value.countries[1].geonameId"},
		{"unknown push kind", "notify", rawSetting(`{"push":{"sms":false}}`), "admin.error.settings.oneOf", "value.push.sms"},
		{"unknown email kind", "notify", rawSetting(`{"email":{"likes":true,"fax":false}}`), "admin.error.settings.oneOf",
			"value.email.fax"},
		{"email delay too long", "notify", rawSetting(`{"emailDelayMinutes":1441}`), "admin.error.settings.range",
			"value.emailDelayMinutes"},
		{"negative email delay", "notify", rawSetting(`{"emailDelayMinutes":-5}`), "admin.error.settings.range",
			"value.emailDelayMinutes"},
		{"digest hour 24", "notify", rawSetting(`{"digestHour":24}`), "admin.error.settings.range", "value.digestHour"},
		{"unknown notify field", "notify", rawSetting(`{"sms":true}`), "admin.error.settings.unknownField", "value.sms"},
		{"digest not a boolean", "notify", rawSetting(`{"digest":"yes"}`), "admin.error.settings.malformed", "value.digest"},
	}
}

// rawSetting is a value sent as written.
func rawSetting(value string) func(SettingsReply) any {
	return func(SettingsReply) any { return json.RawMessage(value) }
}

// TestSaveSettingsValidation: each bad value is refused with a 400 that
// names its field, and nothing is saved.
func TestSaveSettingsValidation(t *testing.T) {
	t.Parallel()
	f := newSettingsFixture(t, persistence.KindSQLite)
	for _, tc := range settingsRefusals() {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.save(tc.section, 0, tc.value(f.read(t)))
			var e *action.Error
			require.True(t, errors.As(err, &e), "%v", err)
			assert.Equal(t, http.StatusBadRequest, e.Status)
			assert.Equal(t, tc.key, e.Key)
			assert.Equal(t, tc.field, e.Args["field"])
		})
	}
	assert.Zero(t, f.read(t).Version, "nothing saved")
	assert.Empty(t, f.applied)

	// Strict decoding: a field no section has, a value of the wrong type.
	ctx := adminContext()
	_, err := f.svc.SaveSettings(ctx, SaveSettingsInput{Section: "loginBox", Value: json.RawMessage(`{"loginType":["email"],"colour":"red"}`)})
	var e *action.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "admin.error.settings.unknownField", e.Key)
	assert.Equal(t, "value.colour", e.Args["field"])
	_, err = f.svc.SaveSettings(ctx, SaveSettingsInput{Section: "files", Value: json.RawMessage(`{"maxFileSize":"big"}`)})
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "admin.error.settings.malformed", e.Key)
	assert.Equal(t, "value.maxFileSize", e.Args["field"])
	_, err = f.svc.SaveSettings(ctx, SaveSettingsInput{Section: "currencies", Value: json.RawMessage(`[{"code":"CNY"},{"decimals":"x"}]`)})
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "admin.error.settings.malformed", e.Key)
	assert.Equal(t, "value[1].decimals", e.Args["field"], "the row named")
	_, err = f.svc.SaveSettings(ctx, SaveSettingsInput{Section: "levels", Value: json.RawMessage(`[{"key":"lv1","colour":"red"}]`)})
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "admin.error.settings.unknownField", e.Key)
	assert.Equal(t, "value[0].colour", e.Args["field"])
	_, err = f.svc.SaveSettings(ctx, SaveSettingsInput{Section: "analytics"})
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "admin.error.settings.required", e.Key)
	_, err = f.svc.SaveSettings(ctx, SaveSettingsInput{Section: "themes", Value: json.RawMessage(`{}`)})
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "section", e.Args["field"])
}

// TestSaveSettingsStale: a save naming an older version is refused with
// 409, whatever its value; two saves racing from the same version: one
// wins, the other is stale.
func TestSaveSettingsStale(t *testing.T) {
	t.Parallel()
	eachSettingsDB(t, func(t *testing.T, f *settingsFixture) {
		_, err := f.save("creditSymbol", 0, "★")
		require.NoError(t, err)
		_, err = f.save("creditSymbol", 0, "✦")
		var e *action.Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, http.StatusConflict, e.Status)
		assert.Equal(t, "admin.error.stale", e.Key)
		assert.Equal(t, "★", f.read(t).CreditSymbol)

		const racers = 4
		var wg sync.WaitGroup
		errs := make([]error, racers)
		for i := range racers {
			wg.Go(func() { _, errs[i] = f.save("analytics", 1, strings.Repeat("a", i+1)) })
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
				continue
			}
			require.ErrorAs(t, err, &e)
			assert.Equal(t, "admin.error.stale", e.Key)
		}
		assert.Equal(t, 1, won)
		assert.Equal(t, int64(2), f.read(t).Version)
	})
}

// TestSaveSettingsAudited: a save through the registry records the
// section's value before and after under settings:<section>; a refused
// save records the refusal and no change.
func TestSaveSettingsAudited(t *testing.T) {
	t.Parallel()
	f := newSettingsFixture(t, persistence.KindSQLite)
	reg := action.NewRegistry()
	reg.SetAuditor(NewAuditLog(f.db))
	f.svc.Register(reg)
	_, err := reg.Call(adminContext(), "admin.saveSettings", json.RawMessage(`{"section":"creditSymbol","version":0,"value":"★"}`))
	require.NoError(t, err)
	_, err = reg.Call(adminContext(), "admin.saveSettings", json.RawMessage(`{"section":"creditSymbol","version":0,"value":"✦"}`))
	require.Error(t, err)

	entries, err := f.db.Audit().Search(context.Background(), persistence.AuditFilter{Action: "admin.saveSettings", Limit: 10})
	require.NoError(t, err)
	require.Len(t, entries, 2)
	refused, saved := entries[0], entries[1]
	assert.Equal(t, "settings:creditSymbol", saved.Target)
	assert.Equal(t, action.AuditOK, saved.Outcome)
	assert.JSONEq(t, `""`, saved.Before, "no credit symbol before")
	assert.JSONEq(t, `"★"`, saved.After)
	assert.Equal(t, action.AuditRefused, refused.Outcome)
	assert.Equal(t, http.StatusConflict, refused.Status)
	assert.Empty(t, refused.Target)
}
