package settings

import (
	"context"
	"errors"

	"souk/app/internal/layout"
	"souk/persistence"
)

// Keys of the documents the settings store holds, each a JSON document of
// the type named beside it. The demo seed and the admin screens write them;
// utils.getSettings reads them and localizes every Text.
const (
	KeyCreditSymbol  = "credit_symbol"  // string
	KeyAnalytics     = "analytics"      // string: an HTML snippet; absent means none
	KeyFileMimes     = "file_mimes"     // map[string]FileMimes
	KeyMaxFileSize   = "max_file_size"  // int, MB
	KeyLoginBox      = "login_box"      // LoginBoxDoc
	KeyReport        = "report"         // ReportDoc
	KeyAddressPicker = "address_picker" // AddressPickerDoc
	KeyPageSettings  = "page_settings"  // PageSettingsDoc
)

// The page-settings documents are the layout document's (see
// souk/app/internal/layout), which the page builder publishes.
type (
	// Text is a text per language code ("zh-hans", "en", "es").
	Text = layout.Text
	// MenuItemDoc is a stored menu entry, its label in every language.
	MenuItemDoc = layout.MenuItemDoc
	// CarouselDoc is a stored carousel slide, its caption in every language.
	CarouselDoc = layout.CarouselDoc
	// PageSettingsDoc is stored under KeyPageSettings: per device (mobile,
	// tablet, desktop), the header and footer.
	PageSettingsDoc = layout.PageSettings
	// DeviceDoc is the stored header and footer of one device.
	DeviceDoc = layout.DeviceDoc
	// Look is the styling shared by header and footer.
	Look = layout.Look
	// HeaderDoc is a stored site header.
	HeaderDoc = layout.HeaderDoc
	// CreateMenuDoc is the stored pop-up create panel of the mobile footer.
	CreateMenuDoc = layout.CreateMenuDoc
	// FooterDoc is a stored site footer.
	FooterDoc = layout.FooterDoc
)

// FileMimes lists the MIME types and file extensions accepted for one media type.
type FileMimes struct {
	Mime []string `json:"mime" doc:"accepted MIME types, e.g. image/png"`
	Ext  []string `json:"ext" doc:"accepted file extensions without the dot"`
}

// LoginBoxDoc is stored under KeyLoginBox.
type LoginBoxDoc struct {
	LoginType        []string      `json:"login_type"`
	Social           []string      `json:"social"`
	Carousel         []CarouselDoc `json:"carousel"`
	UserAgreementURL string        `json:"user_agreement_url"`
	PrivacyPolicyURL string        `json:"privacy_policy_url"`
}

// ReportDoc is stored under KeyReport: per report type (post, comment, user,
// chat), per language, the reasons a reporter picks from.
type ReportDoc map[string]map[string][]string

// CountryDoc is a stored country of the address picker.
type CountryDoc struct {
	GeonameID int64 `json:"geonameId"`
	Names     Text  `json:"names"`
}

// AddressPickerDoc is stored under KeyAddressPicker.
type AddressPickerDoc struct {
	Countries []CountryDoc `json:"countries"`
}

// AddressPickerCountries lists the countries the operator narrowed the
// address picker to (KeyAddressPicker), in their order; none when they
// narrowed nothing (every country is offered).
func AddressPickerCountries(ctx context.Context, db *persistence.DB) ([]int64, error) {
	var doc AddressPickerDoc
	if err := db.Settings().Get(ctx, KeyAddressPicker, &doc); err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return nil, err
	}
	ids := make([]int64, 0, len(doc.Countries))
	for _, c := range doc.Countries {
		ids = append(ids, c.GeonameID)
	}
	return ids, nil
}
