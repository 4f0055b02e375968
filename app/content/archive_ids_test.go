package content_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/content"
	"souk/app/internal/picked"
	"souk/internal/authtest"
)

// A list by ids (a builder's hand-picked articles): the live ones in the
// order given, each in the request's language when it has a version in
// it, gated ones as the archive shows them, one page without a cursor.
func TestArchiveByIDs(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		byIDs := func(lang string, in map[string]any) []content.ArticleNode {
			t.Helper()
			var reply content.ArchiveReply
			f.must(t, as(guest, lang), "content.archive", in, &reply)
			assert.False(t, reply.Posts.PageInfo.HasNextPage)
			nodes := []content.ArticleNode{}
			for _, e := range reply.Posts.Edges {
				nodes = append(nodes, e.Node)
			}
			return nodes
		}
		slugs := func(nodes []content.ArticleNode) []string {
			out := []string{}
			for _, n := range nodes {
				out = append(out, n.Lang+"/"+n.Slug)
			}
			return out
		}

		list := byIDs("en", map[string]any{"ids": []any{guideEn, "99", welcomeZh, insidersEn, strconv.FormatInt(welcomeEn, 10)},
			"first": 1})
		assert.Equal(t, []string{"en/wallet-guide", "en/welcome", "en/insiders-notes"}, slugs(list),
			"in the order given, unknown ids and a second version of one article left out, first not used")
		assert.True(t, list[2].Gated, "gated for a guest, as in the archive")
		assert.Empty(t, list[2].Content)

		assert.Equal(t, []string{"es/notas-internas", "en/wallet-guide"},
			slugs(byIDs("es", map[string]any{"ids": []int64{insidersEn, guideEn}})),
			"the Spanish version when there is one, else the original")

		var welcome content.ArticleReply
		f.must(t, as(guest, "en"), "content.article", map[string]any{"id": welcomeEn}, &welcome)
		assert.Equal(t, []string{"en/welcome"},
			slugs(byIDs("en", map[string]any{"ids": []int64{guideEn, welcomeEn}, "category": welcome.Article.Category.ID})),
			"the category filter still applies")
		assert.Equal(t, []string{"en/welcome"},
			slugs(byIDs("en", map[string]any{"ids": []int64{guideEn, welcomeEn}, "tag": welcome.Article.Tags[1].ID})),
			"and so does the tag filter")

		require.NoError(t, f.db.Articles().Delete(t.Context(), guideEn, 1))
		assert.Equal(t, []string{"en/welcome"}, slugs(byIDs("en", map[string]any{"ids": []int64{guideEn, welcomeEn}})),
			"a deleted article is left out")

		tooMany := make([]int64, picked.Max+1)
		for i := range tooMany {
			tooMany[i] = welcomeEn
		}
		for _, ids := range []any{tooMany, []any{welcomeEn, 0}, []any{"x"}, []any{-4}} {
			authtest.RequireKey(t, f.call(as(guest, "en"), "content.archive", map[string]any{"ids": ids}, nil),
				http.StatusBadRequest, "common.error.badField")
		}
	})
}
