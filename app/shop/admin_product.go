package shop

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"souk/app/action"
	"souk/app/internal/money"
	"souk/persistence"
)

// AdminProductInput names the product an operator opens in the product form.
type AdminProductInput struct {
	ID action.ID `json:"id,omitempty" doc:"the product's databaseId; omitted for the choices of a new product only"`
}

// ProductOption is one option of a picker of the product form.
type ProductOption struct {
	Key  string `json:"key" doc:"what mutates.saveProduct takes: a databaseId, a VIP tier or level key, a currency code"`
	Name string `json:"name" doc:"in the request's language"`
}

// CurrencyChoice is a currency a product may be priced in.
type CurrencyChoice struct {
	Code     string `json:"code" doc:"ISO code, or CREDIT"`
	Symbol   string `json:"symbol" doc:"the currency's symbol; empty for credit"`
	Decimals int    `json:"decimals" doc:"the decimals a price may have"`
}

// ProductChoices are the options of the product form's pickers.
type ProductChoices struct {
	Categories []ProductOption  `json:"categories" doc:"the shop's categories, by slug"`
	VIPTiers   []ProductOption  `json:"vipTiers" doc:"the VIP tiers, by rank"`
	Levels     []ProductOption  `json:"levels" doc:"the growth levels, by rank"`
	Currencies []CurrencyChoice `json:"currencies" doc:"the site's currencies in its order, then CREDIT"`
}

// ProductDraft is a stored product in mutates.saveProduct's shape, its
// ids as decimal text: 64-bit ids do not fit a JavaScript number.
type ProductDraft struct {
	ID           string            `json:"id" doc:"the product's databaseId"`
	Slug         string            `json:"slug" doc:"the URL's slug"`
	Titles       map[string]string `json:"titles" doc:"the title per language"`
	Descriptions map[string]string `json:"descriptions" doc:"the description per language (sanitized HTML)"`
	Images       []string          `json:"images" doc:"image URLs, the first is the thumb"`
	Kind         string            `json:"kind" doc:"physical or digital"`
	CategoryID   string            `json:"categoryId" doc:"the shop category's databaseId; empty for none"`
	Tags         []string          `json:"tags" doc:"tag names, each finding its tag again when saved"`
	Variants     []VariantDraft    `json:"variants" doc:"the variants in order (a product without named variants has one)"`
	Digital      *DigitalInput     `json:"digital,omitempty" doc:"a digital product's delivery, without its codes; absent for a physical one"`
	VIPOnly      []string          `json:"vipOnly" doc:"VIP tier keys that may buy it; empty: anyone"`
	MinLevel     string            `json:"minLevel" doc:"the growth level key a buyer needs; empty: none"`
	VIPDiscounts map[string]int    `json:"vipDiscounts" doc:"percent off per VIP tier key"`
}

// VariantDraft is a stored variant in mutates.saveProduct's shape.
type VariantDraft struct {
	ID     string                  `json:"id" doc:"the variant's databaseId"`
	Names  map[string]string       `json:"names" doc:"the variant's name per language; empty for a product's only variant"`
	Prices map[string]money.Amount `json:"prices" doc:"price per currency code (or CREDIT) as decimal text with the currency's decimals"`
	Stock  int64                   `json:"stock" doc:"items in stock (a code product's: its free codes)"`
}

// AdminProductReply is a stored product as mutates.saveProduct takes it.
type AdminProductReply struct {
	Product *ProductDraft `json:"product" doc:"the stored product exactly as mutates.saveProduct takes it (every language, every variant with its prices per currency as text): saving it unchanged changes nothing; a code product's codes are never answered (see freeCodes); null when no id was given"`
	// FreeCodes is shown instead of the codes: they are what buyers pay for.
	FreeCodes int64          `json:"freeCodes" doc:"a code product's codes not yet delivered; 0 for other products"`
	Choices   ProductChoices `json:"choices" doc:"the pickers' options"`
}

// AdminProduct answers admin.product.
func (s *Service) AdminProduct(ctx context.Context, in AdminProductInput) (AdminProductReply, error) {
	lang := action.NormalizeLang(action.RequestFrom(ctx).Lang)
	as, err := s.assets(ctx)
	if err != nil {
		return AdminProductReply{}, err
	}
	choices, err := s.productChoices(ctx, as, lang)
	if err != nil {
		return AdminProductReply{}, err
	}
	out := AdminProductReply{Choices: choices}
	if in.ID == 0 {
		return out, nil
	}
	p, err := s.db.Shop().Product(ctx, int64(in.ID))
	if errors.Is(err, persistence.ErrNotFound) {
		return AdminProductReply{}, ErrNotFound
	} else if err != nil {
		return AdminProductReply{}, err
	}
	saved, err := s.saveInputOf(ctx, p, as)
	if err != nil {
		return AdminProductReply{}, err
	}
	out.Product = &saved
	if p.DigitalType == persistence.DigitalCode && len(p.Variants) > 0 {
		out.FreeCodes = p.Variants[0].Stock
	}
	return out, nil
}

// saveInputOf is the stored p as mutates.saveProduct takes it: productOf
// makes p again of it.
func (s *Service) saveInputOf(ctx context.Context, p persistence.Product, as assets) (ProductDraft, error) {
	in := ProductDraft{ID: strconv.FormatInt(p.ID, 10), Slug: p.Slug, Titles: nonNil(p.Titles),
		Descriptions: nonNil(p.Descriptions), Images: append([]string{}, p.Images...), Kind: p.Kind,
		VIPOnly: append([]string{}, p.VIPOnly...), MinLevel: p.MinLevel, VIPDiscounts: map[string]int{}, Tags: []string{}}
	if p.CategoryID != 0 {
		in.CategoryID = strconv.FormatInt(p.CategoryID, 10)
	}
	for tier, pct := range p.VIPDiscounts {
		in.VIPDiscounts[tier] = pct
	}
	if p.Kind == persistence.ProductDigital {
		in.Digital = &DigitalInput{Type: p.DigitalType, URL: p.DigitalURL}
	}
	terms, err := s.db.Articles().Terms(ctx, p.TagIDs)
	if err != nil {
		return in, fmt.Errorf("shop: tags of %d: %w", p.ID, err)
	}
	for _, id := range p.TagIDs {
		if t, ok := terms[id]; ok {
			in.Tags = append(in.Tags, tagName(t))
		}
	}
	for _, v := range p.Variants {
		vi := VariantDraft{ID: strconv.FormatInt(v.ID, 10), Names: nonNil(v.Names), Prices: map[string]money.Amount{}, Stock: v.Stock}
		for code, units := range v.Prices {
			vi.Prices[code] = money.Amount(money.Format(units, as.get(code).Decimals))
		}
		in.Variants = append(in.Variants, vi)
	}
	return in, nil
}

// nonNil is m, or an empty map for nil: the client reads an object.
func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// tagName is a name of t that saving finds t by again (its slug is the
// name's tagSlug); the slug itself when no name is one.
func tagName(t persistence.ArticleTerm) string {
	for _, lang := range append([]string{action.DefaultLang}, action.Languages...) {
		if n := t.Names[lang]; n != "" && tagSlug(n) == t.Slug {
			return n
		}
	}
	return t.Slug
}

// productChoices are the form's options in lang.
func (s *Service) productChoices(ctx context.Context, as assets, lang string) (ProductChoices, error) {
	out := ProductChoices{Categories: []ProductOption{}, VIPTiers: []ProductOption{}, Levels: []ProductOption{}, Currencies: []CurrencyChoice{}}
	cats, err := s.db.Articles().TermsOfKind(ctx, persistence.TermShopCategory)
	if err != nil {
		return out, fmt.Errorf("shop: categories: %w", err)
	}
	for _, t := range cats {
		out.Categories = append(out.Categories, ProductOption{Key: strconv.FormatInt(t.ID, 10), Name: pick(t.Names, lang)})
	}
	for _, kind := range []string{persistence.LevelKindVIP, persistence.LevelKindGrowth} {
		list, err := s.db.Levels().List(ctx, kind)
		if err != nil {
			return out, fmt.Errorf("shop: levels: %w", err)
		}
		for _, l := range list {
			c := ProductOption{Key: l.Key, Name: pick(l.Names, lang)}
			if c.Name == "" {
				c.Name = l.Key
			}
			if kind == persistence.LevelKindVIP {
				out.VIPTiers = append(out.VIPTiers, c)
			} else {
				out.Levels = append(out.Levels, c)
			}
		}
	}
	for _, code := range append(as.order, persistence.AssetCredit) {
		a := as.get(code)
		out.Currencies = append(out.Currencies, CurrencyChoice{Code: a.Code, Symbol: a.Symbol, Decimals: a.Decimals})
	}
	return out, nil
}
