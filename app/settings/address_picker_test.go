package settings

import (
	"souk/app/internal/apptest"
	"souk/persistence"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddressPickerCountries(t *testing.T) {
	all := localizeAddressPicker(AddressPickerDoc{}, "es")
	assert.GreaterOrEqual(t, len(all.Countries), 240, "every country of the place data when none is listed")
	var spain Country
	for _, c := range all.Countries {
		if c.GeonameID == 2510769 {
			spain = c
		}
	}
	assert.Equal(t, "España", spain.Name)
	assert.Equal(t, "西班牙", spain.Names["zh-hans"])

	narrowed := localizeAddressPicker(AddressPickerDoc{Countries: []CountryDoc{
		{GeonameID: 1814991, Names: Text{"en": "PR China"}},
		{GeonameID: 2510769},
	}}, "en")
	require.Len(t, narrowed.Countries, 2, "an operator's list narrows it")
	assert.Equal(t, "PR China", narrowed.Countries[0].Name, "the operator's names win")
	assert.Equal(t, "中国", narrowed.Countries[0].Names["zh-hans"], "the data fills the rest")
	assert.Equal(t, "Spain", narrowed.Countries[1].Name)
}

// TestAddressPickerCountriesStored reads the operator's narrowed list the
// address book offers (cmd/souk wires it into souk/app/address).
func TestAddressPickerCountriesStored(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ids, err := AddressPickerCountries(t.Context(), db)
		require.NoError(t, err)
		assert.Empty(t, ids, "nothing narrowed: every country")
		require.NoError(t, db.Settings().Put(t.Context(), KeyAddressPicker, AddressPickerDoc{Countries: []CountryDoc{
			{GeonameID: 2510769}, {GeonameID: 1814991}}}))
		ids, err = AddressPickerCountries(t.Context(), db)
		require.NoError(t, err)
		assert.Equal(t, []int64{2510769, 1814991}, ids, "in the operator's order")
	})
}
