// Package address keeps members' shipping addresses and serves the place
// picker (utils.addressPicker) from the embedded GeoNames data of
// souk/app/internal/geo.
//
// A SELECTED address names its country, province, city and (optionally)
// district by geonameId; every id must be in the data and each part must
// lie in the one above it, and the names stored are the data's, never the
// client's. A MANUAL address picks its country by id and types the parts
// below it. The server composes addressString from the parts.
package address

import (
	"context"
	"errors"
	"net/http"
	"time"

	"souk/app/action"
	"souk/persistence"
)

// Bounds of an address.
const (
	// MaxAddresses is the most addresses a member keeps.
	MaxAddresses = 20
	// MaxName is the longest recipient name, in characters.
	MaxName = 60
	// MaxLine is the longest street address, in characters.
	MaxLine = 200
	// MaxRegion is the longest typed place name (a MANUAL address's
	// province, city or district), in characters.
	MaxRegion = 100
	// MaxPostcode is the longest postcode, in characters.
	MaxPostcode = 20
	// MaxIndex is the highest ordering index.
	MaxIndex = 10_000
)

// The address refusals.
var (
	// ErrUnknownPlace is utils.addressPicker's refusal of a geonameId the
	// data does not have.
	ErrUnknownPlace = action.Errorf(http.StatusNotFound, "address.error.place")
	// ErrPlace is returned for a SELECTED address whose places are not in
	// the data, or do not lie one in the other, or miss a level the data
	// has; and for a country that is not one.
	ErrPlace = action.Errorf(http.StatusBadRequest, "address.error.place")
	// ErrType is returned for a type other than SELECTED and MANUAL.
	ErrType = action.Errorf(http.StatusBadRequest, "address.error.type")
	// ErrPhone is returned for a phone number that is not a valid number of
	// the dial code's country.
	ErrPhone = action.Errorf(http.StatusBadRequest, "address.error.phone")
	// ErrDialCode is returned for a dial code no country has.
	ErrDialCode = action.Errorf(http.StatusBadRequest, "address.error.dialCode")
	// ErrName is returned for a missing recipient name, ErrNameLong for one
	// longer than MaxName.
	ErrName     = action.Errorf(http.StatusBadRequest, "address.error.name")
	ErrNameLong = action.Errorf(http.StatusBadRequest, "address.error.nameLong", "max", MaxName)
	// ErrLine is returned for a missing street address, ErrLineLong for one
	// longer than MaxLine.
	ErrLine     = action.Errorf(http.StatusBadRequest, "address.error.address")
	ErrLineLong = action.Errorf(http.StatusBadRequest, "address.error.addressLong", "max", MaxLine)
	// ErrPostcode is returned for a postcode with other characters than
	// letters, digits, spaces and dashes; ErrPostcodeRequired for none;
	// ErrPostcodeLong for one longer than MaxPostcode.
	ErrPostcode         = action.Errorf(http.StatusBadRequest, "address.error.postcode")
	ErrPostcodeRequired = action.Errorf(http.StatusBadRequest, "address.error.postcodeRequired")
	ErrPostcodeLong     = action.Errorf(http.StatusBadRequest, "address.error.postcodeLong", "max", MaxPostcode)
	// ErrRegion is returned for a typed place name that is too long.
	ErrRegion = action.Errorf(http.StatusBadRequest, "address.error.region", "max", MaxRegion)
	// ErrLimit is returned when the member has MaxAddresses already.
	ErrLimit = action.Errorf(http.StatusConflict, "address.error.limit", "max", MaxAddresses)
	// ErrNotFound is returned for an address that is not the viewer's.
	ErrNotFound = action.Errorf(http.StatusNotFound, "address.error.notFound")
)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Countries lists the countries an operator narrowed the picker to
	// (the address_picker settings, in their order); nil or an empty list
	// offers every country of the place data.
	Countries func(ctx context.Context) ([]int64, error)
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Service answers the address actions. It is safe for concurrent use.
type Service struct {
	db     *persistence.DB
	listed func(ctx context.Context) ([]int64, error)
	now    func() time.Time
}

// New returns the address service.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{db: cfg.DB, listed: cfg.Countries, now: cfg.Now}
}

// Register adds the address actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "utils.addressPicker",
		Summary: "The places inside a place for the address form's picker: the countries for geonameId 0 (every " +
			"country of the data, or the ones the address_picker settings list), then first-level divisions, second " +
			"and third levels where the GeoNames data has them, named in lang; an unknown geonameId is refused.",
		Access: action.Public,
	}, s.Picker)
	action.Register(r, action.Spec{
		Name: "mutates.saveAddress",
		Summary: "Creates an address of the viewer (at most 20) or edits one (addressId): SELECTED places must be " +
			"in the data and lie one in the other, MANUAL types the parts below the country; the phone must be valid " +
			"for the dial code; the first address, or one saved as default, becomes the only default.",
		Access: action.Member,
	}, s.Save)
	action.Register(r, action.Spec{
		Name:    "account.addresses",
		Summary: "The viewer's addresses, the default first, then by index, the newest first.",
		Access:  action.Member,
	}, s.List)
	action.Register(r, action.Spec{
		Name: "mutates.deleteAddress",
		Summary: "Deletes an address of the viewer; when it was the default, the newest remaining address becomes " +
			"the default.",
		Access: action.Member,
	}, s.Delete)
}

// storeError maps the store's refusals to the client's.
func storeError(err error) error {
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return ErrNotFound
	case errors.Is(err, persistence.ErrAddressLimit):
		return ErrLimit
	}
	return err
}
