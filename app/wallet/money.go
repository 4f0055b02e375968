package wallet

import (
	"errors"

	"souk/app/internal/money"
	"souk/persistence"
)

// Largest amounts one operation takes: 1,000,000.00 of a currency, or
// 100,000,000 credit.
const (
	maxMoneyUnits = 1_000_000
	maxCredit     = 100_000_000
)

// Asset is a currency of the site, or credit, with what parsing and
// formatting its amounts needs.
type Asset struct {
	// Code is the ISO code, or persistence.AssetCredit.
	Code string
	// Symbol is shown before amounts ("¥"); "" for credit.
	Symbol string
	// Decimals are the minor-unit digits (0 for credit).
	Decimals int
	// Max is the largest amount one operation takes, in minor units.
	Max int64
}

// IsCredit reports whether a is the site's credit.
func (a Asset) IsCredit() bool { return a.Code == persistence.AssetCredit }

// creditAsset is the site's credit.
var creditAsset = Asset{Code: persistence.AssetCredit, Max: maxCredit}

// moneyAsset is the asset of a site currency.
func moneyAsset(c persistence.Currency) Asset {
	return Asset{Code: c.Code, Symbol: c.Symbol, Decimals: c.Decimals, Max: maxMoneyUnits * money.Pow10(c.Decimals)}
}

// Format writes minor units as the client reads them: exactly the asset's
// decimals ("12.30", "-0.05"; credit "3000").
func (a Asset) Format(units int64) string { return money.Format(units, a.Decimals) }

// Parse reads an amount the client wrote ("12.3", "12.30", credit "3000")
// into minor units, exactly, without floats: at most the asset's decimals
// (ErrPrecision), above zero (ErrAmount) unless signed allows a negative
// one, and at most Max in size (ErrTooLarge). Anything else that is not a
// decimal number is ErrAmount.
func (a Asset) Parse(text string, signed bool) (int64, error) {
	units, err := money.Parse(text, a.Decimals, signed)
	switch {
	case errors.Is(err, money.ErrPrecision):
		return 0, ErrPrecision
	case errors.Is(err, money.ErrTooLong):
		return 0, ErrTooLarge(a.Format(a.Max))
	case err != nil:
		return 0, ErrAmount
	case units > a.Max || -units > a.Max:
		return 0, ErrTooLarge(a.Format(a.Max))
	}
	return units, nil
}

// Amount is an amount in an input: a JSON string ("12.30"), or for
// credit a JSON number (3000), kept as written for Asset.Parse.
type Amount = money.Amount
