package content_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/content"
	"souk/app/page"
	"souk/internal/authtest"
	"souk/persistence"
)

// pages is auth.pageData with the content service's resolver, wired as
// cmd/souk wires it.
func (f *fixture) pages() *page.Service {
	return page.New(page.Config{DB: f.db, Resolvers: map[string]page.Resolver{
		"article": func(ctx context.Context, route page.Route, args json.RawMessage) (page.PageContent, error) {
			return f.svc.ArticlePage(ctx, route.View, route.ID, route.Lang, args)
		},
	}})
}

func TestArticlePages(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	pages := f.pages()
	ctx := as(guest, "en")

	reply, err := pages.PageData(ctx, page.PageDataInput{Path: "/es/article/bienvenida-1000000003"})
	require.NoError(t, err)
	assert.Equal(t, "Bienvenido a Souk", reply.Page.Title)
	var article content.ArticleReply
	require.NoError(t, json.Unmarshal(reply.Content, &article))
	assert.Contains(t, article.Article.Content, "Empieza aquí")

	reply, err = pages.PageData(ctx, page.PageDataInput{Path: "/en/article/insiders-notes-1000000022"})
	require.NoError(t, err)
	assert.NotContains(t, string(reply.Content), insiderText, "gated content never reaches a guest's page")

	require.NoError(t, json.Unmarshal(mustPage(t, pages, ctx, "/en/article/welcome-1000000002").Content, &article))
	category, tag := article.Article.Category, article.Article.Tags[0]
	archive := mustPage(t, pages, ctx, "/en"+category.URI)
	assert.Equal(t, "News", archive.Page.Title)
	var list content.ArchiveReply
	require.NoError(t, json.Unmarshal(archive.Content, &list))
	assert.Len(t, list.Posts.Edges, 1)
	tagPage, err := pages.PageData(ctx, page.PageDataInput{Path: "/en" + tag.URI, Args: json.RawMessage(`{"first":1}`)})
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(tagPage.Content, &list))
	assert.Len(t, list.Posts.Edges, 1)
	assert.True(t, list.Posts.PageInfo.HasNextPage)

	require.NoError(t, f.call(as(f.admin, "en"), "mutates.deleteAction", map[string]any{"id": guideEn, "type": "article"}, nil))
	for _, path := range []string{
		"/en/article/guess-1000000099",
		"/en/article/wallet-guide-1000000012",
		"/en/article-archive/x-" + tag.ID,
		"/en/article-tag/x-" + category.ID,
		"/en/article-tag/x-99",
	} {
		_, err := pages.PageData(ctx, page.PageDataInput{Path: path})
		authtest.RequireKey(t, err, http.StatusNotFound, "common.error.pageNotFound")
	}
	_, err = pages.PageData(ctx, page.PageDataInput{Path: "/en" + tag.URI, Args: json.RawMessage(`{"first":"x"}`)})
	authtest.RequireKey(t, err, http.StatusBadRequest, "common.error.badField")
}

func mustPage(t *testing.T, pages *page.Service, ctx context.Context, path string) page.PageDataReply {
	t.Helper()
	reply, err := pages.PageData(ctx, page.PageDataInput{Path: path})
	require.NoError(t, err, path)
	return reply
}
