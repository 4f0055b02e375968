// Package postal is a member's postal address as the client reads it,
// shared by the address book (souk/app/address) and the orders that ship
// to an address (souk/app/shop).
package postal

import (
	"souk/app/internal/geo"
	"souk/app/member"
	"souk/persistence"
)

// Place is one part of an address: a GeoNames place, or free text.
type Place struct {
	GeonameID int64  `json:"geonameId" doc:"GeoNames id of the place; 0 for a part typed by hand (MANUAL) or left out"`
	Name      string `json:"name" doc:"the place's name in the request language where the data has it, else as saved"`
}

// AddressView is a member's address as the client reads it.
type AddressView struct {
	ID            string `json:"id" doc:"the address's databaseId (decimal string)"`
	Type          string `json:"type" doc:"SELECTED (every part picked with utils.addressPicker) or MANUAL (a picked country, the rest typed)"`
	Default       bool   `json:"default" doc:"the member's default address; exactly one while they have any"`
	Country       Place  `json:"country" doc:"the country"`
	Province      Place  `json:"province" doc:"the first-level division (province, state, autonomous community …)"`
	City          Place  `json:"city" doc:"the second-level division (city, county, province …)"`
	District      Place  `json:"district" doc:"the third-level division (district, municipality …); may be empty"`
	Address       string `json:"address" doc:"the street address (street, number, building, flat)"`
	AddressString string `json:"addressString" doc:"the whole address on one line, composed by the server"`
	Phone         string `json:"phone" doc:"the recipient's phone number, national format digits"`
	DialCode      string `json:"dialCode" doc:"the phone's country calling code, e.g. \"+86\""`
	Name          string `json:"name" doc:"the recipient's name"`
	Postcode      string `json:"postcode" doc:"the postal code"`
	Index         int    `json:"index" doc:"the member's own ordering of their addresses (lowest first after the default)"`
}

// View returns a stored address as the client reads it, with the picked
// places' names in lang where the place data has them (the saved names
// otherwise, e.g. for the typed parts of a MANUAL address).
func View(a persistence.Address, lang string) AddressView {
	return AddressView{
		ID:            member.FormatID(a.ID),
		Type:          a.Type,
		Default:       a.Default,
		Country:       place(a.CountryID, a.Country, lang),
		Province:      place(a.ProvinceID, a.Province, lang),
		City:          place(a.CityID, a.City, lang),
		District:      place(a.DistrictID, a.District, lang),
		Address:       a.Line,
		AddressString: a.AddressString,
		Phone:         a.Phone,
		DialCode:      a.DialCode,
		Name:          a.Name,
		Postcode:      a.Postcode,
		Index:         a.Index,
	}
}

// place is a part of an address: its name in lang from the data when the
// part was picked, the saved name otherwise.
func place(id int64, saved, lang string) Place {
	if id != 0 {
		if p, ok := geo.Get(id); ok {
			return Place{GeonameID: id, Name: p.Name(lang)}
		}
	}
	return Place{GeonameID: id, Name: saved}
}
