package admin

import (
	"context"
	"encoding/json"
	"fmt"

	"souk/app/action"
	"souk/app/internal/money"
	"souk/app/internal/notifypref"
	"souk/app/internal/sitesettings"
	"souk/persistence"
)

// The operators' settings screen: admin.settings reads every section as
// stored, in every language (never localized), with the site-wide settings
// version; admin.saveSettings replaces one section if that version is
// still current (settings_save.go), checked field by field
// (settings_validate.go), and makes every node show the change at once.

// SettingsApplier makes a saved settings version show at once: it drops
// the copies of the settings on every node and tells the open pages
// (cmd/souk does both over the cluster's bus).
type SettingsApplier interface {
	SettingsSaved(ctx context.Context, version int64)
}

// SettingsConfig configures a SettingsService.
type SettingsConfig struct {
	DB *persistence.DB
	// Applier is told of each save; nil only drops this node's copies
	// (the registry is only described, or a test without a cluster).
	Applier SettingsApplier
}

// SettingsService answers admin.settings and admin.saveSettings. It is
// safe for concurrent use.
type SettingsService struct {
	db      *persistence.DB
	applier SettingsApplier
}

// NewSettings returns the settings screen's service.
func NewSettings(cfg SettingsConfig) *SettingsService {
	return &SettingsService{db: cfg.DB, applier: cfg.Applier}
}

// Register adds admin.settings and admin.saveSettings to r.
func (s *SettingsService) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "admin.settings",
		Summary: "The site settings as stored, every section in every language (not localized), with the settings " +
			"version a save must name.",
		Access: action.Admin,
	}, s.Settings)
	action.Register(r, action.Spec{
		Name: "admin.saveSettings",
		Summary: "Replaces one section of the site settings if the version is still current (else 409 " +
			"admin.error.stale), checking every field (400 naming it), and applies it at once on every node.",
		Access: action.Admin,
	}, s.SaveSettings)
}

// LanguageSetting is a language the site speaks.
type LanguageSetting struct {
	Code     string `json:"code" doc:"zh-hans, en or es"`
	Name     string `json:"name" doc:"the BCP 47 tag shown to the client: zh-CN, en-US, es-ES"`
	Locale   string `json:"locale" doc:"the locale dates and numbers are formatted in"`
	FlagURL  string `json:"flagUrl" doc:"the flag's picture (https URL, site path or data:image URL)"`
	Currency string `json:"currency" doc:"the ISO code of the language's default currency: one of the currencies"`
	Position int    `json:"position,omitempty" doc:"its place in the picker, from 1; a save orders by the array and rewrites it"`
}

// CurrencySetting is a currency prices and balances can be shown in.
type CurrencySetting struct {
	Code      string            `json:"code" doc:"ISO 4217 code, three capital letters"`
	SymbolISO string            `json:"symbolIso" doc:"the code shown beside amounts, e.g. RMB for CNY"`
	Symbol    string            `json:"symbol" doc:"the sign shown before amounts: ¥, $, €"`
	Names     map[string]string `json:"names" doc:"its name per language code, one for every offered language"`
	Decimals  int               `json:"decimals" doc:"minor-unit digits, 0..4"`
}

// LevelSetting is a growth level.
type LevelSetting struct {
	Key       string                 `json:"key" doc:"unique among the levels: letters, digits, - and _"`
	Icon      string                 `json:"icon" doc:"the badge's picture (https URL, site path or data:image URL)"`
	Names     map[string]string      `json:"names" doc:"its name per language code, one for every offered language"`
	Rank      int                    `json:"rank" doc:"orders the levels, lowest first"`
	MinPoints int64                  `json:"minPoints" doc:"growth points a member needs for it"`
	Roles     persistence.LevelRoles `json:"roles" doc:"the rights it gives"`
}

// VIPTierSetting is a VIP tier.
type VIPTierSetting struct {
	Key          string                 `json:"key" doc:"unique among the tiers: letters, digits, - and _"`
	Icon         string                 `json:"icon" doc:"the badge's picture (https URL, site path or data:image URL)"`
	Names        map[string]string      `json:"names" doc:"its name per language code, one for every offered language"`
	Rank         int                    `json:"rank" doc:"orders the tiers, lowest first"`
	Roles        persistence.LevelRoles `json:"roles" doc:"the rights it gives"`
	Prices       map[string]string      `json:"prices" doc:"price per currency code (or CREDIT) as decimal text, e.g. \"4.99\"; none: not for sale"`
	DurationDays int                    `json:"durationDays" doc:"how long a bought tier lasts, in days, 1..3650"`
}

// LoginBoxSetting is the login box.
type LoginBoxSetting struct {
	LoginType        []string                   `json:"loginType" doc:"sign-in types offered, phone and/or email; the first is the default"`
	Social           []string                   `json:"social" doc:"social providers offered: github, google, wechat"`
	Carousel         []sitesettings.CarouselDoc `json:"carousel" doc:"the slides beside the form, captions per language"`
	UserAgreementURL string                     `json:"userAgreementUrl" doc:"an https URL or a site path; empty: no link"`
	PrivacyPolicyURL string                     `json:"privacyPolicyUrl" doc:"an https URL or a site path; empty: no link"`
}

// FilesSetting is the upload rules: the section "files".
type FilesSetting struct {
	FileMimes   map[string]sitesettings.FileMimes `json:"fileMimes" doc:"per media type (image, video, audio, attachment), the accepted MIME types and extensions"`
	MaxFileSize int                               `json:"maxFileSize" doc:"the largest upload, in MB, 1..2048"`
}

// SettingsReply is admin.settings's answer: each section as
// admin.saveSettings takes it back.
type SettingsReply struct {
	Version       int64                             `json:"version" doc:"the settings version: name it when saving"`
	Languages     []LanguageSetting                 `json:"languages"`
	Currencies    []CurrencySetting                 `json:"currencies"`
	CreditSymbol  string                            `json:"creditSymbol"`
	Levels        []LevelSetting                    `json:"levels"`
	VIPTiers      []VIPTierSetting                  `json:"vipTiers"`
	LoginBox      LoginBoxSetting                   `json:"loginBox"`
	Report        sitesettings.ReportDoc            `json:"report" doc:"per report type (post, comment, user, chat), per language, the reasons"`
	FileMimes     map[string]sitesettings.FileMimes `json:"fileMimes"`
	MaxFileSize   int                               `json:"maxFileSize" doc:"MB"`
	Analytics     string                            `json:"analytics" doc:"the HTML snippet every page carries"`
	AddressPicker sitesettings.AddressPickerDoc     `json:"addressPicker" doc:"the countries the address picker offers; none: every country"`
	// Notify is the operators' notification switches (the defaults when
	// none are stored, under the fields a stored document lacks).
	Notify notifypref.Operators `json:"notify" doc:"push and email per kind, the email delay, digests"`
}

// settingsDocumentKeys are the settings documents the screen edits.
var settingsDocumentKeys = []string{sitesettings.KeyCreditSymbol, sitesettings.KeyAnalytics, sitesettings.KeyFileMimes,
	sitesettings.KeyMaxFileSize, sitesettings.KeyLoginBox, sitesettings.KeyReport, sitesettings.KeyAddressPicker,
	sitesettings.KeyNotify}

// Settings answers admin.settings.
func (s *SettingsService) Settings(ctx context.Context, _ struct{}) (SettingsReply, error) {
	snap, err := s.db.Settings().Snapshot(ctx, settingsDocumentKeys)
	if err != nil {
		return SettingsReply{}, fmt.Errorf("admin: settings: %w", err)
	}
	return settingsReplyOf(snap)
}

// settingsReplyOf turns the stored settings into the screen's sections.
func settingsReplyOf(snap persistence.SettingsSnapshot) (SettingsReply, error) {
	out := SettingsReply{
		Version:    snap.Version,
		Languages:  make([]LanguageSetting, 0, len(snap.Languages)),
		Currencies: make([]CurrencySetting, 0, len(snap.Currencies)),
		Levels:     make([]LevelSetting, 0, len(snap.Growth)),
		VIPTiers:   make([]VIPTierSetting, 0, len(snap.VIP)),
		Report:     sitesettings.ReportDoc{},
		FileMimes:  map[string]sitesettings.FileMimes{},
		Notify:     notifypref.DefaultOperators(),
	}
	for _, l := range snap.Languages {
		out.Languages = append(out.Languages, LanguageSetting{Code: l.Code, Name: l.Name, Locale: l.Locale,
			FlagURL: l.FlagURL, Currency: l.Currency, Position: l.Position})
	}
	decimals := map[string]int{persistence.AssetCredit: 0}
	for _, c := range snap.Currencies {
		out.Currencies = append(out.Currencies, CurrencySetting{Code: c.Code, SymbolISO: c.SymbolISO, Symbol: c.Symbol,
			Names: nonNilNames(c.Names), Decimals: c.Decimals})
		decimals[c.Code] = c.Decimals
	}
	for _, l := range snap.Growth {
		out.Levels = append(out.Levels, LevelSetting{Key: l.Key, Icon: l.Icon, Names: nonNilNames(l.Names), Rank: l.Rank,
			MinPoints: l.MinPoints, Roles: l.Roles})
	}
	for _, l := range snap.VIP {
		prices := make(map[string]string, len(l.Prices))
		for asset, units := range l.Prices {
			prices[asset] = money.Format(units, decimals[asset])
		}
		out.VIPTiers = append(out.VIPTiers, VIPTierSetting{Key: l.Key, Icon: l.Icon, Names: nonNilNames(l.Names), Rank: l.Rank,
			Roles: l.Roles, Prices: prices, DurationDays: l.DurationDays})
	}
	var box sitesettings.LoginBoxDoc
	docs := []struct {
		key  string
		into any
	}{
		{sitesettings.KeyCreditSymbol, &out.CreditSymbol},
		{sitesettings.KeyAnalytics, &out.Analytics},
		{sitesettings.KeyFileMimes, &out.FileMimes},
		{sitesettings.KeyMaxFileSize, &out.MaxFileSize},
		{sitesettings.KeyLoginBox, &box},
		{sitesettings.KeyReport, &out.Report},
		{sitesettings.KeyAddressPicker, &out.AddressPicker},
		{sitesettings.KeyNotify, &out.Notify},
	}
	for _, d := range docs {
		text, ok := snap.Documents[d.key]
		if !ok {
			continue
		}
		if err := json.Unmarshal([]byte(text), d.into); err != nil {
			return SettingsReply{}, fmt.Errorf("admin: settings: document %q: %w", d.key, err)
		}
	}
	out.LoginBox = LoginBoxSetting{LoginType: nonNilList(box.LoginType), Social: nonNilList(box.Social),
		Carousel: nonNilList(box.Carousel), UserAgreementURL: box.UserAgreementURL, PrivacyPolicyURL: box.PrivacyPolicyURL}
	out.AddressPicker.Countries = nonNilList(out.AddressPicker.Countries)
	// A document stored as null decodes to nil maps: the screen reads {}.
	if out.Report == nil {
		out.Report = sitesettings.ReportDoc{}
	}
	if out.FileMimes == nil {
		out.FileMimes = map[string]sitesettings.FileMimes{}
	}
	out.Notify.Push, out.Notify.Email = nonNilSwitches(out.Notify.Push), nonNilSwitches(out.Notify.Email)
	return out, nil
}

func nonNilSwitches(m map[notifypref.Kind]bool) map[notifypref.Kind]bool {
	if m == nil {
		return map[notifypref.Kind]bool{}
	}
	return m
}

func nonNilNames(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func nonNilList[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
