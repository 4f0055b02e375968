package money

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text     string
		decimals int
		signed   bool
		units    int64
		err      error
	}{
		{"12.3", 2, false, 1230, nil},
		{" 012.30 ", 2, false, 1230, nil},
		{"3000", 0, false, 3000, nil},
		{"-0.05", 2, true, -5, nil},
		{"-0.05", 2, false, 0, ErrNegative},
		{"1.234", 2, false, 0, ErrPrecision},
		{"1.5", 0, false, 0, ErrPrecision},
		{"0.00", 2, false, 0, ErrZero},
		{"1e3", 2, false, 0, ErrSyntax},
		{"+1", 2, false, 0, ErrSyntax},
		{"1.", 2, false, 0, ErrSyntax},
		{"", 2, false, 0, ErrSyntax},
		{"１２", 2, false, 0, ErrSyntax},
		{"1234567890123456", 2, false, 0, ErrTooLong},
	} {
		units, err := Parse(c.text, c.decimals, c.signed)
		require.ErrorIs(t, err, c.err, "%q", c.text)
		assert.Equal(t, c.units, units, "%q", c.text)
	}
}

func TestFormat(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "12.30", Format(1230, 2))
	assert.Equal(t, "0.05", Format(5, 2))
	assert.Equal(t, "-0.05", Format(-5, 2))
	assert.Equal(t, "3000", Format(3000, 0))
	assert.Equal(t, int64(100), Pow10(2))
}

func TestAmountKeepsTheTextAsWritten(t *testing.T) {
	t.Parallel()
	var in struct{ A, B, C Amount }
	require.NoError(t, json.Unmarshal([]byte(`{"A":"12.30","B":0.1,"C":null}`), &in))
	assert.Equal(t, Amount("12.30"), in.A)
	assert.Equal(t, Amount("0.1"), in.B, "a number is kept as written, never a float")
	assert.Equal(t, Amount(""), in.C)
	require.Error(t, json.Unmarshal([]byte(`{"A":true}`), &in))
}
