package web

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newSitemapHandler(t *testing.T, publicURL string, list Sitemap) *Handler {
	t.Helper()
	h, err := New(Config{Dist: fstest.MapFS{"index.html": {Data: []byte(shellIndex)}}, Locales: fstest.MapFS{},
		Describe: describeStub(new([]bool)), Sitemap: list, PublicURL: publicURL})
	require.NoError(t, err)
	return h
}

func TestSitemapIndexAndPagedFiles(t *testing.T) {
	t.Parallel()
	builds := map[string]int{}
	h := newSitemapHandler(t, "https://souk.example/", func(_ context.Context, lang string) ([]SitemapURL, error) {
		builds[lang]++
		prefix := map[string]string{"zh-hans": "", "en": "/en", "es": "/es"}[lang]
		urls := []SitemapURL{{Path: prefix + "/article/a&b-1", Modified: 1700000000000}}
		if lang == "en" {
			for i := 2; i <= 5; i++ {
				urls = append(urls, SitemapURL{Path: fmt.Sprintf("/en/community/%d", i)})
			}
		}
		return urls, nil
	})
	h.sitemaps.perFile = 2

	res := serve(h, "GET", "/sitemap.xml")
	require.Equal(t, 200, res.StatusCode)
	assert.Equal(t, "application/xml; charset=utf-8", res.Header.Get("Content-Type"))
	var index struct {
		Sitemaps []struct {
			Loc string `xml:"loc"`
		} `xml:"sitemap"`
	}
	require.NoError(t, xml.Unmarshal([]byte(body(t, res)), &index))
	var locs []string
	for _, s := range index.Sitemaps {
		locs = append(locs, s.Loc)
	}
	assert.Equal(t, []string{
		"https://souk.example/sitemap-zh-hans-1.xml",
		"https://souk.example/sitemap-en-1.xml", "https://souk.example/sitemap-en-2.xml", "https://souk.example/sitemap-en-3.xml",
		"https://souk.example/sitemap-es-1.xml",
	}, locs, "a language of 5 pages takes 3 files of 2")

	var set struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	res = serve(h, "GET", "/sitemap-zh-hans-1.xml")
	require.Equal(t, 200, res.StatusCode)
	text := body(t, res)
	assert.Contains(t, text, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	assert.Contains(t, text, "a&amp;b", "escaped for XML")
	require.NoError(t, xml.Unmarshal([]byte(text), &set))
	require.Len(t, set.URLs, 1)
	assert.Equal(t, "https://souk.example/article/a&b-1", set.URLs[0].Loc)
	assert.Equal(t, "2023-11-14", set.URLs[0].LastMod)

	set.URLs = nil
	require.NoError(t, xml.Unmarshal([]byte(body(t, serve(h, "GET", "/sitemap-en-3.xml"))), &set))
	require.Len(t, set.URLs, 1)
	assert.Equal(t, "https://souk.example/en/community/5", set.URLs[0].Loc)

	assert.Equal(t, 404, serve(h, "GET", "/sitemap-en-4.xml").StatusCode, "past the last file")
	assert.Equal(t, 404, serve(h, "GET", "/sitemap-fr-1.xml").StatusCode, "the HTML 404 of an unknown page")
	assert.Equal(t, map[string]int{"zh-hans": 1, "en": 1, "es": 1}, builds, "each language's list is built once and reused")
}

func TestSitemapFailureIs500(t *testing.T) {
	t.Parallel()
	h := newSitemapHandler(t, "", func(context.Context, string) ([]SitemapURL, error) { return nil, errors.New("db down") })
	assert.Equal(t, 500, serve(h, "GET", "/sitemap.xml").StatusCode)
	assert.Equal(t, 500, serve(h, "GET", "/sitemap-en-1.xml").StatusCode)
}

func TestRobots(t *testing.T) {
	t.Parallel()
	h := newSitemapHandler(t, "", func(context.Context, string) ([]SitemapURL, error) { return nil, nil })
	res := serve(h, "GET", "/robots.txt", "Host", "souk.test:8080")
	require.Equal(t, 200, res.StatusCode)
	assert.Equal(t, "text/plain; charset=utf-8", res.Header.Get("Content-Type"))
	text := body(t, res)
	for _, line := range []string{"User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /account", "Disallow: /en/account",
		"Disallow: /es/account", "Disallow: /admin", "Disallow: /es/admin", "Sitemap: http://souk.test:8080/sitemap.xml"} {
		assert.Contains(t, text, line+"\n")
	}
	res = serve(h, "GET", "/robots.txt", "Host", "evil.test\r\nX: y")
	assert.Contains(t, body(t, res), "Sitemap: http://localhost/sitemap.xml", "a host that is not one is not echoed")
}
