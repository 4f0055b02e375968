package main

import (
	"bytes"
	"encoding/json"
	"html/template"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fetch is curl: a GET with a user agent, its status and body.
func fetch(t *testing.T, url, userAgent string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	require.NoError(t, err)
	req.Header.Set("User-Agent", userAgent)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(body)
}

const (
	browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"
	googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
)

// TestPagesReadableWithoutJavaScript is issue 15's "curl of an article URL
// shows its title and Open Graph tags in the HTML", on the demo site.
func TestPagesReadableWithoutJavaScript(t *testing.T) {
	base := startServer(t)

	alternates := []string{
		`<link rel="alternate" hreflang="zh-hans" href="` + base + `/article/welcome-1000000001" />`,
		`<link rel="alternate" hreflang="en" href="` + base + `/en/article/welcome-1000000002" />`,
		`<link rel="alternate" hreflang="es" href="` + base + `/es/article/bienvenida-1000000003" />`,
		`<link rel="alternate" hreflang="x-default" href="` + base + `/article/welcome-1000000001" />`,
	}
	for _, tt := range []struct{ path, lang, title string }{
		{"/article/welcome-1000000001", "zh-hans", "欢迎来到 Souk"},
		{"/en/article/welcome-1000000002", "en", "Welcome to Souk"},
		{"/es/article/bienvenida-1000000003", "es", "Bienvenido a Souk"},
	} {
		status, html := fetch(t, base+tt.path, browserUA)
		require.Equal(t, http.StatusOK, status, tt.path)
		for _, want := range []string{
			`<html lang="` + tt.lang + `">`,
			`<title>` + tt.title + ` · Souk</title>`,
			`<meta property="og:title" content="` + tt.title + `" />`,
			`<meta property="og:image" content="https://images.unsplash.com/photo-1498050108023-c5249f4df085" />`,
			`<link rel="canonical" href="` + base + tt.path + `" />`,
			`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article"`,
			`<meta property="og:description" content="`,
			`<div id="app"></div>`,
		} {
			assert.Contains(t, html, want, tt.path)
		}
		assert.NotContains(t, html, "<article>", "people get the app alone")
		for _, want := range alternates {
			assert.Contains(t, html, want, tt.path)
		}
	}

	status, html := fetch(t, base+"/es/article/bienvenida-1000000003", googlebot)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, html, "<article><h1>Bienvenido a Souk</h1><p>")
	assert.Contains(t, html, "Empieza aquí", "a crawler reads the text")

	status, html = fetch(t, base+"/en/article/insiders-notes-1000000022", googlebot)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, html, "<article><h1>Insider notes</h1><p>Notes for Souk&#39;s long-standing members.</p></article>", "a gated article's excerpt")
	assert.NotContains(t, html, "Thank you for supporting Souk", "never its gated text")

	status, html = fetch(t, base+"/en/article/guess-1000000099", googlebot)
	assert.Equal(t, http.StatusNotFound, status)
	assert.Contains(t, html, `<meta name="robots" content="noindex" />`)
	assert.Contains(t, html, `<div id="app"></div>`)

	status, html = fetch(t, base+"/en/cart", browserUA)
	assert.Equal(t, http.StatusOK, status, "a fixed screen")
	assert.Contains(t, html, `<title>Souk</title>`)

	status, robots := fetch(t, base+"/robots.txt", googlebot)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, robots, "Disallow: /api/\n")
	assert.Contains(t, robots, "Disallow: /account\n")
	assert.Contains(t, robots, "Sitemap: "+base+"/sitemap.xml\n")

	status, index := fetch(t, base+"/sitemap.xml", googlebot)
	require.Equal(t, http.StatusOK, status)
	for _, lang := range []string{"zh-hans", "en", "es"} {
		assert.Contains(t, index, "<loc>"+base+"/sitemap-"+lang+"-1.xml</loc>")
	}
	status, en := fetch(t, base+"/sitemap-en-1.xml", googlebot)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, en, "<loc>"+base+"/en/article/welcome-1000000002</loc>")
	assert.Contains(t, en, "<loc>"+base+"/en</loc>")
	assert.NotContains(t, en, "bienvenida")
	// The demo shop's products and their categories.
	assert.Contains(t, en, "<loc>"+base+"/en/shop/souk-tee-3000000001</loc>")
	assert.Regexp(t, `<loc>`+regexp.QuoteMeta(base)+`/en/shop-archive/[a-z-]+-\d+</loc>`, en)
	status, html = fetch(t, base+"/en/shop/souk-tee-3000000001", googlebot)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, html, "<title>Souk cotton T-shirt · Souk</title>")
	assert.Contains(t, html, "<article><h1>Souk cotton T-shirt</h1>", "the product readable without JavaScript")

	// A topic of the demo community, found through the sitemap.
	at := strings.Index(en, "<loc>"+base+"/en/community/")
	require.NotEqual(t, -1, at, "the sitemap lists topics")
	topic := en[at+len("<loc>") : at+strings.Index(en[at:], "</loc>")]
	status, html = fetch(t, topic, googlebot)
	require.Equal(t, http.StatusOK, status, topic)
	assert.Regexp(t, `"@type":"(DiscussionForumPosting|QAPage)"`, html)
	assert.Contains(t, html, "<article><h1>")
}

// TestDemoMenusLeadToPages follows every link of the demo's header and
// footer menus to an article, shop, community or profile page, on every
// device and in every language: none answers 404.
func TestDemoMenusLeadToPages(t *testing.T) {
	base := startServer(t)
	var raw struct {
		Settings struct {
			PageSettings map[string]json.RawMessage `json:"page_settings"`
		} `json:"settings"`
	}
	body, err := json.Marshal(map[string]any{"action": "utils.getSettings", "lang": "en", "data": map[string]any{}})
	require.NoError(t, err)
	res, err := http.Post(base+"/api/request", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer res.Body.Close()
	require.NoError(t, json.NewDecoder(res.Body).Decode(&raw))
	require.NotEmpty(t, raw.Settings.PageSettings)
	links := map[string]bool{}
	url := regexp.MustCompile(`"url":"(/(?:article|shop|community|profile)[^"]*)"`)
	for _, device := range raw.Settings.PageSettings {
		for _, m := range url.FindAllStringSubmatch(string(device), -1) {
			links[m[1]] = true
		}
	}
	require.NotEmpty(t, links, "the demo menus link to content pages")
	for link := range links {
		for _, prefix := range []string{"", "/en", "/es"} {
			status, _ := fetch(t, base+prefix+link, googlebot)
			assert.Equal(t, http.StatusOK, status, "%s%s", prefix, link)
		}
	}
}

// pageTitle is the title auth.pageData gives path, in lang.
func pageTitle(t *testing.T, base, lang, path string) string {
	t.Helper()
	body, err := json.Marshal(map[string]any{"action": "auth.pageData", "lang": lang, "data": map[string]any{"path": path}})
	require.NoError(t, err)
	res, err := http.Post(base+"/api/request", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode, path)
	var reply struct {
		Page struct {
			Title string `json:"title"`
		} `json:"page"`
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&reply))
	require.NotEmpty(t, reply.Page.Title, path)
	return reply.Page.Title
}

// TestDocsPagesReadableWithoutJavaScript: the demo's docs pages (the
// sign-up terms link to two of them) answer with their title and
// description in every language; an unknown slug is a 404; the sitemaps
// list them.
func TestDocsPagesReadableWithoutJavaScript(t *testing.T) {
	base := startServer(t)
	for _, tt := range []struct{ lang, prefix string }{{"zh-hans", ""}, {"en", "/en"}, {"es", "/es"}} {
		for _, slug := range []string{"user-agreement", "privacy-policy"} {
			path := tt.prefix + "/docs/" + slug
			title := pageTitle(t, base, tt.lang, path)
			status, html := fetch(t, base+path, googlebot)
			require.Equal(t, http.StatusOK, status, path)
			assert.Contains(t, html, `<html lang="`+tt.lang+`">`, path)
			assert.Contains(t, html, "<title>"+htmlEscape(title)+" · Souk</title>", path)
			assert.Regexp(t, `<meta property="og:description" content="[^"]+" />`, html, path)
			assert.Contains(t, html, "<article><h1>"+htmlEscape(title)+"</h1><p>", "%s: a crawler reads the text", path)
		}
		status, html := fetch(t, base+tt.prefix+"/docs/no-such-page", browserUA)
		assert.Equal(t, http.StatusNotFound, status, tt.lang)
		assert.Contains(t, html, `<meta name="robots" content="noindex" />`)
	}
	status, html := fetch(t, base+"/en/docs", browserUA)
	require.Equal(t, http.StatusOK, status, "/docs is the first docs page")
	assert.Contains(t, html, "<title>"+htmlEscape(pageTitle(t, base, "en", "/en/docs"))+" · Souk</title>")

	status, en := fetch(t, base+"/sitemap-en-1.xml", googlebot)
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, en, "<loc>"+base+"/en/docs/user-agreement</loc>")
	assert.Contains(t, en, "<loc>"+base+"/en/docs/privacy-policy</loc>")
}

// htmlEscape is s as the page's HTML writes text.
func htmlEscape(s string) string { return template.HTMLEscapeString(s) }
