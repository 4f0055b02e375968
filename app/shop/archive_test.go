package shop_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/picked"
	"souk/app/shop"
	"souk/app/wallet"
	"souk/persistence"
)

// A list by ids (a builder's hand-picked products): the live products in
// the order given, one page without a cursor; the category and tag
// filters still apply.
func TestArchiveByIDs(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		cat := persistence.ArticleTerm{Kind: persistence.TermShopCategory, Slug: "apparel", Names: map[string]string{"en": "Apparel"}}
		require.NoError(t, db.Articles().UpsertTerm(ctx, &cat))
		tee, ebook := f.tee(), f.ebook()
		cap := f.product(shop.SaveProductInput{Slug: "cap", Kind: "physical", Titles: map[string]string{"en": "Cap"},
			Prices: map[string]wallet.Amount{"USD": "9"}, Stock: 4, CategoryID: action.ID(cat.ID)})
		reg := action.NewRegistry()
		f.s.Register(reg)
		byIDs := func(in string) []string {
			t.Helper()
			raw, err := reg.Call(as(0, "USD"), "shop.archive", json.RawMessage(in))
			require.NoError(t, err)
			reply := raw.(shop.ProductArchiveReply)
			assert.False(t, reply.Products.PageInfo.HasNextPage)
			slugs := []string{}
			for _, e := range reply.Products.Edges {
				slugs = append(slugs, e.Node.Slug)
			}
			return slugs
		}

		assert.Equal(t, []string{"ebook", "cap", "tee"},
			byIDs(fmt.Sprintf(`{"ids": [%q, "%d", %q, %q, %q], "first": 1}`, ebook.ID, 1<<40, cap.ID, tee.ID, ebook.ID)),
			"in the order given, an unknown id and a repeat left out, first not used")
		assert.Equal(t, []string{"cap"}, byIDs(fmt.Sprintf(`{"ids": [%q, %q], "categoryId": "%d"}`, tee.ID, cap.ID, cat.ID)),
			"the category filter still applies")
		assert.Equal(t, []string{"tee"}, byIDs(fmt.Sprintf(`{"ids": [%q, %q], "tagId": %q}`, cap.ID, tee.ID, tee.Tags[0].ID)),
			"and so does the tag filter")

		require.NoError(t, db.Shop().DeleteProduct(ctx, int64(mustID(t, tee.ID))))
		assert.Equal(t, []string{"cap"}, byIDs(fmt.Sprintf(`{"ids": [%q, %q]}`, tee.ID, cap.ID)), "a deleted product is left out")

		tooMany := `{"ids": [` + strings.TrimSuffix(strings.Repeat(`"`+cap.ID+`",`, picked.Max+1), ",") + `]}`
		for _, in := range []string{tooMany, `{"ids": [0]}`, `{"ids": ["x"]}`, `{"ids": [-2]}`} {
			_, err := reg.Call(as(0, "USD"), "shop.archive", json.RawMessage(in))
			apptest.RequireKey(t, err, action.BadField("ids").Key)
		}
	})
}
