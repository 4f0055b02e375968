package coupon

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"souk/app/action"
	"souk/app/internal/money"
	"souk/app/member"
	"souk/persistence"
)

// Money is an amount in a currency (or CREDIT), as decimal text with the
// asset's decimals.
type Money struct {
	Currency string `json:"currency" doc:"ISO code, e.g. CNY, or CREDIT"`
	Amount   string `json:"amount" doc:"decimal text with the currency's decimals, e.g. 12.30"`
}

// CouponBrief is what a cart, an order and a payment success show of a coupon.
type CouponBrief struct {
	Code      string `json:"code" doc:"the coupon's code"`
	Name      string `json:"name" doc:"in the request's language"`
	Type      string `json:"type" doc:"cash, register or exchange; empty when invalid"`
	FaceValue *Money `json:"faceValue" doc:"what it takes off an order; null when it has none"`
	Discount  *Money `json:"discount" doc:"what it took off this order at checkout; null elsewhere"`
}

// ExpiredAt is a coupon's expiry (SPEC.md §3).
type ExpiredAt struct {
	ExpiredTime int64 `json:"expiredTime" doc:"epoch ms; 0 never expires"`
	HasExpired  bool  `json:"hasExpired" doc:"the expiry has passed"`
}

// RedeemView says what an exchange coupon is redeemed for.
type RedeemView struct {
	Type   string `json:"type" doc:"custom, money, credit, level or none"`
	Text   string `json:"text" doc:"the custom redemption's text"`
	Money  *Money `json:"money" doc:"a money redemption's amount; null otherwise"`
	Credit string `json:"credit" doc:"a credit redemption's points, e.g. 120; empty otherwise"`
	Level  string `json:"level" doc:"a level redemption's growth level key, e.g. lv2; empty otherwise"`
}

// Person is a member a coupon names.
type Person struct {
	ID     string `json:"id" doc:"the member's databaseId"`
	Name   string `json:"name" doc:"display name"`
	Slug   string `json:"slug" doc:"the profile's URL segment, for a link to /u/<slug>"`
	Avatar string `json:"avatar" doc:"the member's picture URL"`
}

// LevelRef is a growth level a coupon is restricted to.
type LevelRef struct {
	Key  string `json:"key" doc:"e.g. lv2"`
	Name string `json:"name" doc:"in the request's language"`
}

// UseRestrictView says who may use a coupon.
type UseRestrictView struct {
	Type   string     `json:"type" doc:"none (anyone holding it), ids (only users) or levels (members at one of levels)"`
	Users  []Person   `json:"users" doc:"the members allowed, for type ids"`
	Levels []LevelRef `json:"levels" doc:"the growth levels allowed, for type levels"`
}

// CouponView is a coupon's info (SPEC.md §3).
type CouponView struct {
	Code              string          `json:"code" doc:"the coupon's code"`
	Name              string          `json:"name" doc:"in the request's language"`
	Status            string          `json:"status" doc:"unused, used, expired, or invalid (no type)"`
	Type              string          `json:"type" doc:"cash, register or exchange; empty when invalid"`
	FaceValue         *Money          `json:"faceValue" doc:"what it takes off an order; null when it has none"`
	AllowPush         bool            `json:"allowPush" doc:"it may be gifted to another member (account.couponPush)"`
	CreatedAt         int64           `json:"createdAt" doc:"epoch ms"`
	ExpiredAt         ExpiredAt       `json:"expiredAt" doc:"the expiry"`
	Redeem            RedeemView      `json:"redeem" doc:"what an exchange coupon is redeemed for"`
	UseRestrict       UseRestrictView `json:"useRestrict" doc:"who may use it"`
	RestrictedType    string          `json:"restrictedType" doc:"terms, ids (only restrictedProduct) or other"`
	RestrictedProduct []ProductRef    `json:"restrictedProduct" doc:"the products it applies to, for restrictedType ids"`
	RestrictedTerms   []TermRef       `json:"restrictedTerms" doc:"the shop categories and tags whose products it applies to, for restrictedType terms"`
	MinSpend          *Money          `json:"minSpend" doc:"the subtotal an order must reach; null for none"`
	Description       string          `json:"description" doc:"in the request's language"`
	UsedAt            int64           `json:"usedAt" doc:"epoch ms; 0 while unused"`
	OrderID           string          `json:"orderId" doc:"the order it paid; empty when unused or redeemed"`
}

// localized is texts in lang, else in the site's languages in order, else
// in the first language by code.
func localized(texts map[string]string, lang string) string {
	for _, l := range append([]string{lang}, action.Languages...) {
		if t := texts[l]; t != "" {
			return t
		}
	}
	keys := slices.Sorted(maps.Keys(texts))
	for _, k := range keys {
		if texts[k] != "" {
			return texts[k]
		}
	}
	return ""
}

// Brief is what an order shows of c: discount minor units of c's currency
// taken off (0: none, at a quote or before checkout); decimals are the
// currency's minor-unit digits.
func Brief(c persistence.Coupon, lang string, decimals int, discount int64) CouponBrief {
	b := CouponBrief{Code: c.Code, Name: localized(c.Names, lang), Type: c.Type,
		FaceValue: moneyOf(c.FaceCurrency, c.FaceValue, decimals)}
	if discount > 0 {
		b.Discount = moneyOf(c.FaceCurrency, discount, decimals)
	}
	return b
}

// moneyOf is units of currency, or nil when there are none.
func moneyOf(currency string, units int64, decimals int) *Money {
	if currency == "" || units <= 0 {
		return nil
	}
	return &Money{Currency: currency, Amount: money.Format(units, decimals)}
}

// viewer is what views are built with: the request's language and the
// site's currencies' decimals.
type viewer struct {
	s        *Service
	lang     string
	decimals map[string]int
}

func (s *Service) viewer(ctx context.Context) (*viewer, error) {
	list, err := s.db.Currencies().List(ctx)
	if err != nil {
		return nil, fmt.Errorf("coupon: currencies: %w", err)
	}
	v := &viewer{s: s, lang: action.RequestFrom(ctx).Lang, decimals: map[string]int{persistence.AssetCredit: 0}}
	for _, c := range list {
		v.decimals[c.Code] = c.Decimals
	}
	return v, nil
}

func (v *viewer) money(currency string, units int64) *Money {
	return moneyOf(currency, units, v.decimals[currency])
}

// views builds the info of coupons.
func (v *viewer) views(ctx context.Context, list []persistence.Coupon) ([]CouponView, error) {
	var userIDs, productIDs, termIDs []int64
	levelKeys := false
	for _, c := range list {
		if c.UseRestrict == RestrictUsers {
			userIDs = append(userIDs, c.RestrictUsers...)
		}
		if c.UseRestrict == RestrictLevels {
			levelKeys = true
		}
		switch c.RestrictedType {
		case RestrictedIDs:
			productIDs = append(productIDs, c.RestrictedProducts...)
		case RestrictedTerms:
			termIDs = append(termIDs, c.RestrictedProducts...)
		}
	}
	terms := map[int64]persistence.ArticleTerm{}
	if len(termIDs) > 0 {
		var err error
		if terms, err = v.s.db.Articles().Terms(ctx, termIDs); err != nil {
			return nil, fmt.Errorf("coupon: terms: %w", err)
		}
	}
	people, err := member.Summaries(ctx, v.s.db, userIDs...)
	if err != nil {
		return nil, fmt.Errorf("coupon: %w", err)
	}
	levelNames := map[string]string{}
	if levelKeys {
		levels, err := v.s.db.Levels().List(ctx, persistence.LevelKindGrowth)
		if err != nil {
			return nil, fmt.Errorf("coupon: levels: %w", err)
		}
		for _, l := range levels {
			levelNames[l.Key] = localized(l.Names, v.lang)
		}
	}
	products := map[int64]ProductRef{}
	if len(productIDs) > 0 && v.s.products != nil {
		if products, err = v.s.products(ctx, productIDs, v.lang); err != nil {
			return nil, fmt.Errorf("coupon: products: %w", err)
		}
	}
	now := persistence.Millis(v.s.now())
	out := make([]CouponView, 0, len(list))
	for _, c := range list {
		view := CouponView{Code: c.Code, Name: localized(c.Names, v.lang), Status: c.Status(now), Type: c.Type,
			FaceValue: v.money(c.FaceCurrency, c.FaceValue), AllowPush: c.AllowPush, CreatedAt: c.CreatedAt,
			ExpiredAt:      ExpiredAt{ExpiredTime: c.ExpiredAt, HasExpired: c.ExpiredAt != 0 && c.ExpiredAt <= now},
			Redeem:         v.redeem(c),
			UseRestrict:    UseRestrictView{Type: orNone(c.UseRestrict), Users: []Person{}, Levels: []LevelRef{}},
			RestrictedType: c.RestrictedType, RestrictedProduct: []ProductRef{}, RestrictedTerms: []TermRef{},
			MinSpend: v.money(c.FaceCurrency, c.MinSpend), Description: localized(c.Descriptions, v.lang),
			UsedAt: c.UsedAt}
		if view.RestrictedType == "" {
			view.RestrictedType = RestrictedOther
		}
		if c.UsedOrderID != 0 {
			view.OrderID = member.FormatID(c.UsedOrderID)
		}
		if c.UseRestrict == RestrictUsers {
			for _, id := range c.RestrictUsers {
				p := people[id]
				view.UseRestrict.Users = append(view.UseRestrict.Users, Person{ID: member.FormatID(id), Name: p.Name,
					Slug: p.GqSlug, Avatar: p.Avatar.URL})
			}
		}
		if c.UseRestrict == RestrictLevels {
			for _, key := range c.RestrictLevels {
				name := levelNames[key]
				if name == "" {
					name = key
				}
				view.UseRestrict.Levels = append(view.UseRestrict.Levels, LevelRef{Key: key, Name: name})
			}
		}
		if c.RestrictedType == RestrictedIDs {
			for _, id := range c.RestrictedProducts {
				p, ok := products[id]
				if !ok {
					p = ProductRef{ID: member.FormatID(id)}
				}
				view.RestrictedProduct = append(view.RestrictedProduct, p)
			}
		}
		if c.RestrictedType == RestrictedTerms {
			for _, id := range c.RestrictedProducts {
				if t, ok := terms[id]; ok {
					view.RestrictedTerms = append(view.RestrictedTerms, TermRef{ID: member.FormatID(id), Kind: termKind(t.Kind),
						Slug: t.Slug, Name: localized(t.Names, v.lang)})
				}
			}
		}
		out = append(out, view)
	}
	return out, nil
}

func (v *viewer) redeem(c persistence.Coupon) RedeemView {
	r := RedeemView{Type: c.RedeemType}
	switch c.RedeemType {
	case RedeemCustom:
		r.Text = c.RedeemText
	case RedeemMoney:
		r.Money = v.money(c.RedeemAsset, c.RedeemAmount)
	case RedeemCredit:
		r.Credit = money.Format(c.RedeemAmount, 0)
	case RedeemLevel:
		r.Level = c.RedeemLevel
	default:
		r.Type = RedeemNone
	}
	return r
}

func orNone(s string) string {
	if s == "" {
		return RestrictNone
	}
	return s
}

func (v *viewer) view(ctx context.Context, c persistence.Coupon) (CouponView, error) {
	views, err := v.views(ctx, []persistence.Coupon{c})
	if err != nil {
		return CouponView{}, err
	}
	return views[0], nil
}
