package shop_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/shop"
	"souk/app/wallet"
	"souk/persistence"
)

// roundTrip loads the product as admin.product answers it, sends it back
// through JSON as the form does, saves it, and returns the stored product
// before and after.
func roundTrip(t *testing.T, f *fixture, id string) (before, after persistence.Product, loaded shop.AdminProductReply) {
	t.Helper()
	ctx := t.Context()
	before, err := f.db.Shop().Product(ctx, int64(mustID(t, id)))
	require.NoError(t, err)
	loaded, err = f.s.AdminProduct(asAdmin(f.admin), shop.AdminProductInput{ID: mustID(t, id)})
	require.NoError(t, err)
	require.NotNil(t, loaded.Product)
	wire, err := json.Marshal(loaded.Product)
	require.NoError(t, err)
	var in shop.SaveProductInput
	require.NoError(t, json.Unmarshal(wire, &in))
	_, err = f.s.SaveProduct(asAdmin(f.admin), in)
	require.NoError(t, err)
	after, err = f.db.Shop().Product(ctx, int64(mustID(t, id)))
	require.NoError(t, err)
	before.UpdatedAt, after.UpdatedAt = 0, 0
	return before, after, loaded
}

func TestAdminProductRoundTrip(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		cat := persistence.ArticleTerm{Kind: persistence.TermShopCategory, Slug: "apparel",
			Names: map[string]string{"en": "Apparel", "es": "Ropa"}}
		require.NoError(t, db.Articles().UpsertTerm(ctx, &cat))

		tee := f.product(shop.SaveProductInput{Slug: "tee", Kind: "physical", CategoryID: action.ID(cat.ID),
			Titles:       map[string]string{"en": "Tee & co", "es": "Camiseta", "zh-hans": "T 恤"},
			Descriptions: map[string]string{"en": "<p>Soft <strong>cotton</strong> &amp; more</p>", "es": "<p>Suave</p>"},
			Images:       []string{"https://img.test/tee.png", "https://img.test/back.png"},
			Variants: []shop.VariantInput{
				{Names: map[string]string{"en": "S", "es": "P"}, Prices: map[string]wallet.Amount{"CNY": "99.5", "USD": "14"}, Stock: 5},
				{Names: map[string]string{"en": "M"}, Prices: map[string]wallet.Amount{"CREDIT": "300"}, Stock: 0},
			},
			Tags: []string{"Summer Sale", "Souk"}, VIPOnly: []string{"vip1"}, MinLevel: "lv2",
			VIPDiscounts: map[string]int{"vip1": 5, "vip2": 10}})
		before, after, loaded := roundTrip(t, f, tee.ID)
		assert.Equal(t, before, after, "saving what admin.product answers changes nothing")
		p := loaded.Product
		assert.Equal(t, map[string]string{"en": "Tee & co", "es": "Camiseta", "zh-hans": "T 恤"}, p.Titles)
		assert.Equal(t, []string{"Summer Sale", "Souk"}, p.Tags)
		require.Len(t, p.Variants, 2)
		assert.Equal(t, map[string]wallet.Amount{"CNY": "99.50", "USD": "14.00"}, p.Variants[0].Prices)
		assert.Equal(t, map[string]wallet.Amount{"CREDIT": "300"}, p.Variants[1].Prices)
		assert.Equal(t, int64(5), p.Variants[0].Stock)
		assert.Equal(t, []shop.ProductOption{{Key: strconv.FormatInt(cat.ID, 10), Name: "Apparel"}}, loaded.Choices.Categories)
		assert.Equal(t, []string{"vip1", "vip2"}, keys(loaded.Choices.VIPTiers))
		assert.Equal(t, []string{"lv1", "lv2", "lv3"}, keys(loaded.Choices.Levels))
		assert.Equal(t, "CREDIT", loaded.Choices.Currencies[len(loaded.Choices.Currencies)-1].Code)

		// A code product: its codes are never answered, their count is.
		card := f.product(shop.SaveProductInput{Slug: "card", Kind: "digital", Titles: map[string]string{"en": "Card"},
			Digital: &shop.DigitalInput{Type: "code", Codes: []string{"C1", "C2", "C3"}},
			Prices:  map[string]wallet.Amount{"USD": "5"}})
		before, after, loaded = roundTrip(t, f, card.ID)
		assert.Equal(t, before, after)
		assert.Equal(t, int64(3), loaded.FreeCodes)
		assert.Equal(t, &shop.DigitalInput{Type: "code"}, loaded.Product.Digital)

		// A download keeps its URL.
		ebook := f.ebook()
		before, after, _ = roundTrip(t, f, ebook.ID)
		assert.Equal(t, before, after)

		// Without an id: the choices only; an unknown id is not found.
		r, err := f.s.AdminProduct(asAdmin(f.admin), shop.AdminProductInput{})
		require.NoError(t, err)
		assert.Nil(t, r.Product)
		assert.NotEmpty(t, r.Choices.Currencies)
		_, err = f.s.AdminProduct(asAdmin(f.admin), shop.AdminProductInput{ID: 12345})
		apptest.RequireKey(t, err, "shop.error.notFound")
	})
}

func keys(cs []shop.ProductOption) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.Key)
	}
	return out
}
