package admin

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/internal/money"
	"souk/app/internal/notifypref"
	"souk/app/internal/sitesettings"
	"souk/persistence"
)

// Bounds of the settings' values.
const (
	maxSymbol       = 8        // characters of a currency or credit symbol
	maxName         = 60       // characters of a name in one language
	maxTag          = 35       // characters of a language's BCP 47 tag or locale
	maxPicture      = 16 << 10 // bytes of a picture's URL (a data URL badge)
	maxLink         = 2048     // bytes of a link
	maxRows         = 100      // levels, tiers, currencies, slides, media types
	maxCountries    = 300      // countries of the address picker
	maxReasons      = 30       // report reasons per language
	maxReason       = 100      // characters of a report reason
	maxPerMediaType = 50       // MIME types or extensions of one media type
	maxAnalytics    = 16 << 10 // bytes of the analytics snippet
	maxFileSizeMB   = 2048     // the largest max_file_size
	maxDurationDays = 3650     // a VIP tier's duration
	maxMinPoints    = 1_000_000_000
	maxDailyUploads = 100_000
)

var (
	settingKey   = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)
	currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)
	// A MIME type as RFC 6838 names it (type/subtype, lower case here),
	// parameters and wildcards refused.
	mimeType  = regexp.MustCompile(`^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$`)
	extension = regexp.MustCompile(`^[a-z0-9]{1,16}$`)
)

// The values a few settings take.
var (
	loginTypes       = []string{"phone", "email"}
	socialProviders  = []string{sitesettings.SocialGitHub, sitesettings.SocialGoogle, sitesettings.SocialWeChat}
	mediaTypes       = []string{"image", "video", "audio", "attachment"}
	userCapabilities = []string{"chat", "directMessages"}
)

// zhHans is the language the site always offers.
const zhHans = "zh-hans"

func rowField(i int, rest string) string { return fmt.Sprintf("value[%d]%s", i, rest) }

// checkText refuses a text that is empty (spaces only) or over max characters.
func checkText(field, text string, max int) error {
	if strings.TrimSpace(text) == "" || utf8.RuneCountInString(text) > max {
		return settingsFieldError(field, reasonText, "max", max)
	}
	return nil
}

// checkRange refuses n out of min..max.
func checkRange(field string, n, min, max int64) error {
	if n < min || n > max {
		return settingsFieldError(field, reasonRange, "min", min, "max", max)
	}
	return nil
}

func checkOneOf(field, value string, allowed []string) error {
	if !slices.Contains(allowed, value) {
		return settingsFieldError(field, reasonOneOf, "value", value, "allowed", strings.Join(allowed, ", "))
	}
	return nil
}

// checkCount refuses a list of more than max entries.
func checkCount(field string, n, max int) error {
	if n > max {
		return settingsFieldError(field, reasonTooMany, "max", max)
	}
	return nil
}

// checkNames requires a name in every offered language, and none in a
// language the client cannot speak.
func checkNames(field string, names map[string]string, offered []string, max int) error {
	for lang := range names {
		if !slices.Contains(action.Languages, lang) {
			return settingsFieldError(field+"."+lang, reasonLanguage)
		}
	}
	for _, lang := range offered {
		if strings.TrimSpace(names[lang]) == "" {
			return settingsFieldError(field+"."+lang, reasonNameRequired, "lang", lang)
		}
		if err := checkText(field+"."+lang, names[lang], max); err != nil {
			return err
		}
	}
	return nil
}

// checkOptionalTexts bounds texts per language (captions, country names),
// none required.
func checkOptionalTexts(field string, texts map[string]string, max int) error {
	for lang, text := range texts {
		if !slices.Contains(action.Languages, lang) {
			return settingsFieldError(field+"."+lang, reasonLanguage)
		}
		if utf8.RuneCountInString(text) > max {
			return settingsFieldError(field+"."+lang, reasonText, "max", max)
		}
	}
	return nil
}

// isSitePath reports whether link is a path on this site ("/docs/x"),
// not a protocol-relative URL ("//host").
func isSitePath(link string) bool {
	return strings.HasPrefix(link, "/") && !strings.HasPrefix(link, "//") && !strings.ContainsAny(link, "\\ \t\r\n")
}

func isHTTPS(link string) bool {
	u, err := url.Parse(link)
	return err == nil && u.Scheme == "https" && u.Host != "" && !strings.ContainsAny(link, " \t\r\n")
}

// checkLink accepts an https URL or a site path; empty when optional.
func checkLink(field, link string, optional bool) error {
	if link == "" && optional {
		return nil
	}
	if len(link) <= maxLink && (isHTTPS(link) || isSitePath(link)) {
		return nil
	}
	return settingsFieldError(field, reasonURL)
}

// checkPicture accepts an https URL, a site path or a data:image URL.
func checkPicture(field, link string, optional bool) error {
	if link == "" && optional {
		return nil
	}
	if len(link) <= maxPicture && (isHTTPS(link) || isSitePath(link) || strings.HasPrefix(link, "data:image/")) {
		return nil
	}
	return settingsFieldError(field, reasonImage, "max", maxPicture)
}

// checkUnique refuses a key seen before in the list.
func checkUnique(seen map[string]bool, field, key string) error {
	if seen[key] {
		return settingsFieldError(field, reasonDuplicate, "value", key)
	}
	seen[key] = true
	return nil
}

func validateLanguages(cur *settingsState, list []LanguageSetting) error {
	seen := map[string]bool{}
	for i, l := range list {
		if !slices.Contains(action.Languages, l.Code) {
			return settingsFieldError(rowField(i, ".code"), reasonLanguage)
		}
		if err := checkUnique(seen, rowField(i, ".code"), l.Code); err != nil {
			return err
		}
		if err := checkText(rowField(i, ".name"), l.Name, maxTag); err != nil {
			return err
		}
		if err := checkText(rowField(i, ".locale"), l.Locale, maxTag); err != nil {
			return err
		}
		if err := checkPicture(rowField(i, ".flagUrl"), l.FlagURL, true); err != nil {
			return err
		}
		if _, ok := cur.decimals[l.Currency]; !ok || l.Currency == persistence.AssetCredit {
			return settingsFieldError(rowField(i, ".currency"), reasonUnknownCurr, "value", l.Currency)
		}
	}
	if !seen[zhHans] {
		return settingsFieldError("value", reasonZhHans)
	}
	return nil
}

func validateCurrencies(cur *settingsState, list []CurrencySetting) error {
	if err := checkCount("value", len(list), maxRows); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, c := range list {
		if !currencyCode.MatchString(c.Code) {
			return settingsFieldError(rowField(i, ".code"), reasonCurrencyCode)
		}
		if err := checkUnique(seen, rowField(i, ".code"), c.Code); err != nil {
			return err
		}
		if err := checkText(rowField(i, ".symbolIso"), c.SymbolISO, maxSymbol); err != nil {
			return err
		}
		if err := checkText(rowField(i, ".symbol"), c.Symbol, maxSymbol); err != nil {
			return err
		}
		if err := checkNames(rowField(i, ".names"), c.Names, cur.offered, maxName); err != nil {
			return err
		}
		if err := checkRange(rowField(i, ".decimals"), int64(c.Decimals), 0, 4); err != nil {
			return err
		}
		// Balances, prices and ledgers hold minor units: other decimals
		// would change every stored amount's worth.
		if old, ok := cur.decimals[c.Code]; ok && old != c.Decimals {
			return settingsFieldError(rowField(i, ".decimals"), reasonDecimalsFixed, "value", c.Code)
		}
	}
	for _, l := range cur.Languages {
		if !seen[l.Currency] {
			return settingsFieldError("value", reasonCurrencyInUse, "value", l.Currency, "by", l.Code)
		}
	}
	for _, tier := range cur.VIPTiers {
		for asset := range tier.Prices {
			if asset != persistence.AssetCredit && !seen[asset] {
				return settingsFieldError("value", reasonCurrencyInUse, "value", asset, "by", tier.Key)
			}
		}
	}
	return nil
}

// checkLevelRow checks what growth levels and VIP tiers share.
func checkLevelRow(cur *settingsState, i int, key, icon string, names map[string]string, roles persistence.LevelRoles,
	keys, ranks map[string]bool, rank int) error {
	if !settingKey.MatchString(key) {
		return settingsFieldError(rowField(i, ".key"), reasonKey)
	}
	if err := checkUnique(keys, rowField(i, ".key"), key); err != nil {
		return err
	}
	if err := checkUnique(ranks, rowField(i, ".rank"), fmt.Sprint(rank)); err != nil {
		return err
	}
	if err := checkPicture(rowField(i, ".icon"), icon, true); err != nil {
		return err
	}
	if err := checkNames(rowField(i, ".names"), names, cur.offered, maxName); err != nil {
		return err
	}
	return checkRoles(rowField(i, ".roles"), roles)
}

func checkRoles(field string, roles persistence.LevelRoles) error {
	for j, can := range roles.UserCan {
		if err := checkOneOf(fmt.Sprintf("%s.userCan[%d]", field, j), can, userCapabilities); err != nil {
			return err
		}
	}
	for kind, m := range roles.Media {
		f := field + ".media." + kind
		if err := checkOneOf(f, kind, mediaTypes); err != nil {
			return err
		}
		if err := checkRange(f+".max", int64(m.Max), 0, maxDailyUploads); err != nil {
			return err
		}
		if err := checkRange(f+".size", int64(m.SizeMB), 0, maxFileSizeMB); err != nil {
			return err
		}
	}
	return nil
}

func validateLevels(cur *settingsState, list []LevelSetting) error {
	if err := checkCount("value", len(list), maxRows); err != nil {
		return err
	}
	keys, ranks := map[string]bool{}, map[string]bool{}
	for i, l := range list {
		if err := checkLevelRow(cur, i, l.Key, l.Icon, l.Names, l.Roles, keys, ranks, l.Rank); err != nil {
			return err
		}
		if err := checkRange(rowField(i, ".minPoints"), l.MinPoints, 0, maxMinPoints); err != nil {
			return err
		}
	}
	return nil
}

// validateVIPTiers checks the tiers and returns each one's prices in minor units.
func validateVIPTiers(cur *settingsState, list []VIPTierSetting) ([]map[string]int64, error) {
	if err := checkCount("value", len(list), maxRows); err != nil {
		return nil, err
	}
	keys, ranks := map[string]bool{}, map[string]bool{}
	prices := make([]map[string]int64, len(list))
	for i, l := range list {
		if err := checkLevelRow(cur, i, l.Key, l.Icon, l.Names, l.Roles, keys, ranks, l.Rank); err != nil {
			return nil, err
		}
		if err := checkRange(rowField(i, ".durationDays"), int64(l.DurationDays), 1, maxDurationDays); err != nil {
			return nil, err
		}
		prices[i] = make(map[string]int64, len(l.Prices))
		for asset, text := range l.Prices {
			field := rowField(i, ".prices."+asset)
			decimals, ok := cur.decimals[asset]
			if !ok {
				return nil, settingsFieldError(field, reasonUnknownCurr, "value", asset)
			}
			units, err := money.Parse(strings.TrimSpace(text), decimals, false)
			if err != nil {
				return nil, settingsFieldError(field, reasonPrice, "decimals", decimals)
			}
			prices[i][asset] = units
		}
	}
	return prices, nil
}

func validateLoginBox(box LoginBoxSetting) error {
	if len(box.LoginType) == 0 {
		return settingsFieldError("value.loginType", reasonRequired)
	}
	seen := map[string]bool{}
	for i, t := range box.LoginType {
		field := fmt.Sprintf("value.loginType[%d]", i)
		if err := checkOneOf(field, t, loginTypes); err != nil {
			return err
		}
		if err := checkUnique(seen, field, t); err != nil {
			return err
		}
	}
	seen = map[string]bool{}
	for i, p := range box.Social {
		field := fmt.Sprintf("value.social[%d]", i)
		if err := checkOneOf(field, p, socialProviders); err != nil {
			return err
		}
		if err := checkUnique(seen, field, p); err != nil {
			return err
		}
	}
	if err := checkCount("value.carousel", len(box.Carousel), maxRows); err != nil {
		return err
	}
	for i, slide := range box.Carousel {
		field := fmt.Sprintf("value.carousel[%d]", i)
		if err := checkPicture(field+".url", slide.URL, false); err != nil {
			return err
		}
		if err := checkLink(field+".link", slide.Link, true); err != nil {
			return err
		}
		if err := checkOptionalTexts(field+".caption", slide.Caption, maxReason); err != nil {
			return err
		}
	}
	if err := checkLink("value.userAgreementUrl", box.UserAgreementURL, true); err != nil {
		return err
	}
	return checkLink("value.privacyPolicyUrl", box.PrivacyPolicyURL, true)
}

func validateReport(doc sitesettings.ReportDoc) error {
	if err := checkCount("value", len(doc), maxRows); err != nil {
		return err
	}
	for kind, byLang := range doc {
		if !settingKey.MatchString(kind) {
			return settingsFieldError("value."+kind, reasonKey)
		}
		for lang, reasons := range byLang {
			field := "value." + kind + "." + lang
			if !slices.Contains(action.Languages, lang) {
				return settingsFieldError(field, reasonLanguage)
			}
			if len(reasons) == 0 || len(reasons) > maxReasons {
				return settingsFieldError(field, reasonReasons, "max", maxReasons)
			}
			for i, r := range reasons {
				if err := checkText(fmt.Sprintf("%s[%d]", field, i), r, maxReason); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func validateFiles(files FilesSetting) error {
	for kind, m := range files.FileMimes {
		field := "value.fileMimes." + kind
		if err := checkOneOf(field, kind, mediaTypes); err != nil {
			return err
		}
		if err := checkCount(field+".mime", len(m.Mime), maxPerMediaType); err != nil {
			return err
		}
		if err := checkCount(field+".ext", len(m.Ext), maxPerMediaType); err != nil {
			return err
		}
		for i, mime := range m.Mime {
			if !mimeType.MatchString(mime) {
				return settingsFieldError(fmt.Sprintf("%s.mime[%d]", field, i), reasonMime)
			}
		}
		for i, ext := range m.Ext {
			if !extension.MatchString(ext) {
				return settingsFieldError(fmt.Sprintf("%s.ext[%d]", field, i), reasonExtension)
			}
		}
	}
	return checkRange("value.maxFileSize", int64(files.MaxFileSize), 1, maxFileSizeMB)
}

func validateAddressPicker(doc sitesettings.AddressPickerDoc) error {
	if err := checkCount("value.countries", len(doc.Countries), maxCountries); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, c := range doc.Countries {
		field := fmt.Sprintf("value.countries[%d]", i)
		if c.GeonameID <= 0 {
			return settingsFieldError(field+".geonameId", reasonRange, "min", 1, "max", "∞")
		}
		if err := checkUnique(seen, field+".geonameId", fmt.Sprint(c.GeonameID)); err != nil {
			return err
		}
		if err := checkOptionalTexts(field+".names", c.Names, maxName); err != nil {
			return err
		}
	}
	return nil
}

// notifyKinds are the kinds the notification switches name.
var notifyKinds = func() []string {
	kinds := make([]string, len(notifypref.Kinds))
	for i, k := range notifypref.Kinds {
		kinds[i] = string(k)
	}
	return kinds
}()

func validateNotify(doc notifypref.Operators) error {
	for _, c := range []struct {
		name     string
		switches map[notifypref.Kind]bool
	}{{"push", doc.Push}, {"email", doc.Email}} {
		for kind := range c.switches {
			if err := checkOneOf("value."+c.name+"."+string(kind), string(kind), notifyKinds); err != nil {
				return err
			}
		}
	}
	if err := checkRange("value.emailDelayMinutes", int64(doc.EmailDelayMinutes), 0, notifypref.MaxEmailDelayMinutes); err != nil {
		return err
	}
	return checkRange("value.digestHour", int64(doc.DigestHour), 0, 23)
}
