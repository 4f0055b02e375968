package member

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// PlainText returns a plain-text field (a name, a description, a location,
// a chat or private message) as it is stored: exactly as typed, with the
// ends trimmed, line breaks written \n, control characters and bytes that
// are not UTF-8 dropped. A single-line field (multiline false) turns line
// breaks and tabs into spaces; a multiline one keeps them, with at most
// two line breaks in a row.
//
// Markup and entities are kept as typed: "<b>" stays "<b>" and "&lt;"
// stays "&lt;". Every reader escapes on output (React does), so nothing
// stored here is ever markup; never decode entities after removing tags,
// which turns typed text into live markup.
//
// The result is never longer than s, so a bound checked on the result is
// a bound on what is stored.
func PlainText(s string, multiline bool) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	s = strings.Map(func(r rune) rune {
		switch {
		case (r == '\n' || r == '\t') && multiline:
			return r
		case r == '\n' || r == '\t':
			return ' '
		case unicode.IsControl(r) || r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
	for multiline && strings.Contains(s, "\n\n\n") {
		s = strings.ReplaceAll(s, "\n\n\n", "\n\n")
	}
	return strings.TrimSpace(s)
}
