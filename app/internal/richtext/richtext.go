// Package richtext keeps the rich text members and editors write (articles,
// topics, answers, comments) to the formatting the client's editor makes,
// and reads its plain text for excerpts and emptiness checks.
//
// Nothing the client sends is trusted: Sanitize runs on every write, and
// the stored HTML is what readers get.
package richtext

import (
	"html"
	"regexp"
	"strings"
	"unicode"

	"github.com/microcosm-cc/bluemonday"
)

// MediaPrefix is the path of this site's media files, the one relative
// image source allowed besides https URLs.
const MediaPrefix = "/api/media/"

var (
	// relativeOrHTTP is an href: http(s), or a path of this site.
	relativeOrHTTP = regexp.MustCompile(`^(https?://[^\s]+|/[^/\\\s][^\s]*|/)$`)
	// imageSource is an img src: https, or this site's media files.
	imageSource   = regexp.MustCompile(`^(https://[^\s]+|/api/media/[^\s]+)$`)
	languageClass = regexp.MustCompile(`^language-[a-zA-Z0-9+#_-]{1,32}$`)
	memberID      = regexp.MustCompile(`^[0-9]{1,20}$`)
)

// policy is built once: a bluemonday policy is safe for concurrent use
// once built.
var policy = newPolicy()

func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "h2", "h3", "h4", "strong", "em", "u", "s", "ul", "ol", "li", "blockquote", "pre",
		"figure", "figcaption", "hr", "br")
	p.AllowElements("code")
	p.AllowAttrs("class").Matching(languageClass).OnElements("code")
	p.AllowAttrs("href").Matching(relativeOrHTTP).OnElements("a")
	// A mention's link keeps its member's id (souk/app/internal/mention).
	p.AllowAttrs("data-mention").Matching(memberID).OnElements("a")
	p.AllowURLSchemes("http", "https")
	p.AllowRelativeURLs(true)
	p.RequireNoFollowOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(false)
	p.RequireNoReferrerOnLinks(false)
	p.AllowAttrs("src").Matching(imageSource).OnElements("img")
	p.AllowAttrs("alt", "title").OnElements("img")
	p.AllowAttrs("width", "height").Matching(bluemonday.Integer).OnElements("img")
	return p
}

// Sanitize returns s with everything but the editor's formatting removed:
// paragraphs, h2-h4, strong, em, u, s, links (http, https or a path of this
// site; rel nofollow noopener; a mention's data-mention id), lists, blockquote, code, pre, images (https
// or this site's /api/media/), figure, figcaption, hr and br. Scripts,
// iframes, styles, event handlers and any other element or attribute are
// dropped.
func Sanitize(s string) string {
	out := policy.Sanitize(s)
	// bluemonday writes rel="nofollow"; links also get noopener.
	out = strings.ReplaceAll(out, `rel="nofollow"`, `rel="nofollow noopener"`)
	out = dropEmptyImages(out)
	return strings.TrimSpace(out)
}

// emptyImage is an img whose src was refused: nothing to show.
var emptyImage = regexp.MustCompile(`<img(\s+(alt|title|width|height)="[^"]*")*\s*/?>`)

func dropEmptyImages(s string) string {
	return emptyImage.ReplaceAllString(s, "")
}

// blockEnd are the tags after which the text gets a space, so that
// "<p>a</p><p>b</p>" reads "a b".
var blockEnd = regexp.MustCompile(`(?i)</(p|h[1-6]|li|blockquote|pre|figcaption|div)>|<br\s*/?>|<hr\s*/?>`)

// Text returns the plain text of the HTML s: tags removed, entities
// decoded, runs of white space made one space, trimmed. It is empty when s
// has no character a reader sees (an empty paragraph, only tags).
func Text(s string) string {
	s = blockEnd.ReplaceAllString(s, " ")
	s = bluemonday.StrictPolicy().Sanitize(s)
	s = html.UnescapeString(s)
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == '\u200b' || r == '\ufeff'
	}), " ")
}

// HasImage reports whether the sanitized HTML s shows an image, content
// even without text.
func HasImage(s string) bool {
	return strings.Contains(s, "<img ")
}

// Excerpt is the first n characters of Text(s), cut at a word boundary
// when one is near, with "…" when something was cut.
func Excerpt(s string, n int) string {
	text := []rune(Text(s))
	if len(text) <= n {
		return string(text)
	}
	cut := n
	for i := n; i > n/2; i-- {
		if unicode.IsSpace(text[i]) {
			cut = i
			break
		}
	}
	return strings.TrimSpace(string(text[:cut])) + "…"
}
