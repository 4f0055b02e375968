package admin

import (
	"net/http"

	"souk/app/action"
)

// errSettingsStale refuses a save made from a screen that read an older
// settings version: another operator saved in between.
var errSettingsStale = action.Errorf(http.StatusConflict, "admin.error.stale")

// Reasons a settings value is refused, each the last part of its i18n key
// admin.error.settings.<reason>. Every refusal names the field ("field":
// value[2].names.es, value.prices.USD), so the screen shows it there.
const (
	reasonUnknownField  = "unknownField"    // a field no section has
	reasonMalformed     = "malformed"       // a value of the wrong JSON type
	reasonLanguage      = "language"        // a language the client cannot speak
	reasonZhHans        = "zhHans"          // zh-hans missing from the languages
	reasonUnknownCurr   = "unknownCurrency" // {value}: not one of the currencies
	reasonCurrencyInUse = "currencyInUse"   // {value} still used by {by}
	reasonDecimalsFixed = "decimalsFixed"   // the decimals of a stored currency changed
	reasonNameRequired  = "nameRequired"    // {lang}: a name is missing in an offered language
	reasonDuplicate     = "duplicate"       // {value} appears twice
	reasonKey           = "key"             // a key that is not 1..32 letters, digits, - or _
	reasonCurrencyCode  = "currencyCode"    // a code that is not three capital letters
	reasonText          = "text"            // a text empty or over {max} characters
	reasonRange         = "range"           // a number out of {min}..{max}
	reasonPrice         = "price"           // a price that is not a positive amount of at most {decimals} decimals
	reasonOneOf         = "oneOf"           // {value} is none of {allowed}
	reasonMime          = "mime"            // a MIME type that is not type/subtype
	reasonExtension     = "extension"       // an extension that is not 1..16 letters and digits
	reasonURL           = "url"             // neither an https URL nor a site path
	reasonImage         = "image"           // neither an https URL, a site path nor a data:image URL
	reasonReasons       = "reasons"         // a language with no reason or over {max}
	reasonTooLong       = "tooLong"         // over {max} bytes
	reasonTooMany       = "tooMany"         // over {max} entries
	reasonRequired      = "required"        // an empty list that needs one entry
)

// settingsFieldError refuses the value at field for reason, with the
// message's other placeholders in pairs.
func settingsFieldError(field, reason string, pairs ...any) *action.Error {
	return action.Errorf(http.StatusBadRequest, "admin.error.settings."+reason, append([]any{"field", field}, pairs...)...)
}
