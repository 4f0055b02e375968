package wallet

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"souk/persistence"
)

// Largest amounts one operation takes: 1,000,000.00 of a currency, or
// 100,000,000 credit.
const (
	maxMoneyUnits = 1_000_000
	maxCredit     = 100_000_000
)

// maxDigits bounds the integer digits read before the value is checked
// against its maximum, so that no amount overflows on the way.
const maxDigits = 15

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
	return Asset{Code: c.Code, Symbol: c.Symbol, Decimals: c.Decimals, Max: maxMoneyUnits * pow10(c.Decimals)}
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// Format writes minor units as the client reads them: exactly the asset's
// decimals ("12.30", "-0.05"; credit "3000").
func (a Asset) Format(units int64) string {
	neg := units < 0
	u := uint64(units)
	if neg {
		u = -u
	}
	digits := strconv.FormatUint(u, 10)
	if a.Decimals > 0 {
		if len(digits) <= a.Decimals {
			digits = strings.Repeat("0", a.Decimals-len(digits)+1) + digits
		}
		cut := len(digits) - a.Decimals
		digits = digits[:cut] + "." + digits[cut:]
	}
	if neg {
		return "-" + digits
	}
	return digits
}

// Parse reads an amount the client wrote ("12.3", "12.30", credit "3000")
// into minor units, exactly, without floats: at most the asset's decimals
// (ErrPrecision), above zero (ErrAmount) unless signed allows a negative
// one, and at most Max in size (ErrTooLarge). Anything else that is not a
// decimal number is ErrAmount.
func (a Asset) Parse(text string, signed bool) (int64, error) {
	s := strings.TrimSpace(text)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	whole, frac, dotted := strings.Cut(s, ".")
	if whole == "" || !allDigits(whole) || !allDigits(frac) || (dotted && frac == "") {
		return 0, ErrAmount
	}
	if len(frac) > a.Decimals {
		return 0, ErrPrecision
	}
	if neg && !signed {
		return 0, ErrAmount
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > maxDigits {
		return 0, ErrTooLarge(a.Format(a.Max))
	}
	var units int64
	for _, d := range whole + frac + strings.Repeat("0", a.Decimals-len(frac)) {
		units = units*10 + int64(d-'0')
	}
	switch {
	case units == 0:
		return 0, ErrAmount
	case units > a.Max:
		return 0, ErrTooLarge(a.Format(a.Max))
	case neg:
		return -units, nil
	}
	return units, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Amount is an amount in an input: a JSON string ("12.30"), or for
// credit a JSON number (3000), kept as written for Asset.Parse.
type Amount string

// UnmarshalJSON accepts a string or a number, kept as its text (never
// read as a float).
func (a *Amount) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*a = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
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
