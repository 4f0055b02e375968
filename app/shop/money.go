package shop

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"souk/app/action"
	"souk/app/internal/money"
	"souk/persistence"
)

// Money is an amount as the client reads it.
type Money struct {
	Currency string `json:"currency" doc:"ISO code, or CREDIT"`
	Amount   string `json:"amount" doc:"decimal text with exactly the currency's decimals (\"12.30\"; credit \"120\")"`
}

// asset is a currency of the site, or credit.
type asset struct {
	Code     string
	Symbol   string
	Decimals int
}

func (a asset) money(units int64) Money {
	return Money{Currency: a.Code, Amount: money.Format(units, a.Decimals)}
}

// assets are the site's currencies and credit, by code, and the codes in
// the site's order.
type assets struct {
	byCode map[string]asset
	order  []string
}

func (s *Service) assets(ctx context.Context) (assets, error) {
	list, err := s.db.Currencies().List(ctx)
	if err != nil {
		return assets{}, fmt.Errorf("shop: currencies: %w", err)
	}
	out := assets{byCode: map[string]asset{persistence.AssetCredit: {Code: persistence.AssetCredit}}}
	for _, c := range list {
		out.byCode[c.Code] = asset{Code: c.Code, Symbol: c.Symbol, Decimals: c.Decimals}
		out.order = append(out.order, c.Code)
	}
	return out, nil
}

// get is the asset of code; an unknown code is shown with 2 decimals.
func (as assets) get(code string) asset {
	if a, ok := as.byCode[code]; ok {
		return a
	}
	return asset{Code: code, Decimals: 2}
}

// requestCurrency is the request's currency when the site has it, else
// the site's first currency.
func (as assets) requestCurrency(ctx context.Context) string {
	c := strings.ToUpper(strings.TrimSpace(action.RequestFrom(ctx).Currency))
	if slices.Contains(as.order, c) {
		return c
	}
	if len(as.order) > 0 {
		return as.order[0]
	}
	return "CNY"
}

// buyer is what pricing and the product's rules need of the viewer.
type buyer struct {
	userID int64
	admin  bool
	// tier is the live VIP tier ("" none), level the growth level key.
	tier, level string
	// tierRank and levelRank rank them (-1 none).
	tierRank, levelRank int
	// ranks are the ranks of the VIP tiers and of the growth levels by key.
	tierRanks, levelRanks map[string]int
	tierNames             map[string]map[string]string
}

func (s *Service) buyerOf(ctx context.Context, v action.Viewer) (buyer, error) {
	b := buyer{userID: v.UserID, admin: v.IsAdmin, tierRank: -1, levelRank: -1, tierRanks: map[string]int{},
		levelRanks: map[string]int{}, tierNames: map[string]map[string]string{}}
	for _, kind := range []string{persistence.LevelKindVIP, persistence.LevelKindGrowth} {
		list, err := s.db.Levels().List(ctx, kind)
		if err != nil {
			return b, fmt.Errorf("shop: levels: %w", err)
		}
		for _, l := range list {
			if kind == persistence.LevelKindVIP {
				b.tierRanks[l.Key], b.tierNames[l.Key] = l.Rank, l.Names
			} else {
				b.levelRanks[l.Key] = l.Rank
			}
		}
	}
	if v.UserID == 0 {
		return b, nil
	}
	u, err := s.db.Users().Get(ctx, v.UserID)
	if err != nil {
		return b, fmt.Errorf("shop: buyer %d: %w", v.UserID, err)
	}
	b.level = u.LevelKey
	if r, ok := b.levelRanks[u.LevelKey]; ok {
		b.levelRank = r
	}
	if u.VIPKey != "" && (u.VIPExpiresAt == 0 || u.VIPExpiresAt > s.now().UnixMilli()) {
		b.tier = u.VIPKey
		if r, ok := b.tierRanks[u.VIPKey]; ok {
			b.tierRank = r
		}
	}
	return b, nil
}

// block is why b may not buy p: "" (may), login, vip or level.
func (b buyer) block(p persistence.Product) string {
	if b.userID == 0 {
		return "login"
	}
	if b.admin {
		return ""
	}
	if len(p.VIPOnly) > 0 {
		ok := false
		for _, t := range p.VIPOnly {
			if r, known := b.tierRanks[t]; known && b.tierRank >= r && b.tier != "" {
				ok = true
			}
		}
		if !ok {
			return "vip"
		}
	}
	if p.MinLevel != "" {
		if r, known := b.levelRanks[p.MinLevel]; known && b.levelRank < r {
			return "level"
		}
	}
	return ""
}

// percent is b's VIP discount on p.
func (b buyer) percent(p persistence.Product) int {
	if b.tier == "" {
		return 0
	}
	return min(max(p.VIPDiscounts[b.tier], 0), 100)
}

// discounted is a list price less percent (the discount rounds down).
func discounted(list int64, percent int) int64 {
	return list - list*int64(percent)/100
}
