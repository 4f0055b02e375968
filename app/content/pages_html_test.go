package content_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/pagemeta"
	"souk/persistence"
)

// The HTML of a page is described by auth.pageData's resolution, as a
// guest outside any action: readable text, never gated text.
func TestArticlePagesDescribeTheirHTML(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	pages := f.pages()
	ctx := context.Background()

	doc, err := pages.Describe(ctx, "/es/article/bienvenida-1000000003", true)
	require.NoError(t, err)
	require.True(t, doc.Found)
	assert.Equal(t, "Bienvenido a Souk", doc.Title)
	assert.Equal(t, "es", doc.Route.Lang)
	assert.Equal(t, pagemeta.Article, doc.Meta.Schema)
	assert.Equal(t, "https://images.unsplash.com/photo-1498050108023-c5249f4df085", doc.Meta.Image)
	assert.NotEmpty(t, doc.Meta.Description)
	assert.NotEmpty(t, doc.Meta.Author)
	assert.Positive(t, doc.Meta.Published)
	assert.Contains(t, doc.Text, "Empieza aquí", "the content as plain text")
	assert.NotContains(t, doc.Text, "<", "no markup")

	assert.Equal(t, "/es/article/bienvenida-1000000003", doc.Meta.Canonical)
	assert.Equal(t, map[string]string{"zh-hans": "/article/welcome-1000000001", "en": "/en/article/welcome-1000000002",
		"es": "/es/article/bienvenida-1000000003"}, doc.Meta.Alternates, "the versions")

	// The Spanish page asked for through the English version's id is the
	// Spanish version: it is canonical.
	through, err := pages.Describe(ctx, "/es/article/welcome-1000000002", false)
	require.NoError(t, err)
	assert.Equal(t, "Bienvenido a Souk", through.Title)
	assert.Equal(t, "/es/article/bienvenida-1000000003", through.Meta.Canonical)

	people, err := pages.Describe(ctx, "/es/article/bienvenida-1000000003", false)
	require.NoError(t, err)
	assert.Empty(t, people.Text, "the text is only made when asked for")

	gated, err := pages.Describe(ctx, "/en/article/insiders-notes-1000000022", true)
	require.NoError(t, err)
	require.True(t, gated.Found)
	assert.Equal(t, "Insider notes", gated.Title)
	assert.Equal(t, "Notes for Souk's long-standing members.", gated.Meta.Description, "the author's excerpt")
	assert.Empty(t, gated.Meta.Body)
	assert.Empty(t, gated.Text)
	assert.NotContains(t, gated.Meta.Description, insiderText)

	missing, err := pages.Describe(ctx, "/en/article/guess-1000000099", true)
	require.NoError(t, err)
	assert.False(t, missing.Found)
}

func TestSitemapListsTheLanguagesArticlesAndTerms(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	pages := f.pages()
	paths := func(lang string) []string {
		entries, err := pages.Sitemap(context.Background(), lang)
		require.NoError(t, err)
		var out []string
		for _, e := range entries {
			out = append(out, e.Path)
		}
		return out
	}
	en := paths("en")
	assert.Equal(t, "/en", en[0], "the language's home first")
	assert.Contains(t, en, "/en/article/welcome-1000000002")
	assert.Contains(t, en, "/en/article/insiders-notes-1000000022", "gated pages show their excerpt: listed")
	assert.NotContains(t, en, "/en/article/bienvenida-1000000003", "articles of its language only")
	var terms int
	for _, p := range en {
		if strings.HasPrefix(p, "/en/article-archive/") || strings.HasPrefix(p, "/en/article-tag/") {
			terms++
		}
	}
	assert.Positive(t, terms, "categories and tags of the listed articles")
	zh := paths("zh-hans")
	assert.Equal(t, "/", zh[0])
	assert.Contains(t, zh, "/article/welcome-1000000001")
}
