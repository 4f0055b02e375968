package member

import (
	"net/url"
	"strings"
	"unicode"
)

// MaxLinkBytes bounds a stored link.
const MaxLinkBytes = 1024

// WebURL reports whether s is an absolute http or https URL with a host
// and no user information, at most MaxLinkBytes long: the rule for a link
// that leaves the site (a profile's website).
func WebURL(s string) bool {
	if len(s) > MaxLinkBytes || strings.ContainsFunc(s, unicode.IsSpace) || strings.ContainsFunc(s, unicode.IsControl) {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

// SitePath reports whether s is a path on this site: it starts with a
// single "/" (not "//", which a browser reads as another host), holds no
// backslash (which browsers read as "/"), no space and no control
// character, and is at most MaxLinkBytes long.
func SitePath(s string) bool {
	if len(s) > MaxLinkBytes || strings.ContainsFunc(s, unicode.IsSpace) || strings.ContainsFunc(s, unicode.IsControl) {
		return false
	}
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.Contains(s, `\`) {
		return false
	}
	_, err := url.ParseRequestURI(s)
	return err == nil
}

// Link reports whether s may be stored as a link a member follows: an
// http(s) URL (WebURL) or a path on this site (SitePath). Every other
// scheme (javascript:, data:, vbscript:, file:…) is refused, whatever its
// case or the spaces and control characters around it.
func Link(s string) bool { return WebURL(s) || SitePath(s) }
