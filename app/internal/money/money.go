// Package money reads and writes amounts exactly, as integer minor units,
// never through floats: the one parser and formatter of the features that
// take amounts from clients (wallet, community).
package money

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// MaxDigits bounds the integer digits Parse reads, so that no amount
// overflows before a feature checks it against its own maximum.
const MaxDigits = 15

// Refusals of Parse.
var (
	// ErrSyntax: not a decimal number ("", "1e3", "+1", "1.", full-width digits).
	ErrSyntax = errors.New("money: not a decimal number")
	// ErrPrecision: more decimals than the asset has.
	ErrPrecision = errors.New("money: too many decimals")
	// ErrNegative: a negative amount where only positive ones are taken.
	ErrNegative = errors.New("money: negative")
	// ErrZero: zero.
	ErrZero = errors.New("money: zero")
	// ErrTooLong: more than MaxDigits integer digits.
	ErrTooLong = errors.New("money: too many digits")
)

// Parse reads decimal text ("12.3", "12.30", credit "3000") into minor units
// of an asset with decimals digits: at most decimals after the point,
// above zero unless signed allows a negative amount, never zero.
func Parse(text string, decimals int, signed bool) (int64, error) {
	s := strings.TrimSpace(text)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	whole, frac, dotted := strings.Cut(s, ".")
	if whole == "" || !allDigits(whole) || !allDigits(frac) || (dotted && frac == "") {
		return 0, ErrSyntax
	}
	if len(frac) > decimals {
		return 0, ErrPrecision
	}
	if neg && !signed {
		return 0, ErrNegative
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > MaxDigits {
		return 0, ErrTooLong
	}
	var units int64
	for _, d := range whole + frac + strings.Repeat("0", decimals-len(frac)) {
		units = units*10 + int64(d-'0')
	}
	switch {
	case units == 0:
		return 0, ErrZero
	case neg:
		return -units, nil
	}
	return units, nil
}

// Format writes minor units with exactly decimals digits after the point
// ("12.30", "-0.05"; credit "3000").
func Format(units int64, decimals int) string {
	neg := units < 0
	u := uint64(units)
	if neg {
		u = -u
	}
	digits := strconv.FormatUint(u, 10)
	if decimals > 0 {
		if len(digits) <= decimals {
			digits = strings.Repeat("0", decimals-len(digits)+1) + digits
		}
		cut := len(digits) - decimals
		digits = digits[:cut] + "." + digits[cut:]
	}
	if neg {
		return "-" + digits
	}
	return digits
}

// Pow10 is 10 to the n, the minor units of one major unit with n decimals.
func Pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Amount is an amount in an input: a JSON string ("12.30") or number
// (3000), kept as written for Parse (never read as a float).
type Amount string

// UnmarshalJSON accepts a string, a number or null.
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
