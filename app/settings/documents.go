package settings

import (
	"context"
	"errors"

	"souk/app/internal/layout"
	"souk/app/internal/sitesettings"
	"souk/persistence"
)

// Keys of the documents the settings store holds, each a JSON document of
// the type named beside it (see souk/app/internal/sitesettings). The demo
// seed and the admin screens write them; utils.getSettings reads them and
// localizes every Text.
const (
	KeyCreditSymbol  = sitesettings.KeyCreditSymbol  // string
	KeyAnalytics     = sitesettings.KeyAnalytics     // string: an HTML snippet; absent means none
	KeyFileMimes     = sitesettings.KeyFileMimes     // map[string]FileMimes
	KeyMaxFileSize   = sitesettings.KeyMaxFileSize   // int, MB
	KeyLoginBox      = sitesettings.KeyLoginBox      // LoginBoxDoc
	KeyReport        = sitesettings.KeyReport        // ReportDoc
	KeyAddressPicker = sitesettings.KeyAddressPicker // AddressPickerDoc
	KeyPageSettings  = sitesettings.KeyPageSettings  // PageSettingsDoc
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

// The other stored documents are souk/app/internal/sitesettings's, which
// the admin screens write.
type (
	// FileMimes lists the MIME types and file extensions accepted for one media type.
	FileMimes = sitesettings.FileMimes
	// LoginBoxDoc is stored under KeyLoginBox.
	LoginBoxDoc = sitesettings.LoginBoxDoc
	// ReportDoc is stored under KeyReport: per report type (post, comment,
	// user, chat), per language, the reasons a reporter picks from.
	ReportDoc = sitesettings.ReportDoc
	// CountryDoc is a stored country of the address picker.
	CountryDoc = sitesettings.CountryDoc
	// AddressPickerDoc is stored under KeyAddressPicker.
	AddressPickerDoc = sitesettings.AddressPickerDoc
)

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
