package demo

import (
	"context"
	"fmt"

	"souk/app/internal/money"
	"souk/app/internal/richtext"
	"souk/persistence"
)

type shopFile struct {
	Terms []struct {
		// ID is fixed, so that the demo's menus can link to the term's page.
		ID    int64             `json:"id"`
		Kind  string            `json:"kind"`
		Slug  string            `json:"slug"`
		Names map[string]string `json:"names"`
	} `json:"terms"`
	Products []struct {
		ID           int64             `json:"id"`
		Slug         string            `json:"slug"`
		Kind         string            `json:"kind"`
		Category     string            `json:"category"`
		Tags         []string          `json:"tags"`
		Titles       map[string]string `json:"titles"`
		Descriptions map[string]string `json:"descriptions"`
		Images       []string          `json:"images"`
		VIPOnly      []string          `json:"vipOnly"`
		MinLevel     string            `json:"minLevel"`
		VIPDiscounts map[string]int    `json:"vipDiscounts"`
		Digital      *struct {
			Type  string   `json:"type"`
			URL   string   `json:"url"`
			Codes []string `json:"codes"`
		} `json:"digital"`
		Variants []struct {
			ID     int64             `json:"id"`
			Names  map[string]string `json:"names"`
			Prices map[string]string `json:"prices"`
			Stock  int64             `json:"stock"`
		} `json:"variants"`
	} `json:"products"`
}

// seedShop writes the demo shop: its categories and tags (upserted by
// slug) and products with fixed ids, written once (a product seeded
// before, or bought from since, is left alone).
func seedShop(ctx context.Context, db *persistence.DB) error {
	var f shopFile
	if err := load("shop.json", &f); err != nil {
		return err
	}
	terms := map[string]int64{}
	for _, t := range f.Terms {
		term := persistence.ArticleTerm{ID: t.ID, Kind: t.Kind, Slug: t.Slug, Names: t.Names}
		if err := db.Articles().UpsertTerm(ctx, &term); err != nil {
			return fmt.Errorf("demo: shop term %q: %w", t.Slug, err)
		}
		terms[t.Kind+":"+t.Slug] = term.ID
	}
	currencies, err := db.Currencies().List(ctx)
	if err != nil {
		return fmt.Errorf("demo: shop currencies: %w", err)
	}
	decimals := map[string]int{persistence.AssetCredit: 0}
	for _, c := range currencies {
		decimals[c.Code] = c.Decimals
	}
	for _, sp := range f.Products {
		p := persistence.Product{ID: sp.ID, Slug: sp.Slug, Kind: sp.Kind, Titles: sp.Titles,
			Descriptions: map[string]string{}, Images: sp.Images, VIPOnly: sp.VIPOnly, MinLevel: sp.MinLevel,
			VIPDiscounts: sp.VIPDiscounts, CategoryID: terms[persistence.TermShopCategory+":"+sp.Category]}
		for lang, d := range sp.Descriptions {
			p.Descriptions[lang] = richtext.Sanitize(d)
		}
		for _, tag := range sp.Tags {
			p.TagIDs = append(p.TagIDs, terms[persistence.TermShopTag+":"+tag])
		}
		var codes []string
		if sp.Digital != nil {
			p.DigitalType, p.DigitalURL, codes = sp.Digital.Type, sp.Digital.URL, sp.Digital.Codes
		}
		for _, v := range sp.Variants {
			pv := persistence.ProductVariant{ID: v.ID, Names: v.Names, Prices: map[string]int64{}, Stock: v.Stock}
			for code, text := range v.Prices {
				d, ok := decimals[code]
				if !ok {
					continue // a currency this site does not have
				}
				units, err := money.Parse(text, d, false)
				if err != nil {
					return fmt.Errorf("demo: product %d price %s %q: %w", sp.ID, code, text, err)
				}
				pv.Prices[code] = units
			}
			p.Variants = append(p.Variants, pv)
		}
		if _, err := db.Shop().SeedProduct(ctx, &p, codes); err != nil {
			return fmt.Errorf("demo: product %d: %w", sp.ID, err)
		}
	}
	return nil
}
