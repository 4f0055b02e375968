package community

import (
	"context"
	"fmt"
	"strings"

	"souk/app/internal/money"
	"souk/persistence"
)

// maxUnits bounds one amount: 1,000,000 of a currency's major unit, or
// 100,000,000 credit (the wallet's bounds).
const (
	maxMoneyMajor = 1_000_000
	maxCredit     = 100_000_000
)

// asset is a currency of the site, or credit.
type asset struct {
	code     string
	decimals int
}

// assetOf returns the asset of a bounty or price: credit, or a site
// currency (code, or the request's currency when code is empty).
func (s *Service) assetOf(ctx context.Context, kind, code string) (asset, error) {
	if strings.EqualFold(kind, "credit") || strings.EqualFold(code, persistence.AssetCredit) {
		return asset{code: persistence.AssetCredit}, nil
	}
	code = strings.ToUpper(strings.TrimSpace(code))
	list, err := s.db.Currencies().List(ctx)
	if err != nil {
		return asset{}, fmt.Errorf("community: currencies: %w", err)
	}
	for _, c := range list {
		if c.Code == code {
			return asset{code: c.Code, decimals: c.Decimals}, nil
		}
	}
	return asset{}, ErrCurrency
}

// assetByCode is the asset of a stored code.
func (s *Service) assetByCode(ctx context.Context, code string) asset {
	a, err := s.assetOf(ctx, "", code)
	if err != nil {
		return asset{code: code}
	}
	return a
}

// parse reads a positive amount written as decimal text into minor units,
// without floats; ok is false for anything else, too many decimals, or
// more than the asset's bound.
func (a asset) parse(text string) (int64, bool) {
	units, err := money.Parse(text, a.decimals, false)
	limit := int64(maxCredit)
	if a.code != persistence.AssetCredit {
		limit = maxMoneyMajor * money.Pow10(a.decimals)
	}
	return units, err == nil && units <= limit
}

// format writes minor units with the asset's decimals ("12.30", credit "300").
func (a asset) format(units int64) string { return money.Format(units, a.decimals) }

// kind is "credit" or "money", as the client names a bounty's type.
func (a asset) kind() string {
	if a.code == persistence.AssetCredit {
		return "credit"
	}
	return "money"
}

// Amount is an amount in an input: a JSON string ("12.30") or number
// (300), kept as written (never read as a float).
type Amount = money.Amount
