package shop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"souk/app/action"
	"souk/app/internal/pagemeta"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// Term is a product category or tag.
type Term struct {
	ID   string `json:"id" doc:"the term's databaseId"`
	Slug string `json:"slug" doc:"the URL's slug"`
	Name string `json:"name" doc:"in the request's language"`
}

// VariantView is one buyable version of a product.
type VariantView struct {
	ID        string `json:"id" doc:"the variant's databaseId"`
	Name      string `json:"name" doc:"in the request's language; empty for a product's only variant"`
	Price     Money  `json:"price" doc:"in the request's currency (CREDIT when the product is priced in credit only), after the viewer's VIP discount; amount empty when it has no price there"`
	ListPrice Money  `json:"listPrice" doc:"before the VIP discount"`
	Stock     int64  `json:"stock" doc:"items in stock"`
}

// VIPDiscount is a VIP tier's percent off.
type VIPDiscount struct {
	Tier    string `json:"tier" doc:"the VIP tier's key"`
	Name    string `json:"name" doc:"the tier's name in the request's language"`
	Percent int    `json:"percent" doc:"percent off the list price"`
}

// ProductRoles are who may buy a product.
type ProductRoles struct {
	VIPOnly  []string `json:"vipOnly" doc:"VIP tier keys: only members holding one of them (or a higher one) may buy it; empty: anyone"`
	MinLevel string   `json:"minLevel" doc:"the growth level key a buyer needs; empty: none"`
}

// ProductView is a product as the viewer sees it.
type ProductView struct {
	ID           string        `json:"id" doc:"the product's databaseId"`
	Slug         string        `json:"slug" doc:"the URL's slug"`
	URI          string        `json:"uri" doc:"the product's page without the language prefix: /shop/{slug}-{id}"`
	Title        string        `json:"title" doc:"in the request's language (another language's when it has none)"`
	Description  string        `json:"description" doc:"sanitized HTML"`
	Excerpt      string        `json:"excerpt" doc:"plain text"`
	Images       []string      `json:"images" doc:"image URLs; the first is the thumb"`
	Kind         string        `json:"kind" doc:"physical (needs an address) or digital"`
	DigitalType  string        `json:"digitalType" doc:"a digital product's delivery: download or code; empty for a physical one"`
	CategoryID   string        `json:"categoryId" doc:"the category's databaseId; empty for none"`
	Category     *Term         `json:"category,omitempty" doc:"the category; absent for none"`
	Tags         []Term        `json:"tags" doc:"the product's tags"`
	Variants     []VariantView `json:"variants" doc:"the buyable variants in order (at least one)"`
	Price        Money         `json:"price" doc:"the lowest variant price in the request's currency after the viewer's VIP discount"`
	ListPrice    Money         `json:"listPrice" doc:"the lowest variant price before the discount"`
	VIPDiscounts []VIPDiscount `json:"vipDiscounts" doc:"percent off per VIP tier, lowest tier first"`
	Roles        ProductRoles  `json:"roles" doc:"who may buy it"`
	CanBuy       bool          `json:"canBuy" doc:"the viewer may buy it (signed in, the VIP tier and level it needs, in stock)"`
	BuyBlock     string        `json:"buyBlock" doc:"why the viewer may not buy it: login, vip, level; empty when they may"`
	Stock        int64         `json:"stock" doc:"the sum of the variants' stock"`
	Sold         int64         `json:"sold" doc:"items sold (paid or waiting for payment)"`
	CreatedAt    int64         `json:"createdAt" doc:"epoch milliseconds"`
}

// pick is the text of lang in m, else the default language's, else any.
func pick(m map[string]string, lang string) string {
	if t := m[lang]; t != "" {
		return t
	}
	if t := m[action.DefaultLang]; t != "" {
		return t
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if m[k] != "" {
			return m[k]
		}
	}
	return ""
}

func productURI(slug string, id int64) string {
	seg := member.FormatID(id)
	if slug != "" {
		seg = slug + "-" + seg
	}
	return "/shop/" + seg
}

func termView(t persistence.ArticleTerm, lang string) Term {
	name := pick(t.Names, lang)
	if name == "" {
		name = t.Slug
	}
	return Term{ID: member.FormatID(t.ID), Slug: t.Slug, Name: name}
}

// displayCurrency is the asset a product's prices are shown in: cur when
// a variant has a price in it, else CREDIT when it has a credit price,
// else the first of the site's currencies it is priced in.
func displayCurrency(p persistence.Product, cur string, as assets) string {
	has := func(code string) bool {
		for _, v := range p.Variants {
			if _, ok := v.Prices[code]; ok {
				return true
			}
		}
		return false
	}
	if has(cur) {
		return cur
	}
	if has(persistence.AssetCredit) {
		return persistence.AssetCredit
	}
	for _, c := range as.order {
		if has(c) {
			return c
		}
	}
	return cur
}

// productViews builds the views of products for b in lang and the request's currency.
func (s *Service) productViews(ctx context.Context, b buyer, lang string, list []persistence.Product) ([]ProductView, error) {
	as, err := s.assets(ctx)
	if err != nil {
		return nil, err
	}
	cur := as.requestCurrency(ctx)
	var termIDs []int64
	for _, p := range list {
		termIDs = append(termIDs, p.CategoryID)
		termIDs = append(termIDs, p.TagIDs...)
	}
	terms, err := s.db.Articles().Terms(ctx, termIDs)
	if err != nil {
		return nil, err
	}
	out := make([]ProductView, 0, len(list))
	for _, p := range list {
		desc := p.Descriptions[lang]
		if desc == "" {
			desc = pick(p.Descriptions, lang)
		}
		v := ProductView{ID: member.FormatID(p.ID), Slug: p.Slug, URI: productURI(p.Slug, p.ID), Title: pick(p.Titles, lang),
			Description: desc, Excerpt: richtext.Excerpt(desc, ExcerptRunes), Images: p.Images, Kind: p.Kind,
			DigitalType: p.DigitalType, Tags: []Term{}, Variants: []VariantView{}, VIPDiscounts: []VIPDiscount{},
			Roles: ProductRoles{VIPOnly: p.VIPOnly, MinLevel: p.MinLevel}, Sold: p.Sold, CreatedAt: p.CreatedAt}
		if t, ok := terms[p.CategoryID]; ok {
			tv := termView(t, lang)
			v.CategoryID, v.Category = tv.ID, &tv
		}
		for _, id := range p.TagIDs {
			if t, ok := terms[id]; ok {
				v.Tags = append(v.Tags, termView(t, lang))
			}
		}
		tiers := make([]string, 0, len(p.VIPDiscounts))
		for t := range p.VIPDiscounts {
			tiers = append(tiers, t)
		}
		slices.SortFunc(tiers, func(a, c string) int { return b.tierRanks[a] - b.tierRanks[c] })
		for _, t := range tiers {
			v.VIPDiscounts = append(v.VIPDiscounts, VIPDiscount{Tier: t, Name: pick(b.tierNames[t], lang), Percent: p.VIPDiscounts[t]})
		}
		code := displayCurrency(p, cur, as)
		a := as.get(code)
		pct := b.percent(p)
		lowest := int64(-1)
		for _, pv := range p.Variants {
			vv := VariantView{ID: member.FormatID(pv.ID), Name: pick(pv.Names, lang), Stock: pv.Stock,
				Price: Money{Currency: code}, ListPrice: Money{Currency: code}}
			if len(p.Variants) == 1 {
				vv.Name = ""
			}
			if list, ok := pv.Prices[code]; ok {
				vv.ListPrice, vv.Price = a.money(list), a.money(discounted(list, pct))
				if lowest < 0 || list < lowest {
					lowest = list
				}
			}
			v.Stock += pv.Stock
			v.Variants = append(v.Variants, vv)
		}
		v.Price, v.ListPrice = Money{Currency: code}, Money{Currency: code}
		if lowest >= 0 {
			v.ListPrice, v.Price = a.money(lowest), a.money(discounted(lowest, pct))
		}
		v.BuyBlock = b.block(p)
		v.CanBuy = v.BuyBlock == "" && v.Stock > 0 && lowest >= 0
		out = append(out, v)
	}
	return out, nil
}

// ProductInput names a product.
type ProductInput struct {
	DatabaseID action.ID `json:"databaseId" doc:"the product's databaseId"`
}

// ProductReply is the reply of shop.product (and a product page's content).
type ProductReply struct {
	Product ProductView `json:"product" doc:"the product as the viewer sees it"`
}

// Product answers shop.product.
func (s *Service) Product(ctx context.Context, in ProductInput) (ProductReply, error) {
	if in.DatabaseID <= 0 {
		return ProductReply{}, action.Required("databaseId")
	}
	req := action.RequestFrom(ctx)
	return s.product(ctx, req.Viewer, int64(in.DatabaseID), action.NormalizeLang(req.Lang))
}

func (s *Service) product(ctx context.Context, v action.Viewer, id int64, lang string) (ProductReply, error) {
	p, err := s.db.Shop().Product(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return ProductReply{}, ErrNotFound
	}
	if err != nil {
		return ProductReply{}, err
	}
	b, err := s.buyerOf(ctx, v)
	if err != nil {
		return ProductReply{}, err
	}
	views, err := s.productViews(ctx, b, lang, []persistence.Product{p})
	if err != nil {
		return ProductReply{}, err
	}
	return ProductReply{Product: views[0]}, nil
}

// ShopPage answers the content of a shop page (kind shop): view single is
// the product id (shop.product's reply, with the page's meta: title,
// description, image and price), archive the category id and tag the tag
// id (shop.archive's reply). An id that names nothing is ErrNotFound.
func (s *Service) ShopPage(ctx context.Context, view, id, lang string, args json.RawMessage) (pagemeta.Content, error) {
	var page pagemeta.Content
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return page, ErrNotFound
	}
	viewer := action.RequestFrom(ctx).Viewer
	var reply any
	switch view {
	case "single":
		r, err := s.product(ctx, viewer, n, lang)
		if err != nil {
			return page, err
		}
		p := r.Product
		desc := p.Excerpt
		if p.Price.Amount != "" {
			desc = fmt.Sprintf("%s %s · %s", p.Price.Amount, p.Price.Currency, p.Excerpt)
		}
		page.Title, reply = p.Title, r
		page.Meta = pagemeta.Meta{Description: desc, Body: p.Description, Published: p.CreatedAt, Canonical: ""}
		if len(p.Images) > 0 {
			page.Meta.Image = p.Images[0]
		}
	case "archive", "tag":
		pa, ok := member.ParsePageArgs(args)
		if !ok {
			return page, action.BadField("args")
		}
		in := ProductArchiveInput{First: pa.First, After: pa.After, CategoryID: action.ID(n)}
		if view == "tag" {
			in.CategoryID, in.TagID = 0, action.ID(n)
		}
		if err := in.Validate(); err != nil {
			return page, err
		}
		r, err := s.archive(ctx, viewer, lang, in)
		if err != nil {
			return page, err
		}
		if r.Term != nil {
			page.Title = r.Term.Name
		}
		reply = r
	default:
		return page, ErrNotFound
	}
	page.Data, err = json.Marshal(reply)
	return page, err
}
