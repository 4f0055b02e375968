package wallet

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/persistence"
)

var cny = moneyAsset(persistence.Currency{Code: "CNY", Symbol: "¥", Decimals: 2})

func TestParseMoney(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in     string
		signed bool
		want   int64
		key    string
	}{
		{in: "12.30", want: 1230},
		{in: "12.3", want: 1230},
		{in: "12", want: 1200},
		{in: "0.01", want: 1},
		{in: " 7.5 ", want: 750},
		{in: "007.50", want: 750},
		{in: "1000000.00", want: 100_000_000},
		{in: "-12.30", signed: true, want: -1230},
		{in: "1000000.01", key: "wallet.error.tooLarge"},
		{in: "-1000000.01", signed: true, key: "wallet.error.tooLarge"},
		{in: "99999999999999999999999999", key: "wallet.error.tooLarge"},
		{in: "12.345", key: "wallet.error.precision"},
		{in: "0.001", key: "wallet.error.precision"},
		{in: "0", key: "wallet.error.amount"},
		{in: "0.00", key: "wallet.error.amount"},
		{in: "-0.00", signed: true, key: "wallet.error.amount"},
		{in: "-1", key: "wallet.error.amount"},
		{in: "", key: "wallet.error.amount"},
		{in: "12.", key: "wallet.error.amount"},
		{in: ".5", key: "wallet.error.amount"},
		{in: "+1", key: "wallet.error.amount"},
		{in: "1e3", key: "wallet.error.amount"},
		{in: "1,5", key: "wallet.error.amount"},
		{in: "NaN", key: "wallet.error.amount"},
		{in: "１２", key: "wallet.error.amount"},
	}
	for _, c := range cases {
		got, err := cny.Parse(c.in, c.signed)
		if c.key != "" {
			apptest.RequireKey(t, err, c.key)
			continue
		}
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, c.in)
	}
}

func TestParseCredit(t *testing.T) {
	t.Parallel()
	got, err := creditAsset.Parse("3000", false)
	require.NoError(t, err)
	assert.Equal(t, int64(3000), got)
	got, err = creditAsset.Parse("100000000", false)
	require.NoError(t, err)
	assert.Equal(t, int64(maxCredit), got)
	_, err = creditAsset.Parse("100000001", false)
	apptest.RequireKey(t, err, "wallet.error.tooLarge")
	_, err = creditAsset.Parse("1.5", false)
	apptest.RequireKey(t, err, "wallet.error.precision")
	_, err = creditAsset.Parse("1.0", false)
	apptest.RequireKey(t, err, "wallet.error.precision") // credit takes no decimals at all
}

func TestFormat(t *testing.T) {
	t.Parallel()
	for units, want := range map[int64]string{0: "0.00", 5: "0.05", 50: "0.50", 1230: "12.30", -1230: "-12.30", -5: "-0.05",
		100_000_000: "1000000.00"} {
		assert.Equal(t, want, cny.Format(units))
	}
	assert.Equal(t, "-3000", creditAsset.Format(-3000))
	assert.Equal(t, "0", creditAsset.Format(0))
	assert.Equal(t, "-92233720368547758.08", cny.Format(-1<<63), "the smallest int64 too")
}

func TestAmountDecodesTextOrNumber(t *testing.T) {
	t.Parallel()
	var in struct{ A, B, C Amount }
	require.NoError(t, json.Unmarshal([]byte(`{"A":"12.30","B":3000,"C":12.345678901234567890}`), &in))
	assert.Equal(t, Amount("12.30"), in.A)
	assert.Equal(t, Amount("3000"), in.B)
	assert.Equal(t, Amount("12.345678901234567890"), in.C, "a number is kept as written, never rounded through a float")
	assert.Error(t, json.Unmarshal([]byte(`{"A":true}`), &in))
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"12.30", "-1", "0.001", "1000000.00", "99999999999999999999", "1e3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		units, err := cny.Parse(s, true)
		if err != nil {
			return
		}
		if units == 0 || units > cny.Max || units < -cny.Max {
			t.Fatalf("%q parsed to %d", s, units)
		}
		back, err := cny.Parse(cny.Format(units), true)
		if err != nil || back != units {
			t.Fatalf("%q: %d formats to %q, which parses to %d, %v", s, units, cny.Format(units), back, err)
		}
	})
}
