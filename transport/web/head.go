package web

import (
	"bytes"
	"context"
	"html"
	"html/template"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// Page is what the HTML of a page says about it to readers without
// JavaScript (search engines, link previews). Its zero value is a page
// that names nothing: a 404.
type Page struct {
	// Found is false for a path that names no page.
	Found bool
	// Title is the page's own title (user input, escaped here); empty:
	// the site's name alone.
	Title string
	// Description is plain text; empty: no description tags.
	Description string
	// Image is the page's picture, absolute or site-relative; empty: none.
	Image string
	// Schema is the schema.org type of the page's JSON-LD: Article,
	// DiscussionForumPosting or QAPage; empty: none.
	Schema string
	// Author is the author's display name.
	Author string
	// Published and Modified are epoch milliseconds; 0 when unknown.
	Published, Modified int64
	// Answers is a topic's answer count.
	Answers int64
	// Text is the content's plain text a crawler reads in the body; only
	// asked for bots, and empty for gated content.
	Text string
	// Canonical is the page's own path when it is not the path asked for;
	// empty: the path asked for.
	Canonical string
	// Alternates are the paths of the page's language versions by
	// language code; nil: the path under each language's prefix.
	Alternates map[string]string
}

// Describe resolves a page path to its Page; bot asks for Page.Text too.
// A path that names no page is a Page that is not Found, not an error.
type Describe func(ctx context.Context, path string, bot bool) (Page, error)

// botPattern matches crawler and link-preview user agents, as the client's
// platform/bots.ts does (plus the preview fetchers of the chat apps).
var botPattern = regexp.MustCompile(`(?i)bot|crawl|spider|slurp|archiver|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|headlesschrome/.*pagespeed|yandex|baidu|semrush|ahrefs|twitterbot|slackbot|discordbot|telegrambot|linkedinbot`)

// IsBot reports whether userAgent is a crawler's or a link previewer's.
func IsBot(userAgent string) bool { return botPattern.MatchString(userAgent) }

// languages are the site's languages with their path prefix, hreflang and
// Open Graph locale; the first is the default (no prefix).
var languages = []struct{ code, prefix, locale string }{
	{"zh-hans", "", "zh_CN"},
	{"en", "/en", "en_US"},
	{"es", "/es", "es_ES"},
}

// splitLang splits a path into its language and the path without prefix
// ("/" for a language's home).
func splitLang(path string) (lang, rest string) {
	for _, l := range languages[1:] {
		if path == l.prefix || strings.HasPrefix(path, l.prefix+"/") {
			rest = strings.TrimPrefix(path, l.prefix)
			if rest == "" {
				rest = "/"
			}
			return l.code, rest
		}
	}
	return languages[0].code, path
}

// shell is index.html cut where a page's head and crawler text go: after
// the html element's lang value, around the default title and before the
// app's root element. ok is false when index.html lacks a marker: pages
// are then served as index.html is.
type shell struct {
	ok bool
	// beforeLang ends inside <html lang="; afterLang starts after the value
	// and ends before <title>; afterTitle ends before <div id="app">; app
	// is the rest.
	beforeLang, afterLang, afterTitle, app []byte
	// site is the text of index.html's title: the site's name.
	site string
}

var titlePattern = regexp.MustCompile(`(?is)<title>(.*?)</title>`)

func newShell(index []byte) shell {
	langAt := bytes.Index(index, []byte(`<html lang="`))
	title := titlePattern.FindSubmatchIndex(index)
	appAt := bytes.Index(index, []byte(`<div id="app"`))
	if langAt < 0 || title == nil || appAt < 0 || !(langAt < title[0] && title[1] < appAt) {
		return shell{}
	}
	langAt += len(`<html lang="`)
	langEnd := langAt + bytes.IndexByte(index[langAt:], '"')
	return shell{ok: true, beforeLang: index[:langAt], afterLang: index[langEnd:title[0]], afterTitle: index[title[1]:appAt],
		app: index[appAt:], site: strings.TrimSpace(html.UnescapeString(string(index[title[2]:title[3]])))}
}

// headData fills headTemplate.
type headData struct {
	// Title is the tab's title ("page · site"); OGTitle the page's own.
	Title, OGTitle, Description, Canonical, Image, Site, Locale, OGType string
	// Manifest is the web app manifest of the page's language.
	Manifest   string
	Alternates []alternate
	NoIndex    bool
	JSONLD     map[string]any
}

type alternate struct{ Lang, URL string }

// botData fills botTemplate.
type botData struct{ Title, Text string }

// html/template escapes every value for its context, the JSON-LD
// included (a script of type application/ld+json is JavaScript to it):
// titles and texts are members' input.
var (
	headTemplate = template.Must(template.New("head").Parse(`<title>{{.Title}}</title>
    <link rel="manifest" href="{{.Manifest}}" />
    {{- with .Description}}
    <meta name="description" content="{{.}}" />
    {{- end}}
    {{- if .NoIndex}}
    <meta name="robots" content="noindex" />
    {{- else}}
    <link rel="canonical" href="{{.Canonical}}" />
    {{- range .Alternates}}
    <link rel="alternate" hreflang="{{.Lang}}" href="{{.URL}}" />
    {{- end}}
    {{- end}}
    <meta property="og:site_name" content="{{.Site}}" />
    <meta property="og:type" content="{{.OGType}}" />
    <meta property="og:title" content="{{.OGTitle}}" />
    {{- with .Description}}
    <meta property="og:description" content="{{.}}" />
    {{- end}}
    <meta property="og:url" content="{{.Canonical}}" />
    <meta property="og:locale" content="{{.Locale}}" />
    {{- with .Image}}
    <meta property="og:image" content="{{.}}" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:image" content="{{.}}" />
    {{- else}}
    <meta name="twitter:card" content="summary" />
    {{- end}}
    <meta name="twitter:title" content="{{.OGTitle}}" />
    {{- with .Description}}
    <meta name="twitter:description" content="{{.}}" />
    {{- end}}
    {{- with .JSONLD}}
    <script type="application/ld+json">{{.}}</script>
    {{- end}}`))
	botTemplate = template.Must(template.New("bot").Parse(`<article><h1>{{.Title}}</h1>{{with .Text}}<p>{{.}}</p>{{end}}</article>
    `))
)

// render writes index.html for page at r's path: its language, head and,
// for bots, its text before the app.
func (h *Handler) render(r *http.Request, page Page, status int, bot bool) ([]byte, error) {
	if !h.shell.ok {
		return h.index, nil
	}
	base := h.baseURL(r)
	path := cleanPath(r.URL.EscapedPath())
	lang, rest := splitLang(path)
	data := headData{Title: h.shell.site, OGTitle: h.shell.site, Description: page.Description, Canonical: base + path,
		Site: h.shell.site, OGType: "website", NoIndex: status != http.StatusOK, Image: absolute(base, page.Image),
		Manifest: manifestPath(lang)}
	if page.Title != "" {
		data.Title, data.OGTitle = page.Title+" · "+h.shell.site, page.Title
	}
	if page.Canonical != "" {
		data.Canonical = base + escapePath(page.Canonical)
	}
	xDefault := data.Canonical
	for i, l := range languages {
		if l.code == lang {
			data.Locale = l.locale
		}
		p := l.prefix + rest
		if rest == "/" && l.prefix != "" {
			p = l.prefix
		}
		if page.Alternates != nil {
			if p = escapePath(page.Alternates[l.code]); p == "" {
				continue
			}
		}
		if i == 0 {
			xDefault = base + p
		}
		data.Alternates = append(data.Alternates, alternate{Lang: l.code, URL: base + p})
	}
	data.Alternates = append(data.Alternates, alternate{Lang: "x-default", URL: xDefault})
	if page.Schema != "" && status == http.StatusOK {
		data.OGType = "article"
		data.JSONLD = jsonLD(page, lang, data.Canonical, data.Image)
	}
	var out bytes.Buffer
	out.Grow(len(h.index) + 4096)
	out.Write(h.shell.beforeLang)
	out.WriteString(lang)
	out.Write(h.shell.afterLang)
	if err := headTemplate.Execute(&out, data); err != nil {
		return nil, err
	}
	out.Write(h.shell.afterTitle)
	if bot && status == http.StatusOK && page.Title != "" {
		text := page.Text
		if text == "" {
			text = page.Description
		}
		if err := botTemplate.Execute(&out, botData{Title: page.Title, Text: text}); err != nil {
			return nil, err
		}
	}
	out.Write(h.shell.app)
	return out.Bytes(), nil
}

// jsonLD is the schema.org description of an article or a topic.
func jsonLD(page Page, lang, url, image string) map[string]any {
	author := map[string]any{"@type": "Person", "name": page.Author}
	item := map[string]any{"@context": "https://schema.org", "@type": page.Schema, "inLanguage": lang, "url": url}
	posting := item
	if page.Schema == "QAPage" {
		posting = map[string]any{"@type": "Question", "name": page.Title, "answerCount": page.Answers}
		item["mainEntity"] = posting
	} else {
		item["headline"] = page.Title
		item["mainEntityOfPage"] = url
	}
	if page.Author != "" {
		posting["author"] = author
	}
	if page.Description != "" {
		if page.Schema == "Article" {
			posting["description"] = page.Description
		} else {
			posting["text"] = page.Description
		}
	}
	if page.Published > 0 {
		key := "datePublished"
		if page.Schema == "QAPage" {
			key = "dateCreated"
		}
		posting[key] = time.UnixMilli(page.Published).UTC().Format(time.RFC3339)
	}
	if page.Modified > 0 {
		posting["dateModified"] = time.UnixMilli(page.Modified).UTC().Format(time.RFC3339)
	}
	if page.Schema == "DiscussionForumPosting" {
		posting["interactionStatistic"] = map[string]any{"@type": "InteractionCounter",
			"interactionType": "https://schema.org/CommentAction", "userInteractionCount": page.Answers}
	}
	if image != "" {
		posting["image"] = image
	}
	return item
}

// escapePath is a resolver's path as it goes in a URL (a slug may be
// Chinese).
func escapePath(p string) string {
	return (&url.URL{Path: p}).EscapedPath()
}

// cleanPath drops a trailing slash (but the root's).
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if len(p) > 1 {
		p = strings.TrimRight(p, "/")
		if p == "" {
			p = "/"
		}
	}
	return p
}

// absolute makes a site-relative picture absolute; it keeps http(s) URLs
// and drops anything else (a data: or javascript: URL has no place in a
// preview).
func absolute(base, image string) string {
	switch {
	case strings.HasPrefix(image, "https://"), strings.HasPrefix(image, "http://"):
		return image
	case strings.HasPrefix(image, "/") && !strings.HasPrefix(image, "//"):
		return base + image
	}
	return ""
}

// hostPattern is what a Host header may hold to be used in absolute URLs.
var hostPattern = regexp.MustCompile(`^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$`)

// baseURL is the site's address: --public-url when set, else the
// request's scheme and host.
func (h *Handler) baseURL(r *http.Request) string {
	if h.publicURL != "" {
		return h.publicURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := r.Host
	if !hostPattern.MatchString(host) {
		host = "localhost"
	}
	return scheme + "://" + host
}
