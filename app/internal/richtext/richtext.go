// Package richtext keeps the rich text members and editors write (articles,
// topics, answers, comments) to the formatting the client's editor makes,
// and reads its plain text for excerpts and emptiness checks.
//
// Besides text, the editor places media from the member's library: images
// and audio players, both from https URLs or this site's /api/media/ files.
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
// image or audio source allowed besides https URLs.
const MediaPrefix = "/api/media/"

var (
	// relativeOrHTTP is an href: http(s), or a path of this site.
	relativeOrHTTP = regexp.MustCompile(`^(https?://[^\s]+|/[^/\\\s][^\s]*|/)$`)
	// mediaSource is an img or audio src: https, or this site's media files.
	mediaSource = regexp.MustCompile(`^(https://[^\s]+|/api/media/[^\s]+)$`)
	// audioPreload is how much of an audio a browser loads before it plays: never the whole file.
	audioPreload = regexp.MustCompile(`^(none|metadata)$`)
	// booleanAttr is a boolean attribute as the editor writes it: present, empty.
	booleanAttr   = regexp.MustCompile(`^$`)
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
	p.AllowAttrs("src").Matching(mediaSource).OnElements("img")
	p.AllowAttrs("alt", "title").OnElements("img")
	p.AllowAttrs("width", "height").Matching(bluemonday.Integer).OnElements("img")
	p.AllowAttrs("src").Matching(mediaSource).OnElements("audio")
	p.AllowAttrs("controls").Matching(booleanAttr).OnElements("audio")
	p.AllowAttrs("preload").Matching(audioPreload).OnElements("audio")
	p.AllowAttrs("title").OnElements("audio")
	return p
}

// Sanitize returns s with everything but the editor's formatting removed:
// paragraphs, h2-h4, strong, em, u, s, links (http, https or a path of this
// site; rel nofollow noopener; a mention's data-mention id), lists,
// blockquote, code, pre, images (https or this site's /api/media/), audio
// players (the same sources, always with controls; preload none or
// metadata, title), figure, figcaption, hr and br. An image or audio whose
// source was refused is dropped. Scripts, iframes, styles, event handlers,
// an audio's <source> and <track>, and any other element or attribute are
// dropped.
func Sanitize(s string) string {
	out := policy.Sanitize(s)
	// bluemonday writes rel="nofollow"; links also get noopener.
	out = strings.ReplaceAll(out, `rel="nofollow"`, `rel="nofollow noopener"`)
	out = dropEmptyImages(out)
	out = closeAudio(out)
	return strings.TrimSpace(out)
}

// emptyImage is an img whose src was refused: nothing to show.
var emptyImage = regexp.MustCompile(`<img(\s+(alt|title|width|height)="[^"]*")*\s*/?>`)

func dropEmptyImages(s string) string {
	return emptyImage.ReplaceAllString(s, "")
}

// audioTag is an audio start or end tag as the policy writes it (attribute
// values escaped, so no ">" inside one).
var audioTag = regexp.MustCompile(`</?audio\b[^>]*>`)

// closeAudio writes every audio as the editor does, with its controls (an
// audio without them shows nothing), empty and closed at once, and drops one
// whose src was refused: nothing to play. What sat inside an audio (fallback
// text) follows it, so that an audio left open never hides the text after it.
func closeAudio(s string) string {
	return audioTag.ReplaceAllStringFunc(s, func(tag string) string {
		if strings.HasPrefix(tag, "</") || !strings.Contains(tag, ` src="`) {
			return ""
		}
		if !strings.Contains(tag, ` controls=""`) {
			tag = `<audio controls=""` + strings.TrimPrefix(tag, "<audio")
		}
		return strings.TrimRight(strings.TrimSuffix(tag, "/>"), " >") + "></audio>"
	})
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

// HasMedia reports whether the sanitized HTML s shows an image or an audio
// player: content even without text.
func HasMedia(s string) bool {
	return strings.Contains(s, "<img ") || strings.Contains(s, "<audio ")
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
