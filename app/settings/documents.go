package settings

import (
	"context"
	"errors"

	"souk/app/action"
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

// Text is a text per language code ("zh-hans", "en", "es").
type Text map[string]string

// In returns the text in lang, else in the default language, else "".
func (t Text) In(lang string) string {
	if s, ok := t[lang]; ok {
		return s
	}
	return t[action.DefaultLang]
}

// FileMimes lists the MIME types and file extensions accepted for one media type.
type FileMimes struct {
	Mime []string `json:"mime" doc:"accepted MIME types, e.g. image/png"`
	Ext  []string `json:"ext" doc:"accepted file extensions without the dot"`
}

// MenuItemDoc is a stored menu entry, its label in every language.
type MenuItemDoc struct {
	Label    Text          `json:"label"`
	URL      string        `json:"url"`
	Icon     string        `json:"icon,omitempty"`
	Children []MenuItemDoc `json:"children,omitempty"`
}

// CarouselDoc is a stored carousel slide, its caption in every language.
type CarouselDoc struct {
	URL     string `json:"url"`
	Link    string `json:"link,omitempty"`
	Caption Text   `json:"caption"`
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

// PageSettingsDoc is stored under KeyPageSettings: per device (mobile,
// tablet, desktop), the header and footer.
type PageSettingsDoc map[string]DeviceDoc

// DeviceDoc is the stored header and footer of one device.
type DeviceDoc struct {
	Header HeaderDoc `json:"header"`
	Footer FooterDoc `json:"footer"`
}

// Look is the styling shared by header and footer.
type Look struct {
	BackgroundColor string `json:"backgroundColor" doc:"CSS colour; empty means the theme's"`
	TextColor       string `json:"textColor" doc:"CSS colour; empty means the theme's"`
	Width           string `json:"width" doc:"CSS width of the content, e.g. 1200px or 100%"`
	TextSize        string `json:"textSize" doc:"CSS font size, e.g. 14px"`
}

// HeaderDoc is a stored site header.
type HeaderDoc struct {
	Look
	AttrsPicked []string      `json:"attrsPicked"`
	Menus       []MenuItemDoc `json:"menus"`
	UserList    []MenuItemDoc `json:"userList"`
	LogoWidth   int           `json:"logoWidth"`
	Logo        string        `json:"logo"`
}

// CreateMenuDoc is the stored pop-up create panel of the mobile footer.
type CreateMenuDoc struct {
	Menus     []MenuItemDoc `json:"menus"`
	Carousel  []CarouselDoc `json:"carousel"`
	JoinChat  bool          `json:"joinChat"`
	ShowShare bool          `json:"showShare"`
}

// FooterDoc is a stored site footer.
type FooterDoc struct {
	Look
	Menus           []MenuItemDoc `json:"menus"`
	CreateMenu      CreateMenuDoc `json:"createMenu"`
	TextHTMLLastRow Text          `json:"textHtmlLastRow"`
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
