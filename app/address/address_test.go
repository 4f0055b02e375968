package address

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/persistence"
)

// GeoNames ids the tests use.
const (
	china      = 1814991
	guangdong  = 1809935
	guangzhou  = 1809857
	shenzhen   = 1795563
	beijing    = 2038349
	spain      = 2510769
	andalusia  = 2593109
	seville    = 2510910
	usa        = 6252001
	california = 5332921
	laCounty   = 5368381
	losAngeles = 5368361
)

type fixture struct {
	t        *testing.T
	db       *persistence.DB
	reg      *action.Registry
	ann, bob int64
	// countries is the operator's narrowed list of countries (the
	// address_picker settings, which cmd/souk wires in).
	countries []int64
}

func newFixture(t *testing.T, db *persistence.DB) *fixture {
	f := &fixture{t: t, db: db, reg: action.NewRegistry()}
	New(Config{DB: db, Countries: func(context.Context) ([]int64, error) { return f.countries, nil }}).Register(f.reg)
	f.ann, f.bob = apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
	return f
}

// call runs an action as ctx with data (a JSON object) and decodes the reply into out.
func (f *fixture) call(ctx context.Context, name, data string, out any) error {
	f.t.Helper()
	raw, err := f.reg.Call(ctx, name, json.RawMessage(data))
	if err != nil {
		return err
	}
	b, err := json.Marshal(raw)
	require.NoError(f.t, err)
	if out != nil {
		require.NoError(f.t, json.Unmarshal(b, out))
	}
	return nil
}

func inLang(ctx context.Context, lang string) context.Context {
	req := *action.RequestFrom(ctx)
	req.Lang = lang
	return action.WithRequest(ctx, &req)
}

func guest(lang string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: lang})
}

// cnAddress is a SELECTED address in Guangzhou as the form sends it.
func cnAddress(extra string) string {
	return `{"type": "SELECTED", "country": {"geonameId": ` + fmt.Sprint(china) + `, "name": "ignored"},
		"province": {"geonameId": "` + fmt.Sprint(guangdong) + `", "name": "Hacked"},
		"city": {"geonameId": ` + fmt.Sprint(guangzhou) + `}, "address": "天河路 1 号", "addressString": "client's",
		"phone": "138 0013 8000", "dialCode": "+86", "name": "安", "postcode": "510000"` + extra + `}`
}

func TestPicker(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		var reply PickerReply
		require.NoError(t, f.call(guest("en"), "utils.addressPicker", `{"geonameId": 0}`, &reply))
		assert.Equal(t, 0, reply.Level)
		assert.GreaterOrEqual(t, len(reply.Items), 240, "every country when the settings list none")
		found := false
		for _, it := range reply.Items {
			if it.GeonameID == china {
				found = true
				assert.Equal(t, "China", it.Name)
				assert.True(t, it.HasChildren)
			}
		}
		assert.True(t, found)

		require.NoError(t, f.call(guest("en"), "utils.addressPicker", `{"geonameId": "1814991", "lang": "zh-hans"}`, &reply))
		assert.Equal(t, 1, reply.Level)
		names := map[string]PickerItem{}
		for _, it := range reply.Items {
			names[it.Name] = it
		}
		require.Contains(t, names, "广东省", "names in the lang asked for")
		assert.Equal(t, int64(guangdong), names["广东省"].GeonameID)

		require.NoError(t, f.call(guest("es"), "utils.addressPicker", `{"geonameId": 2593109}`, &reply))
		assert.Equal(t, 2, reply.Level)
		names = map[string]PickerItem{}
		for _, it := range reply.Items {
			names[it.Name] = it
		}
		assert.Contains(t, names, "Sevilla", "the request's language when lang names none")
		assert.True(t, names["Sevilla"].HasChildren)

		require.NoError(t, f.call(guest("en"), "utils.addressPicker", `{"geonameId": 5368381}`, &reply))
		assert.Equal(t, 3, reply.Level)
		require.NotEmpty(t, reply.Items)
		assert.False(t, reply.Items[0].HasChildren)

		require.NoError(t, f.call(guest("en"), "utils.addressPicker", `{"geonameId": 5368361}`, &reply))
		assert.Empty(t, reply.Items, "nothing below a third-level place")
		assert.NotNil(t, reply.Items)

		err := f.call(guest("en"), "utils.addressPicker", `{"geonameId": 999999999999}`, nil)
		apptest.RequireKey(t, err, "address.error.place")
		var e *action.Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, 404, e.Status)
		apptest.RequireKey(t, f.call(guest("en"), "utils.addressPicker", `{"geonameId": "x"}`, nil), "common.error.badField")

		// An operator narrows the countries.
		f.countries = []int64{spain, china, guangdong}
		require.NoError(t, f.call(guest("zh-hans"), "utils.addressPicker", `{}`, &reply))
		require.Len(t, reply.Items, 2, "only the listed countries (a province listed is not one)")
		assert.Equal(t, "西班牙", reply.Items[0].Name)
		assert.Equal(t, "中国", reply.Items[1].Name)
		ann := apptest.As(f.ann)
		apptest.RequireKey(t, f.call(ann, "mutates.saveAddress", `{"type": "MANUAL", "country": {"geonameId": 6252001},
			"address": "1 Road", "phone": "2134733231", "dialCode": "+1", "name": "Ann", "postcode": "90012"}`, nil),
			"address.error.place") // a country the picker does not offer
		require.NoError(t, f.call(ann, "mutates.saveAddress", cnAddress(""), nil))
	})
}

func TestSaveSelected(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := inLang(apptest.As(f.ann), "zh-hans")
		var reply SaveReply
		require.NoError(t, f.call(ann, "mutates.saveAddress", cnAddress(`, "default": false, "index": 2`), &reply))
		got := reply.GQAddressCreate
		assert.True(t, got.Success)
		assert.True(t, got.Created)
		a := got.Address
		assert.NotEmpty(t, a.ID)
		assert.True(t, a.Default, "the first address is the default")
		assert.Equal(t, "SELECTED", a.Type)
		assert.Equal(t, Place{GeonameID: china, Name: "中国"}, a.Country, "names from the data, not the client")
		assert.Equal(t, Place{GeonameID: guangdong, Name: "广东省"}, a.Province)
		assert.Equal(t, Place{GeonameID: guangzhou, Name: "广州市"}, a.City)
		assert.Equal(t, Place{}, a.District)
		assert.Equal(t, "13800138000", a.Phone)
		assert.Equal(t, "+86", a.DialCode)
		assert.Equal(t, "中国广东省广州市 天河路 1 号 510000", a.AddressString, "composed by the server")
		assert.Equal(t, 2, a.Index)

		// Stored, and read in another language.
		var list ListReply
		require.NoError(t, f.call(apptest.As(f.ann), "account.addresses", `{}`, &list))
		require.Len(t, list.Addresses, 1)
		assert.Equal(t, "Guangdong", list.Addresses[0].Province.Name)
		assert.Equal(t, "China", list.Addresses[0].Country.Name)

		// A US address to the third level, in English.
		us := `{"type": "SELECTED", "country": {"geonameId": 6252001}, "province": {"geonameId": 5332921},
			"city": {"geonameId": 5368381}, "district": {"geonameId": 5368361}, "address": "200 N Spring St",
			"phone": "(213) 473-3231", "dialCode": "1", "name": "Ann", "postcode": "90012", "default": true}`
		require.NoError(t, f.call(apptest.As(f.ann), "mutates.saveAddress", us, &reply))
		a = reply.GQAddressCreate.Address
		assert.Equal(t, "Los Angeles", a.District.Name)
		assert.Equal(t, "200 N Spring St, Los Angeles, Los Angeles County, California 90012, United States", a.AddressString)
		assert.Equal(t, "+1", a.DialCode)
		assert.True(t, a.Default)
		require.NoError(t, f.call(apptest.As(f.ann), "account.addresses", `{}`, &list))
		require.Len(t, list.Addresses, 2)
		assert.Equal(t, a.ID, list.Addresses[0].ID, "the new default first")
		assert.False(t, list.Addresses[1].Default, "setting a default unsets the other")

		// The district is optional; a Spanish one to the province.
		es := `{"type": "SELECTED", "country": {"geonameId": 2510769}, "province": {"geonameId": 2593109},
			"city": {"geonameId": 2510910}, "address": "Calle Sierpes 1", "phone": "612 345 678", "dialCode": "+34",
			"name": "Ana", "postcode": "41004"}`
		require.NoError(t, f.call(inLang(apptest.As(f.ann), "es"), "mutates.saveAddress", es, &reply))
		assert.Equal(t, "Calle Sierpes 1, Sevilla, Andalucía 41004, España", reply.GQAddressCreate.Address.AddressString)
	})
}

func TestSavePlacesMustChain(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := apptest.As(f.ann)
		body := func(country, province, city, district int64) string {
			return fmt.Sprintf(`{"type": "SELECTED", "country": {"geonameId": %d}, "province": {"geonameId": %d},
				"city": {"geonameId": %d}, "district": {"geonameId": %d}, "address": "1 Road", "phone": "13800138000",
				"dialCode": "+86", "name": "Ann", "postcode": "100000"}`, country, province, city, district)
		}
		for name, b := range map[string]string{
			"province of another country": body(china, andalusia, 0, 0),
			"city of another province":    body(china, guangdong, 2034935, 0),
			"province left out":           body(china, 0, 0, 0),
			"city left out":               body(china, guangdong, 0, 0),
			"a part below one left out":   body(usa, california, 0, losAngeles),
			"unknown place":               body(china, guangdong, 999999999, 0),
			"a province as the country":   body(guangdong, guangzhou, 0, 0),
			"unknown country":             body(123456789012, 0, 0, 0),
			"district of another county":  body(usa, california, 5391832, losAngeles),
		} {
			apptest.RequireKey(t, f.call(ann, "mutates.saveAddress", b, nil), "address.error.place")
			_ = name
		}
		require.NoError(t, f.call(ann, "mutates.saveAddress", body(china, beijing, 11876380, 0), nil),
			"Beijing's one second-level place")
		require.NoError(t, f.call(ann, "mutates.saveAddress", body(china, guangdong, shenzhen, 0), nil))
		list, err := db.Addresses().List(t.Context(), f.ann)
		require.NoError(t, err)
		assert.Len(t, list, 2, "nothing written by the refusals")
	})
}

func TestSaveManual(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := inLang(apptest.As(f.ann), "es")
		manual := `{"type": "MANUAL", "country": {"geonameId": 2510769, "name": "Spain!"},
			"province": {"geonameId": 999, "name": " Madrid "}, "city": {"name": "Alcalá de Henares"},
			"address": "Calle Mayor 2", "phone": "+34 612 345 678", "dialCode": "+34", "name": "Ana", "postcode": "28801"}`
		var reply SaveReply
		require.NoError(t, f.call(ann, "mutates.saveAddress", manual, &reply))
		a := reply.GQAddressCreate.Address
		assert.Equal(t, "MANUAL", a.Type)
		assert.Equal(t, Place{GeonameID: spain, Name: "España"}, a.Country)
		assert.Equal(t, Place{Name: "Madrid"}, a.Province, "typed, its id ignored")
		assert.Equal(t, Place{Name: "Alcalá de Henares"}, a.City)
		assert.Equal(t, "Calle Mayor 2, Alcalá de Henares, Madrid 28801, España", a.AddressString)

		long := strings.Replace(manual, "Alcalá de Henares", strings.Repeat("x", MaxRegion+1), 1)
		apptest.RequireKey(t, f.call(ann, "mutates.saveAddress", long, nil), "address.error.region")
		notCountry := strings.Replace(manual, "2510769", "2593109", 1)
		apptest.RequireKey(t, f.call(ann, "mutates.saveAddress", notCountry, nil), "address.error.place")
	})
}

func TestSaveRefusesBadInput(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := apptest.As(f.ann)
		for _, tt := range []struct{ old, new, key string }{
			{`"phone": "138 0013 8000"`, `"phone": "12345"`, "address.error.phone"},
			{`"phone": "138 0013 8000"`, `"phone": "+1 213 473 3231"`, "address.error.phone"},
			{`"phone": "138 0013 8000"`, `"phone": "1380013800a"`, "address.error.phone"},
			{`"phone": "138 0013 8000"`, `"phone": ""`, "address.error.phone"},
			{`"dialCode": "+86"`, `"dialCode": "+999"`, "address.error.dialCode"},
			{`"dialCode": "+86"`, `"dialCode": "abc"`, "address.error.dialCode"},
			{`"name": "安"`, `"name": "  "`, "address.error.name"},
			{`"name": "安"`, `"name": "` + strings.Repeat("安", MaxName+1) + `"`, "address.error.nameLong"},
			{`"address": "天河路 1 号"`, `"address": ""`, "address.error.address"},
			{`"address": "天河路 1 号"`, `"address": "` + strings.Repeat("a", MaxLine+1) + `"`, "address.error.addressLong"},
			{`"address": "天河路 1 号"`, `"address": "a\u0000b"`, "address.error.addressLong"},
			{`"postcode": "510000"`, `"postcode": ""`, "address.error.postcodeRequired"},
			{`"postcode": "510000"`, `"postcode": "51<0>"`, "address.error.postcode"},
			{`"postcode": "510000"`, `"postcode": "` + strings.Repeat("1", MaxPostcode+1) + `"`, "address.error.postcodeLong"},
			{`"type": "SELECTED"`, `"type": "OTHER"`, "address.error.type"},
			{`"type": "SELECTED"`, `"type": "SELECTED", "index": -1`, "common.error.badField"},
			{`"country": {"geonameId": 1814991, "name": "ignored"}`, `"country": {}`, "common.error.required"},
		} {
			body := strings.Replace(cnAddress(""), tt.old, tt.new, 1)
			require.NotEqual(t, cnAddress(""), body, tt.old)
			apptest.RequireKey(t, f.call(ann, "mutates.saveAddress", body, nil), tt.key)
		}
		list, err := db.Addresses().List(t.Context(), f.ann)
		require.NoError(t, err)
		assert.Empty(t, list, "nothing half-written")
		apptest.RequireKey(t, f.call(guest("en"), "mutates.saveAddress", cnAddress(""), nil), "common.error.unauthorized")
	})
}

func TestEditDeleteAndRights(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann, bob := apptest.As(f.ann), apptest.As(f.bob)
		var first, second SaveReply
		require.NoError(t, f.call(ann, "mutates.saveAddress", cnAddress(""), &first))
		require.NoError(t, f.call(ann, "mutates.saveAddress", cnAddress(`, "city": {"geonameId": 1795563}`), &second))
		assert.False(t, second.GQAddressCreate.Address.Default)
		id := first.GQAddressCreate.Address.ID

		// Edit: the same row, another city.
		var edited SaveReply
		require.NoError(t, f.call(ann, "mutates.saveAddress",
			cnAddress(`, "addressId": "`+id+`", "city": {"geonameId": 1795563}, "default": true`), &edited))
		assert.False(t, edited.GQAddressCreate.Created)
		assert.Equal(t, id, edited.GQAddressCreate.Address.ID)
		assert.Equal(t, int64(shenzhen), edited.GQAddressCreate.Address.City.GeonameID)
		assert.True(t, edited.GQAddressCreate.Address.Default)

		// Another member's address is not found, for an edit or a delete.
		apptest.RequireKey(t, f.call(bob, "mutates.saveAddress", cnAddress(`, "addressId": "`+id+`"`), nil),
			"address.error.notFound")
		apptest.RequireKey(t, f.call(bob, "mutates.deleteAddress", `{"addressId": "`+id+`"}`, nil), "address.error.notFound")
		var bobs ListReply
		require.NoError(t, f.call(bob, "account.addresses", `{}`, &bobs))
		assert.Empty(t, bobs.Addresses)
		assert.NotNil(t, bobs.Addresses)

		// Deleting the default makes the newest remaining one the default.
		var del DeleteReply
		require.NoError(t, f.call(ann, "mutates.deleteAddress", `{"addressId": "`+id+`"}`, &del))
		assert.True(t, del.Success)
		var list ListReply
		require.NoError(t, f.call(ann, "account.addresses", `{}`, &list))
		require.Len(t, list.Addresses, 1)
		assert.Equal(t, second.GQAddressCreate.Address.ID, list.Addresses[0].ID)
		assert.True(t, list.Addresses[0].Default)
		apptest.RequireKey(t, f.call(ann, "mutates.deleteAddress", `{"addressId": "`+id+`"}`, nil), "address.error.notFound")
		apptest.RequireKey(t, f.call(ann, "mutates.deleteAddress", `{}`, nil), "common.error.required")
	})
}

func TestAddressLimit(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := apptest.As(f.ann)
		for range MaxAddresses {
			require.NoError(t, f.call(ann, "mutates.saveAddress", cnAddress(""), nil))
		}
		err := f.call(ann, "mutates.saveAddress", cnAddress(""), nil)
		apptest.RequireKey(t, err, "address.error.limit")
		var list ListReply
		require.NoError(t, f.call(ann, "account.addresses", `{}`, &list))
		assert.Len(t, list.Addresses, MaxAddresses)
		defaults := 0
		for _, a := range list.Addresses {
			if a.Default {
				defaults++
			}
		}
		assert.Equal(t, 1, defaults)
		// An edit is still allowed at the limit.
		require.NoError(t, f.call(ann, "mutates.saveAddress", cnAddress(`, "addressId": "`+list.Addresses[3].ID+`"`), nil))
	})
}

func TestViewOfStoredAddress(t *testing.T) {
	a := persistence.Address{ID: 42, Type: persistence.AddressSelected, CountryID: usa, Country: "美国",
		ProvinceID: california, Province: "加利福尼亚州", CityID: 999999999999, City: "Gone", Line: "1 Road"}
	v := View(a, "en")
	assert.Equal(t, "42", v.ID)
	assert.Equal(t, "United States", v.Country.Name, "the data's name in the language asked for")
	assert.Equal(t, "California", v.Province.Name)
	assert.Equal(t, Place{GeonameID: 999999999999, Name: "Gone"}, v.City, "the saved name when the data lacks the place")
	b, err := json.Marshal(v)
	require.NoError(t, err)
	for _, key := range []string{"id", "type", "default", "country", "province", "city", "district", "address",
		"addressString", "phone", "dialCode", "name", "postcode", "index"} {
		assert.Contains(t, string(b), `"`+key+`":`)
	}
}
