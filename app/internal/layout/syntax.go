package layout

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"souk/app/action"
	"souk/app/internal/richtext"
)

var (
	blockID    = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)
	customName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
	docsSlug   = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,59}$`)
	langCode   = regexp.MustCompile(`^[a-z]{2,3}(-[a-z]{2,8})?$`)
	iconName   = regexp.MustCompile(`^[a-z0-9-]{0,40}$`)
	// colour is CSS colour syntax: #hex, rgb()/hsl() with numbers, or a
	// colour keyword; nothing that could close the declaration.
	colour = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]{1,60}\)|[a-zA-Z]{1,30})$`)
	// cssWidth and cssSize are a length, a percentage or auto; empty means the theme's.
	cssWidth = regexp.MustCompile(`^(|auto|[0-9]{1,5}(\.[0-9]{1,3})?(px|%|rem|em|vw))$`)
	cssSize  = regexp.MustCompile(`^(|[0-9]{1,3}(\.[0-9]{1,3})?(px|%|rem|em))$`)
	// postTarget is a custom name the page resolver would read as a post
	// ("123" or "slug-123").
	postTarget = regexp.MustCompile(`(^|-)[1-9][0-9]{0,18}$`)
)

// reservedNames are the first path segments of the site's own routes,
// which a custom page may not take.
var reservedNames = map[string]bool{
	"en": true, "es": true, "zh-hans": true, "docs": true, "notify": true, "authorize": true,
	"account": true, "create": true, "community": true, "cart": true, "builder": true,
	"article": true, "shop": true, "profile": true, "media": true, "api": true, "admin": true,
	"search": true, "demo": true, "assets": true, "static": true, "metrics": true, "debug": true,
	"sitemap": true, "robots": true, "favicon": true, "manifest": true, "login": true, "logout": true,
}

// IsReserved reports whether a custom page may not be named name: one of
// the site's routes (reservedNames), a content archive segment
// ("article-archive", "community-*"), or a name the page resolver reads
// as a post.
func IsReserved(name string) bool {
	if reservedNames[name] {
		return true
	}
	for _, prefix := range []string{"article-", "shop-", "community-", "profile-"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return postTarget.MatchString(name)
}

func isColour(s string, allowEmpty bool) bool {
	if s == "" {
		return allowEmpty
	}
	return colour.MatchString(s)
}

// isLink is a link's target: http(s), mailto:, tel:, or a path of this
// site; never javascript: or another scheme.
func isLink(s string, allowEmpty bool) bool {
	if s == "" {
		return allowEmpty
	}
	if len(s) > 2048 || strings.ContainsAny(s, " \t\r\n\\<>\"") {
		return false
	}
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(lower, "https://"), strings.HasPrefix(lower, "http://"):
		return len(s) > len("https://")
	case strings.HasPrefix(lower, "mailto:"), strings.HasPrefix(lower, "tel:"):
		return true
	case strings.HasPrefix(s, "/"):
		return !strings.HasPrefix(s, "//")
	}
	return false
}

// isImageURL is a picture's source: https, a path of this site, or (with
// allowData) an inline data:image picture such as the demo's logo.
func isImageURL(s string, allowData bool) bool {
	if s == "" {
		return true
	}
	if allowData && strings.HasPrefix(s, "data:image/") {
		return len(s) <= 64<<10 && !strings.ContainsAny(s, "\"<>\\")
	}
	if len(s) > 2048 || strings.ContainsAny(s, " \t\r\n\\<>\"") {
		return false
	}
	return strings.HasPrefix(strings.ToLower(s), "https://") || (strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//"))
}

// isAudioSource is a track: https, this site's media or the demo's files.
func isAudioSource(s string) bool {
	if len(s) > 2048 || strings.ContainsAny(s, " \t\r\n\\<>\"") {
		return false
	}
	for _, prefix := range []string{"https://", "/media/", "/api/media/", "/demo/"} {
		if strings.HasPrefix(s, prefix) && len(s) > len(prefix) {
			return true
		}
	}
	return false
}

// sanitizeRich bounds and sanitizes a rich text per language in place.
func sanitizeRich(t Text, path string) error {
	if len(t) > 10 {
		return action.BadField(path)
	}
	for _, lang := range slices.Sorted(maps.Keys(t)) {
		html := t[lang]
		if !langCode.MatchString(lang) || len(html) > MaxRichBytes {
			return action.BadField(path + "." + lang)
		}
		t[lang] = richtext.Sanitize(html)
	}
	return nil
}
