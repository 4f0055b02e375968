package member

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLinks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		link          string
		web, sitePath bool
	}{
		{"https://status.example.com/a?b=c#d", true, false},
		{"http://example.com", true, false},
		{"/community/topic/1?x=y", false, true},
		{"/", false, true},
		{"javascript:alert(1)", false, false},
		{"JavaScript:alert(1)", false, false},
		{" javascript:alert(1)", false, false},
		{"java\tscript:alert(1)", false, false},
		{"\x01javascript:alert(1)", false, false},
		{"data:text/html,<script>alert(1)</script>", false, false},
		{"vbscript:msgbox(1)", false, false},
		{"file:///etc/passwd", false, false},
		{"//evil.example/a", false, false},
		{`/\evil.example/a`, false, false},
		{"/a b", false, false},
		{"https://user:pw@example.com", false, false},
		{"https:///nohost", false, false},
		{"ftp://example.com", false, false},
		{"relative/path", false, false},
		{"", false, false},
		{"/" + strings.Repeat("a", MaxLinkBytes), false, false},
	} {
		assert.Equal(t, tt.web, WebURL(tt.link), "WebURL(%q)", tt.link)
		assert.Equal(t, tt.sitePath, SitePath(tt.link), "SitePath(%q)", tt.link)
		assert.Equal(t, tt.web || tt.sitePath, Link(tt.link), "Link(%q)", tt.link)
	}
}
