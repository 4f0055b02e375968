package member

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlainTextStoresWhatWasTyped(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name      string
		in        string
		multiline bool
		want      string
	}{
		{"entities stay entities", "&lt;img src=x onerror=alert(1)&gt;", false, "&lt;img src=x onerror=alert(1)&gt;"},
		{"markup stays text", "<b>bold</b><img src=x onerror=alert(1)>", false, "<b>bold</b><img src=x onerror=alert(1)>"},
		{"an ampersand is not decoded", " a < b &amp; c ", false, "a < b &amp; c"},
		{"a script is text too", "Ana <script>alert(1)</script>López", false, "Ana <script>alert(1)</script>López"},
		{"single line", "one\ntwo\tthree\r\nfour", false, "one two three four"},
		{"multiline keeps breaks and tabs", "one\r\ntwo\rthree\tfour", true, "one\ntwo\nthree\tfour"},
		{"at most two breaks in a row", "line one\n\n\n\n\nline two", true, "line one\n\nline two"},
		{"control characters and bad bytes dropped", "a\x00b\x07c\u0085d\x7fe\xff", true, "abcde"},
		{"ends trimmed", " \n\t hi \u3000\n", true, "hi"},
		{"only space", " \n \r\n ", true, ""},
		{"chinese as typed", "你好，世界", false, "你好，世界"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, PlainText(tt.in, tt.multiline))
		})
	}
}

func TestPlainTextNeverGrows(t *testing.T) {
	t.Parallel()
	s := strings.Repeat("\r\n\xff&amp;<", 100)
	for _, multiline := range []bool{false, true} {
		assert.LessOrEqual(t, len(PlainText(s, multiline)), len(s))
	}
}
