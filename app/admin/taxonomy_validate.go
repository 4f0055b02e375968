package admin

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"souk/app/action"
)

// Bounds of the taxonomy's values.
const (
	maxTaxonomyName        = 60   // characters of a name in one language
	maxTaxonomyDescription = 1000 // characters of a description in one language
	maxNodeAdmins          = 50
	maxPosition            = 1_000_000_000
	maxSlugChars           = 80
	maxJoinAmount          = 1_000_000_000_000 // minor units
)

// taxonomySlug is a slug of a node, a category or a term: lower-case
// letters and digits in words joined by single hyphens.
var taxonomySlug = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// checkSlug refuses a slug that is not lower-case words joined by hyphens.
func checkSlug(slug string) error {
	if len(slug) > maxSlugChars || !taxonomySlug.MatchString(slug) {
		return taxonomyFieldError("slug", "slug", "max", maxSlugChars)
	}
	return nil
}

// checkTaxonomyNames requires a name in every offered language, none in a
// language the client cannot speak, each at most maxTaxonomyName characters.
func checkTaxonomyNames(field string, names map[string]string, offered []string) error {
	for lang := range names {
		if !slices.Contains(action.Languages, lang) {
			return settingsFieldError(field+"."+lang, reasonLanguage)
		}
	}
	for _, lang := range offered {
		if strings.TrimSpace(names[lang]) == "" {
			return settingsFieldError(field+"."+lang, reasonNameRequired, "lang", lang)
		}
	}
	for lang, name := range names {
		if utf8.RuneCountInString(name) > maxTaxonomyName {
			return settingsFieldError(field+"."+lang, reasonText, "max", maxTaxonomyName)
		}
	}
	return nil
}

// checkDescriptions bounds the descriptions per language, none required.
func checkDescriptions(field string, texts map[string]string) error {
	return checkOptionalTexts(field, texts, maxTaxonomyDescription)
}

// checkThumb accepts an https URL or a site path (the media library's
// /media/... files); empty for none.
func checkThumb(link string) error {
	if link == "" || (len(link) <= maxLink && (isHTTPS(link) || isSitePath(link))) {
		return nil
	}
	return settingsFieldError("thumb", reasonURL)
}

// trimNames drops the empty names and the spaces around the others.
func trimNames(names map[string]string) map[string]string {
	out := make(map[string]string, len(names))
	for lang, name := range names {
		if name = strings.TrimSpace(name); name != "" {
			out[lang] = name
		}
	}
	return out
}
