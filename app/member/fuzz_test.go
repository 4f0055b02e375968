package member

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzPlainText checks the rules of stored text on any input: the result is
// valid UTF-8, never longer than what was typed (so a bound checked on it
// holds for what is stored), has no control character but the line breaks
// and tabs a multiline field keeps, is trimmed, is unchanged by a second
// cleaning, keeps every markup character as typed (nothing stripped,
// nothing decoded), and text that needs no cleaning comes back as typed.
func FuzzPlainText(f *testing.F) {
	for _, seed := range []string{
		"hello", "  Ana López ", "你好，世界", "line one\n\n\n\nline two",
		"&lt;img src=x onerror=alert(1)&gt;", "<b>bold</b><script>alert(1)</script>", "a &amp;amp; b",
		"\x00\x07\x1b[31mred\x1b[0m\x7f", "\u0085\u2028\u2029\u200b\u202e", "\r\n\r\n\r\r\n", "\t\t x \t",
		"\xff\xfe\xc3", "\ufffd", " \u3000 ", "<<<>>>&&&;;;", strings.Repeat("字", 300),
	} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	f.Fuzz(func(t *testing.T, typed string, multiline bool) {
		out := PlainText(typed, multiline)
		switch {
		case !utf8.ValidString(out):
			t.Fatalf("PlainText(%q) = %q is not UTF-8", typed, out)
		case len(out) > len(typed):
			t.Fatalf("PlainText(%q) = %q is longer than the input", typed, out)
		case out != strings.TrimSpace(out):
			t.Fatalf("PlainText(%q) = %q is not trimmed", typed, out)
		case PlainText(out, multiline) != out:
			t.Fatalf("PlainText is not idempotent: %q -> %q -> %q", typed, out, PlainText(out, multiline))
		case multiline && strings.Contains(out, "\n\n\n"):
			t.Fatalf("PlainText(%q) = %q has three line breaks in a row", typed, out)
		}
		for _, r := range out {
			if unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\t')) {
				t.Fatalf("PlainText(%q, %v) = %q keeps the control character %U", typed, multiline, out, r)
			}
		}
		for _, markup := range []string{"<", ">", "&", ";", "\"", "'", "/", "="} {
			if strings.Count(out, markup) != strings.Count(typed, markup) {
				t.Fatalf("PlainText(%q) = %q changed the markup character %q", typed, out, markup)
			}
		}
		if needsNoCleaning(typed, multiline) && out != typed {
			t.Fatalf("PlainText(%q) = %q: text that needs no cleaning must come back as typed", typed, out)
		}
	})
}

// needsNoCleaning reports whether s is already stored text: valid UTF-8,
// trimmed, no control character but those a multiline field keeps, no
// carriage return and no three line breaks in a row.
func needsNoCleaning(s string, multiline bool) bool {
	if !utf8.ValidString(s) || s != strings.TrimSpace(s) || strings.ContainsRune(s, utf8.RuneError) {
		return false
	}
	if multiline && strings.Contains(s, "\n\n\n") {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\t')) {
			return false
		}
	}
	return true
}

// FuzzLink checks that a link member.Link accepts is an http(s) URL or a
// single-slash path with no space, control character or backslash, so it
// can never be a javascript:, data: or protocol-relative link however it is
// spelled.
func FuzzLink(f *testing.F) {
	for _, seed := range []string{
		"https://example.com/a?b#c", "/community/1", "//evil.example", `/\evil.example`, "javascript:alert(1)",
		"JAVASCRIPT:alert(1)", " javascript:alert(1)", "java\tscript:x", "data:text/html,x", "https://u:p@h",
		"http:/x", "http:///x", "/%2F%2Fevil", "/\x00", "https://[::1]:80/", "https://例え.jp/",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !Link(s) {
			return
		}
		lower := strings.ToLower(s)
		web := strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://")
		path := strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//")
		switch {
		case !web && !path:
			t.Fatalf("Link accepted %q, neither an http(s) URL nor a path on this site", s)
		case len(s) > MaxLinkBytes:
			t.Fatalf("Link accepted %d bytes", len(s))
		case strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }):
			t.Fatalf("Link accepted %q with a space or control character", s)
		case path && strings.Contains(s, `\`):
			t.Fatalf("Link accepted the path %q with a backslash", s)
		}
	})
}
