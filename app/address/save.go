package address

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"souk/app/action"
	"souk/app/internal/geo"
	"souk/persistence"
)

// PlaceInput is a part of an address as the form sends it.
type PlaceInput struct {
	GeonameID action.ID `json:"geonameId" doc:"the place's GeoNames id (from utils.addressPicker); 0 for a typed part"`
	Name      string    `json:"name" maxBytes:"400" doc:"a MANUAL address's typed name of the part; ignored for a picked place"`
}

// SaveInput is an address to create or edit.
type SaveInput struct {
	AddressID     action.ID  `json:"addressId" doc:"the viewer's address to edit; empty creates one"`
	Type          string     `json:"type" maxBytes:"16" doc:"SELECTED (country, province, city, district picked) or MANUAL (country picked, the rest typed)"`
	Default       bool       `json:"default" doc:"make it the default address (the first address always is)"`
	Country       PlaceInput `json:"country" doc:"the country (geonameId required)"`
	Province      PlaceInput `json:"province" doc:"the first-level division"`
	City          PlaceInput `json:"city" doc:"the second-level division"`
	District      PlaceInput `json:"district" doc:"the third-level division (optional)"`
	Address       string     `json:"address" maxBytes:"1000" doc:"the street address, 1 to 200 characters"`
	AddressString string     `json:"addressString" maxBytes:"2000" doc:"ignored: the server composes the one-line address"`
	Phone         string     `json:"phone" maxBytes:"40" doc:"the recipient's phone number, valid for dialCode"`
	DialCode      string     `json:"dialCode" maxBytes:"8" doc:"the phone's country calling code, e.g. +86"`
	Name          string     `json:"name" maxBytes:"200" doc:"the recipient's name, 1 to 60 characters"`
	Postcode      string     `json:"postcode" maxBytes:"80" doc:"the postal code: letters, digits, spaces and dashes, up to 20"`
	Index         int        `json:"index" doc:"the member's ordering of the address, 0 to 10000"`
}

// Validate checks what needs no database.
func (in *SaveInput) Validate() error {
	if in.Type != persistence.AddressSelected && in.Type != persistence.AddressManual {
		return ErrType
	}
	if in.Country.GeonameID <= 0 {
		return action.Required("country.geonameId")
	}
	if in.Index < 0 || in.Index > MaxIndex {
		return action.BadField("data.index")
	}
	return nil
}

// SaveResult is gqAddressCreate.
type SaveResult struct {
	Success bool        `json:"success" doc:"always true"`
	Created bool        `json:"created" doc:"a new address (false: an edit)"`
	Address AddressView `json:"address" doc:"the address as saved"`
}

// SaveReply is the reply of mutates.saveAddress.
type SaveReply struct {
	GQAddressCreate SaveResult `json:"gqAddressCreate" doc:"the saved address"`
}

// Save answers mutates.saveAddress.
func (s *Service) Save(ctx context.Context, in SaveInput) (SaveReply, error) {
	req := action.RequestFrom(ctx)
	a := persistence.Address{ID: int64(in.AddressID), UserID: req.Viewer.UserID, Type: in.Type, Default: in.Default,
		Index: in.Index}
	var err error
	if a.Name, err = required(in.Name, MaxName, ErrName, ErrNameLong); err != nil {
		return SaveReply{}, err
	}
	if a.Line, err = required(in.Address, MaxLine, ErrLine, ErrLineLong); err != nil {
		return SaveReply{}, err
	}
	if a.Postcode, err = postcode(in.Postcode); err != nil {
		return SaveReply{}, err
	}
	if a.Phone, a.DialCode, err = phone(in.Phone, in.DialCode); err != nil {
		return SaveReply{}, err
	}
	if err := places(&a, in, req.Lang); err != nil {
		return SaveReply{}, err
	}
	if err := s.offered(ctx, a.CountryID); err != nil {
		return SaveReply{}, err
	}
	a.AddressString = compose(a, req.Lang)
	created, err := s.db.Addresses().Save(ctx, &a, MaxAddresses)
	if err != nil {
		return SaveReply{}, storeError(err)
	}
	return SaveReply{GQAddressCreate: SaveResult{Success: true, Created: created, Address: View(a, req.Lang)}}, nil
}

// offered refuses a country the picker does not offer (an operator
// narrowed the countries in the address_picker settings).
func (s *Service) offered(ctx context.Context, countryID int64) error {
	countries, err := s.countries(ctx)
	if err != nil {
		return err
	}
	for _, c := range countries {
		if c.ID == countryID {
			return nil
		}
	}
	return ErrPlace
}

// places fills a's places: a SELECTED address's from the data (each in the
// one above it, no level the data has left out but the district), a MANUAL
// address's country from the data and the rest as typed.
func places(a *persistence.Address, in SaveInput, lang string) error {
	country, ok := geo.Get(int64(in.Country.GeonameID))
	if !ok || country.Level != 0 {
		return ErrPlace
	}
	a.CountryID, a.Country = country.ID, country.Name(lang)
	if a.Type == persistence.AddressManual {
		var err error
		if a.Province, err = text(in.Province.Name, MaxRegion, ErrRegion); err != nil {
			return err
		}
		if a.City, err = text(in.City.Name, MaxRegion, ErrRegion); err != nil {
			return err
		}
		a.District, err = text(in.District.Name, MaxRegion, ErrRegion)
		return err
	}
	parent := country
	parts := []struct {
		in       PlaceInput
		id       *int64
		name     *string
		optional bool
	}{
		{in.Province, &a.ProvinceID, &a.Province, false},
		{in.City, &a.CityID, &a.City, false},
		{in.District, &a.DistrictID, &a.District, true},
	}
	for i, part := range parts {
		id := int64(part.in.GeonameID)
		if id == 0 {
			if parent.HasChildren() && !part.optional {
				return ErrPlace
			}
			// Nothing below a part left out.
			for _, rest := range parts[i+1:] {
				if rest.in.GeonameID != 0 {
					return ErrPlace
				}
			}
			return nil
		}
		p, ok := geo.Get(id)
		if !ok || p.Parent != parent.ID {
			return ErrPlace
		}
		*part.id, *part.name = p.ID, p.Name(lang)
		parent = p
	}
	return nil
}

// text is s trimmed, refused with long when longer than max characters
// or holding control characters.
func text(s string, max int, long error) (string, error) {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > max || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return "", long
	}
	return s, nil
}

// required is text refusing an empty s with missing.
func required(s string, max int, missing, long error) (string, error) {
	s, err := text(s, max, long)
	if err == nil && s == "" {
		return "", missing
	}
	return s, err
}

// postcode is a postcode trimmed: letters, digits, spaces and dashes.
func postcode(s string) (string, error) {
	s, err := required(s, MaxPostcode, ErrPostcodeRequired, ErrPostcodeLong)
	if err != nil {
		return "", err
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && r != '-' {
			return "", ErrPostcode
		}
	}
	return s, nil
}

// phone checks number against the dial code ("+86" or "86") with
// libphonenumber's metadata, returning the national significant number
// and the dial code as "+86".
func phone(number, dialCode string) (string, string, error) {
	code, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(dialCode), "+"))
	if err != nil || code <= 0 {
		return "", "", ErrDialCode
	}
	region := phonenumbers.GetRegionCodeForCountryCode(code)
	if region == "" || region == "ZZ" {
		return "", "", ErrDialCode
	}
	number = strings.TrimSpace(number)
	if number == "" {
		return "", "", ErrPhone
	}
	n, err := phonenumbers.Parse(number, region)
	if err != nil || int(n.GetCountryCode()) != code || !phonenumbers.IsValidNumber(n) {
		return "", "", ErrPhone
	}
	return phonenumbers.GetNationalSignificantNumber(n), fmt.Sprintf("+%d", code), nil
}

// compose is the one-line address in lang: in Chinese from the country
// down ("中国广东省广州市 天河路1号"), otherwise from the street up
// ("1 Main St, Los Angeles, Los Angeles County, California 90012, United States").
func compose(a persistence.Address, lang string) string {
	if lang == "zh-hans" {
		return strings.TrimSpace(a.Country+a.Province+a.City+a.District+" "+a.Line) + postcodeSuffix(a.Postcode)
	}
	parts := []string{a.Line}
	for _, p := range []string{a.District, a.City} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	region := strings.TrimSpace(a.Province + " " + a.Postcode)
	if region != "" {
		parts = append(parts, region)
	}
	parts = append(parts, a.Country)
	return strings.Join(parts, ", ")
}

func postcodeSuffix(code string) string {
	if code == "" {
		return ""
	}
	return " " + code
}
