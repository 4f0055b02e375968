package page

import "strings"

// appRoutes are the client's fixed screens (SPEC.md §2), by first segment
// after the locale prefix, with the second segments each allows ("" for none,
// anySegment for any: /messages/<member's slug>).
// The docs pages are not among them: they are resolved (Resolve) and exist
// only as the builder made them.
var appRoutes = map[string][]string{
	"notify":      {""},
	"authorize":   {""},
	"account":     {"", "notification", "ticket", "wealth", "membership"},
	"create":      {""},
	"community":   {""},
	"cart":        {""},
	"builder":     {""},
	"unsubscribe": {""},
	"messages":    {"", anySegment},
}

// anySegment in appRoutes allows any second segment.
const anySegment = "*"

// IsAppRoute reports whether path is one of the client's fixed screens
// (such as /cart or /en/account/wealth), which exist whatever the content.
func IsAppRoute(path string) bool {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	var segments []string
	for _, s := range strings.Split(path, "/") {
		if s != "" {
			segments = append(segments, s)
		}
	}
	if len(segments) > 0 && (segments[0] == "en" || segments[0] == "es") {
		segments = segments[1:]
	}
	if len(segments) == 0 || len(segments) > 2 {
		return false
	}
	allowed, ok := appRoutes[segments[0]]
	if !ok {
		return false
	}
	second := ""
	if len(segments) == 2 {
		second = segments[1]
	}
	return contains(allowed, second) || second != "" && contains(allowed, anySegment)
}
