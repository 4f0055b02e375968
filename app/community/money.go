package community

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

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
	whole, frac, dotted := strings.Cut(strings.TrimSpace(text), ".")
	if whole == "" || len(whole) > 12 || !digits(whole) || !digits(frac) || (dotted && frac == "") || len(frac) > a.decimals {
		return 0, false
	}
	var units int64
	for _, d := range whole + frac + strings.Repeat("0", a.decimals-len(frac)) {
		units = units*10 + int64(d-'0')
	}
	limit := int64(maxCredit)
	if a.code != persistence.AssetCredit {
		limit = maxMoneyMajor * pow10(a.decimals)
	}
	return units, units > 0 && units <= limit
}

// format writes minor units with the asset's decimals ("12.30", credit "300").
func (a asset) format(units int64) string {
	text := strconv.FormatInt(units, 10)
	if a.decimals == 0 {
		return text
	}
	if len(text) <= a.decimals {
		text = strings.Repeat("0", a.decimals-len(text)+1) + text
	}
	cut := len(text) - a.decimals
	return text[:cut] + "." + text[cut:]
}

// kind is "credit" or "money", as the client names a bounty's type.
func (a asset) kind() string {
	if a.code == persistence.AssetCredit {
		return "credit"
	}
	return "money"
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Amount is an amount in an input: a JSON string ("12.30") or number
// (300), kept as written (never read as a float).
type Amount string

// UnmarshalJSON accepts a string, a number or null.
func (a *Amount) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*a = ""
		return nil
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*a = Amount(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*a = Amount(n.String())
	return nil
}
