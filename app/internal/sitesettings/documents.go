// Package sitesettings holds the documents the settings store keeps under
// its keys, shared by the features that read them (souk/app/settings
// answers them to the client) and write them (souk/app/admin).
package sitesettings

import "souk/app/internal/layout"

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
	KeyPageSettings  = "page_settings"  // layout.PageSettings
	// KeyNotify holds the operators' notification switches (push and email
	// per kind, the email delay, digests): notifypref.Operators.
	KeyNotify = "notify"
)

// Keys of the social login providers, as LoginBoxDoc.Social lists them;
// the client sends them upper case (GITHUB, GOOGLE, WECHAT).
const (
	SocialGitHub = "github"
	SocialGoogle = "google"
	SocialWeChat = "wechat"
)

// The layout document's types the documents here use.
type (
	// Text is a text per language code ("zh-hans", "en", "es").
	Text = layout.Text
	// CarouselDoc is a stored carousel slide, its caption in every language.
	CarouselDoc = layout.CarouselDoc
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
