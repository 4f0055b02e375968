package settings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"souk/app/action"
	"souk/persistence"
)

// GetInput is the data of utils.getSettings. Both fields are optional and
// default to the request envelope's lang and currency.
type GetInput struct {
	Lang     string `json:"lang,omitempty" doc:"language code; unknown codes answer in zh-hans"`
	Currency string `json:"currency,omitempty" doc:"ISO currency code; unknown codes answer in the language's default currency"`
}

// GetReply is the reply of utils.getSettings.
type GetReply struct {
	Settings Settings `json:"settings"`
	// LayoutVersion is read before the settings: they are at least as new
	// as the layout of that version.
	LayoutVersion int64 `json:"layoutVersion" doc:"the published layout's version (0: none yet); a live layout event with a higher one means this reply is older"`
	// SettingsVersion is read before the settings too, for the same reason.
	SettingsVersion int64 `json:"settingsVersion" doc:"the operators' settings version (0: never saved); a live settings event with a higher one means this reply is older"`

	// encoded is the reply's JSON when it comes from the cache; nil otherwise.
	encoded []byte
}

// PreEncodedJSON is the cached reply's JSON, or nil (action.PreEncoded): the
// 16 KB reply is encoded once per language, currency and CacheTTL.
func (r GetReply) PreEncodedJSON() []byte { return r.encoded }

var _ action.PreEncoded = GetReply{}

// Get answers utils.getSettings. Settings never configured answer as empty
// values, so a fresh site still starts.
func (s *Service) Get(ctx context.Context, in GetInput) (GetReply, error) {
	req := action.RequestFrom(ctx)
	lang := action.NormalizeLang(firstNonEmpty(in.Lang, req.Lang))
	currency := firstNonEmpty(in.Currency, req.Currency)
	key := lang + "|" + currency
	if reply, ok := s.cached(key); ok {
		return reply, nil
	}
	at, gen := s.now(), s.generation()
	reply, err := s.load(ctx, lang, currency)
	if err != nil {
		return GetReply{}, err
	}
	if encoded, err := json.Marshal(reply); err == nil {
		reply.encoded = encoded
	}
	s.remember(key, reply, at, gen)
	return reply, nil
}

// load reads the settings from the database, localized.
func (s *Service) load(ctx context.Context, lang, currency string) (GetReply, error) {
	version, err := s.versions.Current(ctx)
	if err != nil {
		return GetReply{}, err
	}
	settingsVersion, err := s.settingsVersions.Current(ctx)
	if err != nil {
		return GetReply{}, fmt.Errorf("settings: get: %w", err)
	}
	var out Settings
	if err := s.loadTables(ctx, lang, currency, &out); err != nil {
		return GetReply{}, err
	}
	var (
		loginBox LoginBoxDoc
		report   ReportDoc
		picker   AddressPickerDoc
		pages    PageSettingsDoc
	)
	docs := []struct {
		key  string
		into any
	}{
		{KeyCreditSymbol, &out.CreditSymbol},
		{KeyAnalytics, &out.Analytics},
		{KeyFileMimes, &out.FileMimes},
		{KeyMaxFileSize, &out.MaxFileSize},
		{KeyLoginBox, &loginBox},
		{KeyReport, &report},
		{KeyAddressPicker, &picker},
		{KeyPageSettings, &pages},
	}
	for _, d := range docs {
		err := s.db.Settings().Get(ctx, d.key, d.into)
		if err != nil && !errors.Is(err, persistence.ErrNotFound) {
			return GetReply{}, fmt.Errorf("settings: get: %w", err)
		}
	}
	if out.FileMimes == nil {
		out.FileMimes = map[string]FileMimes{}
	}
	out.LoginBox = localizeLoginBox(loginBox, lang)
	if s.offered != nil {
		out.LoginBox.Social = slices.DeleteFunc(out.LoginBox.Social, func(key string) bool {
			return !slices.Contains(s.offered, key)
		})
	}
	out.Report = localizeReport(report, lang)
	out.AddressPicker = localizeAddressPicker(picker, lang)
	out.PageSettings = localizePages(pages, lang)
	return GetReply{Settings: out, LayoutVersion: version, SettingsVersion: settingsVersion}, nil
}

// loadTables fills the levels, languages and currencies, and picks the
// currency: the one asked for if known, else the language's default.
func (s *Service) loadTables(ctx context.Context, lang, currency string, out *Settings) error {
	languages, err := s.db.Languages().List(ctx)
	if err != nil {
		return fmt.Errorf("settings: get: %w", err)
	}
	currencies, err := s.db.Currencies().List(ctx)
	if err != nil {
		return fmt.Errorf("settings: get: %w", err)
	}
	lv, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return fmt.Errorf("settings: get: %w", err)
	}
	vip, err := s.db.Levels().List(ctx, persistence.LevelKindVIP)
	if err != nil {
		return fmt.Errorf("settings: get: %w", err)
	}

	out.Languages = make([]Language, 0, len(languages))
	langCurrency := ""
	for _, l := range languages {
		out.Languages = append(out.Languages, Language{Code: l.Code, Name: l.Name, Locale: l.Locale, Flag: l.FlagURL, Currency: l.Currency})
		if l.Code == lang {
			langCurrency = l.Currency
		}
	}
	out.Currency = make([]Currency, 0, len(currencies))
	known := make(map[string]bool, len(currencies))
	for _, c := range currencies {
		out.Currency = append(out.Currency, Currency{Code: c.Code, SymbolISO: c.SymbolISO, Symbol: c.Symbol,
			Name: Text(c.Names).In(lang), Names: nonNilText(c.Names), Decimals: c.Decimals})
		known[c.Code] = true
	}
	switch {
	case known[currency]:
		out.CurrencyPicked = currency
	case known[langCurrency] || len(currencies) == 0:
		out.CurrencyPicked = langCurrency
	default:
		out.CurrencyPicked = currencies[0].Code
	}
	out.Level = Levels{Lv: localizeLevels(lv, lang), VIP: localizeLevels(vip, lang)}
	return nil
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
