package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"souk/app/action"
	"souk/app/internal/notifypref"
	"souk/app/internal/sitesettings"
	"souk/persistence"
)

// MaxSettingsValue bounds a saved section's JSON: the levels and VIP
// tiers carry their badges as data URLs, the login box its slides.
const MaxSettingsValue = 256 << 10

// SaveSettingsInput is admin.saveSettings's data.
type SaveSettingsInput struct {
	Section string          `json:"section" doc:"languages, currencies, creditSymbol, levels, vipTiers, loginBox, report, files, analytics, addressPicker or notify"`
	Version int64           `json:"version" doc:"the settings version the screen read (admin.settings)"`
	Value   json.RawMessage `json:"value" maxBytes:"262144" doc:"the section as admin.settings answers it (files: {fileMimes, maxFileSize}); unknown fields are refused"`
}

// SaveSettingsReply is admin.saveSettings's answer.
type SaveSettingsReply struct {
	Version int64 `json:"version" doc:"the new settings version"`
}

// settingsSection saves one section: it decodes the value strictly,
// checks it against the settings now (cur) and says what to store; after
// is the section as admin.settings will answer it, for the audit log.
type settingsSection struct {
	build func(cur *settingsState, raw json.RawMessage) (change persistence.SettingsChange, after any, err error)
	// part is the section in an admin.settings answer.
	part func(r SettingsReply) any
}

// settingsState is what a section is checked against: the settings as
// stored when the save began.
type settingsState struct {
	SettingsReply
	// offered are the language codes the site offers now.
	offered []string
	// decimals are the currencies' decimals by code, CREDIT's (0) too.
	decimals map[string]int
}

func newSettingsState(r SettingsReply) *settingsState {
	st := &settingsState{SettingsReply: r, decimals: map[string]int{persistence.AssetCredit: 0}}
	for _, l := range r.Languages {
		st.offered = append(st.offered, l.Code)
	}
	for _, c := range r.Currencies {
		st.decimals[c.Code] = c.Decimals
	}
	return st
}

// settingsSections are the sections by name.
var settingsSections = map[string]settingsSection{
	"languages":     {build: buildLanguages, part: func(r SettingsReply) any { return r.Languages }},
	"currencies":    {build: buildCurrencies, part: func(r SettingsReply) any { return r.Currencies }},
	"creditSymbol":  {build: buildCreditSymbol, part: func(r SettingsReply) any { return r.CreditSymbol }},
	"levels":        {build: buildLevels, part: func(r SettingsReply) any { return r.Levels }},
	"vipTiers":      {build: buildVIPTiers, part: func(r SettingsReply) any { return r.VIPTiers }},
	"loginBox":      {build: buildLoginBox, part: func(r SettingsReply) any { return r.LoginBox }},
	"report":        {build: buildReport, part: func(r SettingsReply) any { return r.Report }},
	"files":         {build: buildFiles, part: func(r SettingsReply) any { return FilesSetting{FileMimes: r.FileMimes, MaxFileSize: r.MaxFileSize} }},
	"analytics":     {build: buildAnalytics, part: func(r SettingsReply) any { return r.Analytics }},
	"addressPicker": {build: buildAddressPicker, part: func(r SettingsReply) any { return r.AddressPicker }},
	"notify":        {build: buildNotify, part: func(r SettingsReply) any { return r.Notify }},
}

// SaveSettings answers admin.saveSettings.
func (s *SettingsService) SaveSettings(ctx context.Context, in SaveSettingsInput) (SaveSettingsReply, error) {
	section, ok := settingsSections[in.Section]
	if !ok {
		return SaveSettingsReply{}, action.BadField("section")
	}
	if in.Version < 0 {
		return SaveSettingsReply{}, action.BadField("version")
	}
	snap, err := s.db.Settings().Snapshot(ctx, settingsDocumentKeys)
	if err != nil {
		return SaveSettingsReply{}, fmt.Errorf("admin: save settings: %w", err)
	}
	// Refused before the value is checked: checked against newer settings,
	// it could be refused for what the operator has not seen.
	if snap.Version != in.Version {
		return SaveSettingsReply{}, errSettingsStale
	}
	before, err := settingsReplyOf(snap)
	if err != nil {
		return SaveSettingsReply{}, err
	}
	change, after, err := section.build(newSettingsState(before), in.Value)
	if err != nil {
		return SaveSettingsReply{}, err
	}
	change.By = action.RequestFrom(ctx).Viewer.UserID
	version, err := s.db.Settings().Save(ctx, in.Version, change)
	if errors.Is(err, persistence.ErrStale) {
		return SaveSettingsReply{}, errSettingsStale
	}
	if err != nil {
		return SaveSettingsReply{}, fmt.Errorf("admin: save settings %s: %w", in.Section, err)
	}
	action.AuditChange(ctx, "settings:"+in.Section, section.part(before), after)
	if s.applier != nil {
		s.applier.SettingsSaved(ctx, version)
	}
	return SaveSettingsReply{Version: version}, nil
}

// decodeSettingsValue decodes a section's value into into, refusing
// unknown fields and trailing data.
func decodeSettingsValue(raw json.RawMessage, into any) error {
	return decodeStrict("value", raw, into)
}

// decodeValidSetting decodes a section's value as a T and checks it with
// validate.
func decodeValidSetting[T any](raw json.RawMessage, validate func(T) error) (T, error) {
	var v T
	if err := decodeSettingsValue(raw, &v); err != nil {
		return v, err
	}
	return v, validate(v)
}

// decodeSettingsList decodes a section whose value is a list row by row,
// so that a refusal names the row (encoding/json's paths do not).
func decodeSettingsList[T any](raw json.RawMessage) ([]T, error) {
	var rows []json.RawMessage
	if err := decodeStrict("value", raw, &rows); err != nil {
		return nil, err
	}
	list := make([]T, len(rows))
	for i, row := range rows {
		if err := decodeStrict(rowField(i, ""), row, &list[i]); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// decodeStrict decodes raw, the value at field, into into.
func decodeStrict(field string, raw json.RawMessage, into any) error {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return settingsFieldError(field, reasonRequired)
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return settingsFieldError(field+"."+typeErr.Field, reasonMalformed)
		}
		// encoding/json names an unknown field only in its message.
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return settingsFieldError(field+"."+strings.Trim(name, `"`), reasonUnknownField)
		}
		return settingsFieldError(field, reasonMalformed)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return settingsFieldError(field, reasonMalformed)
	}
	return nil
}

func buildLanguages(cur *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	list, err := decodeSettingsList[LanguageSetting](raw)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	if err := validateLanguages(cur, list); err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	change := persistence.SettingsChange{Languages: make([]persistence.Language, 0, len(list))}
	for i := range list {
		list[i].Position = i + 1
		l := list[i]
		change.Languages = append(change.Languages, persistence.Language{Code: l.Code, Name: l.Name, Locale: l.Locale,
			FlagURL: l.FlagURL, Currency: l.Currency, Position: l.Position})
	}
	return change, list, nil
}

func buildCurrencies(cur *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	list, err := decodeSettingsList[CurrencySetting](raw)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	if err := validateCurrencies(cur, list); err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	change := persistence.SettingsChange{Currencies: make([]persistence.Currency, 0, len(list))}
	for i, c := range list {
		change.Currencies = append(change.Currencies, persistence.Currency{Code: c.Code, SymbolISO: c.SymbolISO,
			Symbol: c.Symbol, Names: c.Names, Decimals: c.Decimals, Position: i + 1})
	}
	return change, list, nil
}

func buildCreditSymbol(_ *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	var symbol string
	if err := decodeSettingsValue(raw, &symbol); err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	if err := checkText("value", symbol, maxSymbol); err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	return persistence.SettingsChange{Documents: map[string]any{sitesettings.KeyCreditSymbol: symbol}}, symbol, nil
}

func buildLevels(cur *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	list, err := decodeSettingsList[LevelSetting](raw)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	if err := validateLevels(cur, list); err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	change := persistence.SettingsChange{LevelKind: persistence.LevelKindGrowth, Levels: make([]persistence.Level, 0, len(list))}
	for _, l := range list {
		change.Levels = append(change.Levels, persistence.Level{Kind: persistence.LevelKindGrowth, Key: l.Key, Icon: l.Icon,
			Names: l.Names, Rank: l.Rank, Roles: l.Roles, MinPoints: l.MinPoints})
	}
	return change, list, nil
}

func buildVIPTiers(cur *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	list, err := decodeSettingsList[VIPTierSetting](raw)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	prices, err := validateVIPTiers(cur, list)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	change := persistence.SettingsChange{LevelKind: persistence.LevelKindVIP, Levels: make([]persistence.Level, 0, len(list))}
	for i, l := range list {
		change.Levels = append(change.Levels, persistence.Level{Kind: persistence.LevelKindVIP, Key: l.Key, Icon: l.Icon,
			Names: l.Names, Rank: l.Rank, Roles: l.Roles, Prices: prices[i], DurationDays: l.DurationDays})
	}
	return change, list, nil
}

func buildLoginBox(_ *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	box, err := decodeValidSetting(raw, validateLoginBox)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	doc := sitesettings.LoginBoxDoc{LoginType: box.LoginType, Social: nonNilList(box.Social), Carousel: nonNilList(box.Carousel),
		UserAgreementURL: box.UserAgreementURL, PrivacyPolicyURL: box.PrivacyPolicyURL}
	return persistence.SettingsChange{Documents: map[string]any{sitesettings.KeyLoginBox: doc}}, box, nil
}

func buildReport(_ *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	doc, err := decodeValidSetting(raw, validateReport)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	return persistence.SettingsChange{Documents: map[string]any{sitesettings.KeyReport: doc}}, doc, nil
}

func buildFiles(_ *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	files, err := decodeValidSetting(raw, validateFiles)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	return persistence.SettingsChange{Documents: map[string]any{sitesettings.KeyFileMimes: files.FileMimes,
		sitesettings.KeyMaxFileSize: files.MaxFileSize}}, files, nil
}

func buildAnalytics(_ *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	var snippet string
	if err := decodeSettingsValue(raw, &snippet); err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	if len(snippet) > maxAnalytics {
		return persistence.SettingsChange{}, nil, settingsFieldError("value", reasonTooLong, "max", maxAnalytics)
	}
	return persistence.SettingsChange{Documents: map[string]any{sitesettings.KeyAnalytics: snippet}}, snippet, nil
}

func buildAddressPicker(_ *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	doc, err := decodeValidSetting(raw, validateAddressPicker)
	if err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	doc.Countries = nonNilList(doc.Countries)
	return persistence.SettingsChange{Documents: map[string]any{sitesettings.KeyAddressPicker: doc}}, doc, nil
}

// buildNotify saves the notification switches; a field the value lacks
// takes its default.
func buildNotify(_ *settingsState, raw json.RawMessage) (persistence.SettingsChange, any, error) {
	doc := notifypref.DefaultOperators()
	if err := decodeSettingsValue(raw, &doc); err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	if err := validateNotify(doc); err != nil {
		return persistence.SettingsChange{}, nil, err
	}
	doc.Push, doc.Email = nonNilSwitches(doc.Push), nonNilSwitches(doc.Email)
	return persistence.SettingsChange{Documents: map[string]any{sitesettings.KeyNotify: doc}}, doc, nil
}
