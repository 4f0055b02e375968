package shop

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/internal/money"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// VariantInput is one variant of a saved product.
type VariantInput struct {
	ID     action.ID               `json:"id,omitempty" doc:"an existing variant's databaseId; omitted for a new one"`
	Names  map[string]string       `json:"names,omitempty" doc:"the variant's name per language (e.g. \"M / red\"); empty for a product's only variant"`
	Prices map[string]money.Amount `json:"prices" doc:"price per currency code (or CREDIT) as decimal text with at most the currency's decimals"`
	Stock  int64                   `json:"stock" doc:"items in stock, 0 or more (a code product's stock is its free codes)"`
}

// DigitalInput is a digital product's delivery.
type DigitalInput struct {
	Type  string   `json:"type" doc:"download or code"`
	URL   string   `json:"url,omitempty" doc:"a download's URL (https or this site's media)"`
	Codes []string `json:"codes,omitempty" doc:"codes to add to a code product: one is delivered per item paid"`
}

// SaveProductInput creates or edits a product.
type SaveProductInput struct {
	ID           action.ID               `json:"id,omitempty" doc:"the product to edit; omitted to create one"`
	Slug         string                  `json:"slug" doc:"the URL's slug: letters, digits and dashes"`
	Titles       map[string]string       `json:"titles" doc:"the title per language; at least one"`
	Descriptions map[string]string       `json:"descriptions,omitempty" maxBytes:"100000" doc:"the description per language (HTML, sanitized)"`
	Images       []string                `json:"images,omitempty" maxBytes:"200000" doc:"image URLs (https, this site's media or data:image), the first is the thumb"`
	Kind         string                  `json:"kind" doc:"physical or digital"`
	CategoryID   action.ID               `json:"categoryId,omitempty" doc:"a shop category's databaseId"`
	Tags         []string                `json:"tags,omitempty" doc:"tag names: each becomes a shop tag (made when new)"`
	Prices       map[string]money.Amount `json:"prices,omitempty" doc:"the price per currency of a product without variants (then one variant is made, with stock)"`
	Stock        int64                   `json:"stock,omitempty" doc:"the stock of a product without variants"`
	Variants     []VariantInput          `json:"variants,omitempty" doc:"the product's variants in order; a stored variant left out is removed"`
	Digital      *DigitalInput           `json:"digital,omitempty" doc:"a digital product's delivery"`
	VIPOnly      []string                `json:"vipOnly,omitempty" doc:"VIP tier keys that may buy it; empty: anyone"`
	MinLevel     string                  `json:"minLevel,omitempty" doc:"the growth level key a buyer needs"`
	VIPDiscounts map[string]int          `json:"vipDiscounts,omitempty" doc:"percent off (0..100) per VIP tier key"`
}

var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,79}$`)

// imageOK accepts an https URL, this site's media or a data:image URL.
func imageOK(u string) bool {
	return len(u) <= 200_000 && (member.WebURL(u) || member.IsMediaURL(u) || strings.HasPrefix(u, "data:image/"))
}

// tagSlug makes a tag's slug of its name.
func tagSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// SaveProduct answers mutates.saveProduct.
func (s *Service) SaveProduct(ctx context.Context, in SaveProductInput) (ProductReply, error) {
	p, codes, err := s.productOf(ctx, in)
	if err != nil {
		return ProductReply{}, err
	}
	if err := s.db.Shop().SaveProduct(ctx, &p, codes); errors.Is(err, persistence.ErrNotFound) {
		return ProductReply{}, ErrNotFound
	} else if err != nil {
		return ProductReply{}, err
	}
	s.stockChanged(ctx, p.ID)
	req := action.RequestFrom(ctx)
	return s.product(ctx, req.Viewer, p.ID, action.NormalizeLang(req.Lang))
}

// productOf checks a saved product and makes its row.
func (s *Service) productOf(ctx context.Context, in SaveProductInput) (persistence.Product, []string, error) {
	p := persistence.Product{ID: int64(in.ID), Slug: strings.TrimSpace(in.Slug), Titles: map[string]string{},
		Descriptions: map[string]string{}, Kind: in.Kind, CategoryID: int64(in.CategoryID), MinLevel: in.MinLevel,
		VIPDiscounts: map[string]int{}}
	if !slugPattern.MatchString(p.Slug) {
		return p, nil, action.BadField("slug")
	}
	for lang, t := range in.Titles {
		t = member.PlainText(t, false)
		if t == "" {
			continue
		}
		if !isLang(lang) || utf8.RuneCountInString(t) > 200 {
			return p, nil, action.BadField("titles")
		}
		p.Titles[lang] = t
	}
	if len(p.Titles) == 0 {
		return p, nil, action.Required("titles")
	}
	for lang, d := range in.Descriptions {
		if !isLang(lang) || len(d) > 100_000 {
			return p, nil, action.BadField("descriptions")
		}
		p.Descriptions[lang] = richtext.Sanitize(d)
	}
	if len(in.Images) > MaxImages {
		return p, nil, action.BadField("images")
	}
	for _, u := range in.Images {
		if !imageOK(u) {
			return p, nil, action.BadField("images")
		}
		p.Images = append(p.Images, u)
	}
	var codes []string
	switch in.Kind {
	case persistence.ProductPhysical:
		if in.Digital != nil {
			return p, nil, action.BadField("digital")
		}
	case persistence.ProductDigital:
		if in.Digital == nil {
			return p, nil, action.Required("digital")
		}
		p.DigitalType = in.Digital.Type
		switch in.Digital.Type {
		case persistence.DigitalDownload:
			if !member.WebURL(in.Digital.URL) && !member.IsMediaURL(in.Digital.URL) {
				return p, nil, action.BadField("digital.url")
			}
			p.DigitalURL = in.Digital.URL
		case persistence.DigitalCode:
			if len(in.Digital.Codes) > MaxCodes {
				return p, nil, action.BadField("digital.codes")
			}
			for _, c := range in.Digital.Codes {
				c = strings.TrimSpace(c)
				if c == "" || len(c) > 200 {
					return p, nil, action.BadField("digital.codes")
				}
				codes = append(codes, c)
			}
		default:
			return p, nil, action.BadField("digital.type")
		}
	default:
		return p, nil, action.BadField("kind")
	}
	if p.CategoryID != 0 {
		terms, err := s.db.Articles().Terms(ctx, []int64{p.CategoryID})
		if err != nil {
			return p, nil, err
		}
		if t, ok := terms[p.CategoryID]; !ok || t.Kind != persistence.TermShopCategory {
			return p, nil, action.BadField("categoryId")
		}
	}
	if len(in.Tags) > 10 {
		return p, nil, action.BadField("tags")
	}
	for _, name := range in.Tags {
		name = member.PlainText(name, false)
		slug := tagSlug(name)
		if slug == "" || utf8.RuneCountInString(name) > 40 {
			return p, nil, action.BadField("tags")
		}
		t, err := s.db.Articles().TermBySlug(ctx, persistence.TermShopTag, slug)
		if errors.Is(err, persistence.ErrNotFound) {
			t = persistence.ArticleTerm{Kind: persistence.TermShopTag, Slug: slug,
				Names: map[string]string{"en": name, "es": name, "zh-hans": name}}
			err = s.db.Articles().UpsertTerm(ctx, &t)
		}
		if err != nil {
			return p, nil, err
		}
		p.TagIDs = append(p.TagIDs, t.ID)
	}
	tiers, err := s.buyerOf(ctx, action.Viewer{})
	if err != nil {
		return p, nil, err
	}
	for _, t := range in.VIPOnly {
		if _, ok := tiers.tierRanks[t]; !ok {
			return p, nil, action.BadField("vipOnly")
		}
		p.VIPOnly = append(p.VIPOnly, t)
	}
	if _, ok := tiers.levelRanks[p.MinLevel]; p.MinLevel != "" && !ok {
		return p, nil, action.BadField("minLevel")
	}
	for t, pct := range in.VIPDiscounts {
		if _, ok := tiers.tierRanks[t]; !ok || pct < 0 || pct > 100 {
			return p, nil, action.BadField("vipDiscounts")
		}
		if pct > 0 {
			p.VIPDiscounts[t] = pct
		}
	}
	variants := in.Variants
	if len(variants) == 0 {
		if len(in.Prices) == 0 {
			return p, nil, action.Required("variants")
		}
		variants = []VariantInput{{Prices: in.Prices, Stock: in.Stock}}
	}
	if len(variants) > MaxVariants {
		return p, nil, action.BadField("variants")
	}
	as, err := s.assets(ctx)
	if err != nil {
		return p, nil, err
	}
	for _, vi := range variants {
		v := persistence.ProductVariant{ID: int64(vi.ID), Names: map[string]string{}, Prices: map[string]int64{}, Stock: vi.Stock}
		if vi.Stock < 0 || vi.Stock > 1_000_000 {
			return p, nil, action.BadField("stock")
		}
		for lang, n := range vi.Names {
			n = member.PlainText(n, false)
			if !isLang(lang) || utf8.RuneCountInString(n) > 80 {
				return p, nil, action.BadField("variants.names")
			}
			if n != "" {
				v.Names[lang] = n
			}
		}
		if len(vi.Prices) == 0 {
			return p, nil, action.Required("prices")
		}
		for code, text := range vi.Prices {
			code = strings.ToUpper(strings.TrimSpace(code))
			a, ok := as.byCode[code]
			if !ok {
				return p, nil, action.BadField("prices")
			}
			units, err := money.Parse(string(text), a.Decimals, false)
			if errors.Is(err, money.ErrPrecision) {
				return p, nil, action.Errorf(400, "shop.error.precision", "decimals", a.Decimals)
			}
			if err != nil || units > 1_000_000*money.Pow10(a.Decimals) {
				return p, nil, action.BadField("prices")
			}
			v.Prices[code] = units
		}
		p.Variants = append(p.Variants, v)
	}
	return p, codes, nil
}

func isLang(lang string) bool {
	for _, l := range action.Languages {
		if l == lang {
			return true
		}
	}
	return false
}
