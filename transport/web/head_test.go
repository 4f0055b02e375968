package web

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shellIndex is index.html as the client's build writes it: lang, title,
// an inline script and the app's root.
const shellIndex = `<!doctype html>
<html lang="zh-hans">
  <head>
    <meta charset="utf-8" />
    <title>Souk</title>
    <script>document.documentElement.classList.add("light")</script>
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>`

const hostileTitle = `</title><script>alert("x")</script> & "quoted" 'single' <b>`

// describeStub answers the pages the tests read, and records whether the
// text was asked for.
func describeStub(asked *[]bool) Describe {
	return func(_ context.Context, path string, bot bool) (Page, error) {
		*asked = append(*asked, bot)
		_, rest := splitLang(cleanPath(path))
		switch rest {
		case "/article/hello-1":
			return Page{Found: true, Title: "Hello", Description: "An excerpt.", Image: "/media/cover.jpg", Schema: "Article",
				Author: "Ann", Published: 1700000000000, Modified: 1700000500000, Text: "The whole article text."}, nil
		case "/article/hostile-2":
			return Page{Found: true, Title: hostileTitle, Description: hostileTitle, Image: "javascript:alert(1)",
				Schema: "Article", Author: hostileTitle, Text: hostileTitle}, nil
		case "/article/gated-3":
			// A gated article: the resolver has no text, only the excerpt.
			return Page{Found: true, Title: "Members only", Description: "The author's teaser.", Schema: "Article"}, nil
		case "/article/versions-5":
			// Read through another version's id: the page is the Spanish
			// version; there is no English one.
			return Page{Found: true, Title: "Versiones", Schema: "Article", Canonical: "/es/article/versiones-6",
				Alternates: map[string]string{"zh-hans": "/article/版本-5", "es": "/es/article/versiones-6"}}, nil
		case "/community/4":
			return Page{Found: true, Title: "Which camera?", Description: "Help me pick.", Schema: "QAPage", Answers: 3}, nil
		case "/":
			return Page{Found: true}, nil
		}
		return Page{}, nil
	}
}

func newPagesHandler(t *testing.T, publicURL string, asked *[]bool) *Handler {
	t.Helper()
	h, err := New(Config{Dist: fstest.MapFS{"index.html": {Data: []byte(shellIndex)}}, Locales: fstest.MapFS{},
		Describe: describeStub(asked), PublicURL: publicURL})
	require.NoError(t, err)
	return h
}

var ldPattern = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)

func jsonLDOf(t *testing.T, html string) map[string]any {
	t.Helper()
	m := ldPattern.FindStringSubmatch(html)
	require.NotNil(t, m, "a JSON-LD script")
	var ld map[string]any
	require.NoError(t, json.Unmarshal([]byte(m[1]), &ld), m[1])
	return ld
}

func TestArticlePageHeadInThreeLanguages(t *testing.T) {
	t.Parallel()
	var asked []bool
	h := newPagesHandler(t, "https://souk.example", &asked)
	for _, tt := range []struct{ path, lang, locale string }{
		{"/article/hello-1", "zh-hans", "zh_CN"},
		{"/en/article/hello-1", "en", "en_US"},
		{"/es/article/hello-1/", "es", "es_ES"},
	} {
		res := serve(h, "GET", tt.path)
		require.Equal(t, 200, res.StatusCode, tt.path)
		html := body(t, res)
		canonical := "https://souk.example" + strings.TrimSuffix(tt.path, "/")
		assert.Contains(t, html, `<html lang="`+tt.lang+`">`)
		assert.Equal(t, 1, strings.Count(html, "<title>"), "the default title is replaced")
		for _, want := range []string{
			`<title>Hello · Souk</title>`,
			`<meta name="description" content="An excerpt." />`,
			`<link rel="canonical" href="` + canonical + `" />`,
			`<link rel="alternate" hreflang="zh-hans" href="https://souk.example/article/hello-1" />`,
			`<link rel="alternate" hreflang="en" href="https://souk.example/en/article/hello-1" />`,
			`<link rel="alternate" hreflang="es" href="https://souk.example/es/article/hello-1" />`,
			`<link rel="alternate" hreflang="x-default" href="https://souk.example/article/hello-1" />`,
			`<meta property="og:type" content="article" />`,
			`<meta property="og:title" content="Hello" />`,
			`<meta property="og:description" content="An excerpt." />`,
			`<meta property="og:url" content="` + canonical + `" />`,
			`<meta property="og:locale" content="` + tt.locale + `" />`,
			`<meta property="og:image" content="https://souk.example/media/cover.jpg" />`,
			`<meta name="twitter:card" content="summary_large_image" />`,
			`<meta name="twitter:title" content="Hello" />`,
			`<meta name="twitter:image" content="https://souk.example/media/cover.jpg" />`,
		} {
			assert.Contains(t, html, want, tt.path)
		}
		ld := jsonLDOf(t, html)
		assert.Equal(t, "Article", ld["@type"])
		assert.Equal(t, "Hello", ld["headline"])
		assert.Equal(t, tt.lang, ld["inLanguage"])
		assert.Equal(t, "2023-11-14T22:13:20Z", ld["datePublished"])
		assert.Equal(t, map[string]any{"@type": "Person", "name": "Ann"}, ld["author"])
		assert.NotContains(t, html, "The whole article text.", "people get the app, not the text")
		assert.Contains(t, html, `<script>document.documentElement.classList.add("light")</script>`, "the rest of index.html is kept")
	}
	assert.NotContains(t, asked, true, "no text is asked for people")
}

func TestArticleVersionsAreTheAlternates(t *testing.T) {
	t.Parallel()
	var asked []bool
	h := newPagesHandler(t, "https://souk.example", &asked)
	html := body(t, serve(h, "GET", "/es/article/versions-5"))
	assert.Contains(t, html, `<link rel="canonical" href="https://souk.example/es/article/versiones-6" />`)
	assert.Contains(t, html, `<link rel="alternate" hreflang="zh-hans" href="https://souk.example/article/%E7%89%88%E6%9C%AC-5" />`)
	assert.Contains(t, html, `<link rel="alternate" hreflang="es" href="https://souk.example/es/article/versiones-6" />`)
	assert.Contains(t, html, `<link rel="alternate" hreflang="x-default" href="https://souk.example/article/%E7%89%88%E6%9C%AC-5" />`)
	assert.NotContains(t, html, `hreflang="en"`, "no English version")
	assert.Contains(t, html, `<meta property="og:url" content="https://souk.example/es/article/versiones-6" />`)
}

func TestHostileTitleIsEscaped(t *testing.T) {
	t.Parallel()
	var asked []bool
	h := newPagesHandler(t, "", &asked)
	res := serve(h, "GET", "/article/hostile-2", "User-Agent", "Mozilla/5.0 (compatible; Googlebot/2.1)")
	require.Equal(t, 200, res.StatusCode)
	html := body(t, res)
	assert.NotContains(t, html, `<script>alert`)
	assert.NotContains(t, html, `</title><script>`)
	assert.NotContains(t, html, `<b>`)
	assert.NotContains(t, html, "javascript:", "a picture of another scheme is dropped")
	assert.Contains(t, html, `<title>&lt;/title&gt;&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#34;quoted&#34; &#39;single&#39; &lt;b&gt; · Souk</title>`)
	assert.Equal(t, 1, strings.Count(html, "</title>"))
	assert.Equal(t, 2, strings.Count(html, "<script"), "index.html's script and the JSON-LD, nothing injected")
	ld := jsonLDOf(t, html)
	assert.Equal(t, hostileTitle, ld["headline"], "the JSON-LD holds the title as data")
	assert.Contains(t, html, `<link rel="canonical" href="http://example.com/article/hostile-2" />`, "the request's host without --public-url")
}

func TestUnknownPageIs404WithTheApp(t *testing.T) {
	t.Parallel()
	var asked []bool
	h := newPagesHandler(t, "", &asked)
	res := serve(h, "GET", "/en/article/nothing-9", "User-Agent", "Googlebot")
	require.Equal(t, 404, res.StatusCode)
	html := body(t, res)
	assert.Contains(t, html, `<div id="app"></div>`, "the client renders its 404 page")
	assert.Contains(t, html, `<meta name="robots" content="noindex" />`)
	assert.Contains(t, html, `<title>Souk</title>`)
	assert.NotContains(t, html, "canonical")
	assert.NotContains(t, html, "<article>")
	assert.NotContains(t, html, "ld+json")
}

func TestBotsGetTheTextAndNeverGatedText(t *testing.T) {
	t.Parallel()
	var asked []bool
	h := newPagesHandler(t, "", &asked)
	for ua, bot := range map[string]bool{
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)": true,
		"facebookexternalhit/1.1":                                                     true,
		"Mozilla/5.0 (compatible; bingbot/2.0)":                                       true,
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36": false,
	} {
		assert.Equal(t, bot, IsBot(ua), ua)
	}
	html := body(t, serve(h, "GET", "/en/article/hello-1", "User-Agent", "Googlebot/2.1"))
	assert.Contains(t, html, `<article><h1>Hello</h1><p>The whole article text.</p></article>`)
	assert.Less(t, strings.Index(html, "<article>"), strings.Index(html, `<div id="app">`), "before the app")
	assert.Equal(t, []bool{true}, asked, "the text is asked for a bot")

	gated := body(t, serve(h, "GET", "/article/gated-3", "User-Agent", "Googlebot/2.1"))
	assert.Contains(t, gated, `<article><h1>Members only</h1><p>The author&#39;s teaser.</p></article>`, "the excerpt only")

	hostile := body(t, serve(h, "GET", "/article/hostile-2", "User-Agent", "Googlebot/2.1"))
	assert.Contains(t, hostile, `<article><h1>&lt;/title&gt;&lt;script&gt;`)

	topic := body(t, serve(h, "GET", "/community/4", "User-Agent", "Googlebot/2.1"))
	ld := jsonLDOf(t, topic)
	assert.Equal(t, "QAPage", ld["@type"])
	assert.Equal(t, map[string]any{"@type": "Question", "name": "Which camera?", "answerCount": float64(3), "text": "Help me pick."}, ld["mainEntity"])

	home := body(t, serve(h, "GET", "/es", "User-Agent", "Googlebot/2.1"))
	assert.Contains(t, home, `<title>Souk</title>`)
	assert.Contains(t, home, `<link rel="alternate" hreflang="es" href="http://example.com/es" />`)
	assert.Contains(t, home, `<link rel="alternate" hreflang="zh-hans" href="http://example.com/" />`)
	assert.NotContains(t, home, "<article>", "an untitled page has no text")
	assert.NotContains(t, home, "ld+json")
	assert.NotContains(t, home, `name="description"`, "no empty description")
}
