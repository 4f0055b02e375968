package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAdminContentTerms(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		terms := db.Articles()
		news := ArticleTerm{Kind: TermCategory, Slug: "news", Names: map[string]string{"en": "News", "es": "Noticias"}}
		hot := ArticleTerm{Kind: TermTag, Slug: "hot", Names: map[string]string{"en": "Hot"}}
		gifts := ArticleTerm{Kind: TermShopCategory, Slug: "gifts", Names: map[string]string{"en": "Gifts"}}
		sale := ArticleTerm{Kind: TermShopTag, Slug: "sale", Names: map[string]string{"en": "On sale"}}
		for _, term := range []*ArticleTerm{&news, &hot, &gifts, &sale} {
			require.NoError(t, terms.UpsertTerm(ctx, term))
		}
		author := newMembers(t, db, "writer")[0]
		for _, slug := range []string{"one", "two"} {
			a := Article{Lang: "en", AuthorID: author, Slug: slug, Title: slug, Content: "<p>x</p>", CategoryID: news.ID,
				TagIDs: []int64{hot.ID}}
			_, err := db.Articles().Create(ctx, &a)
			require.NoError(t, err)
		}
		p := Product{Slug: "card", Titles: map[string]string{"en": "Card"}, Kind: ProductPhysical, CategoryID: gifts.ID,
			TagIDs: []int64{sale.ID}, Variants: []ProductVariant{{Prices: map[string]int64{"USD": 500}}}}
		require.NoError(t, db.Shop().SaveProduct(ctx, &p, nil))

		ids := []string{idText(sale.ID), idText(gifts.ID), idText(hot.ID), idText(news.ID)}
		assert.Equal(t, ids, adminList(t, db, AdminContentFilter{Kind: AdminTerm}), "newest first, every kind")
		assert.Equal(t, ids[2:], adminList(t, db, AdminContentFilter{Kind: AdminTerm, After: ids[1]}), "the next page")
		assert.Equal(t, []string{idText(news.ID)}, adminList(t, db, AdminContentFilter{Kind: AdminTerm, Query: "NOTICIAS"}),
			"a name in any language")
		assert.Equal(t, []string{idText(gifts.ID)}, adminList(t, db, AdminContentFilter{Kind: AdminTerm, Query: "gifts"}),
			"the slug")
		assert.Equal(t, []string{idText(gifts.ID)}, adminList(t, db, AdminContentFilter{Kind: AdminTerm,
			TermKind: TermShopCategory}), "one kind of term")
		assert.Empty(t, adminList(t, db, AdminContentFilter{Kind: AdminTerm, TermKind: TermTag, Query: "gifts"}))
		assert.Empty(t, adminList(t, db, AdminContentFilter{Kind: AdminTerm, Status: AdminStatusDeleted}),
			"terms are never deleted")

		rows, err := db.AdminContent().List(ctx, AdminContentFilter{Kind: AdminTerm, Limit: 10})
		require.NoError(t, err)
		require.Len(t, rows, 4)
		byID := map[int64]AdminContentRow{}
		for _, r := range rows {
			byID[r.ID] = r
		}
		assert.Equal(t, map[string]string{"en": "News", "es": "Noticias"}, byID[news.ID].Titles)
		assert.Equal(t, "news", byID[news.ID].Slug)
		for _, c := range []struct {
			term  ArticleTerm
			items string
		}{{news, "2"}, {hot, "2"}, {gifts, "1"}, {sale, "1"}} {
			assert.Equal(t, map[string]string{"kind": c.term.Kind, "items": c.items}, byID[c.term.ID].Extra, c.term.Slug)
		}
		got, err := db.AdminContent().Get(ctx, AdminTerm, hot.ID, "")
		require.NoError(t, err)
		assert.Equal(t, "hot", got.Slug)
	})
}
