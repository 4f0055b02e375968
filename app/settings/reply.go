package settings

import "souk/persistence"

// Settings is the server-settings object of SPEC.md §3, localized into one
// language and one currency.
type Settings struct {
	Level          Levels               `json:"level" doc:"growth levels (lv) and VIP tiers (vip), lowest first"`
	Currency       []Currency           `json:"currency" doc:"currencies prices can be shown in"`
	CurrencyPicked string               `json:"currencyPicked" doc:"ISO code of the currency this answer is in"`
	Languages      []Language           `json:"languages" doc:"languages the site speaks, in picker order"`
	CreditSymbol   string               `json:"credit_symbol" doc:"symbol shown beside credit amounts"`
	Analytics      string               `json:"analytics,omitempty" doc:"HTML snippet with script tags, injected into pages; absent when none"`
	FileMimes      map[string]FileMimes `json:"file_mimes" doc:"accepted uploads per media type: image, video, audio, attachment"`
	MaxFileSize    int                  `json:"max_file_size" doc:"largest upload accepted, in MB"`
	LoginBox       LoginBox             `json:"login_box"`
	Report         map[string][]string  `json:"report" doc:"per report type (post, comment, user, chat), the reasons to pick from, in the answer's language"`
	AddressPicker  AddressPicker        `json:"address_picker"`
	PageSettings   map[string]Device    `json:"page_settings" doc:"header and footer per device: mobile, tablet, desktop"`
}

// Levels lists the growth levels and the VIP tiers.
type Levels struct {
	Lv  []Level `json:"lv" doc:"growth levels, lowest rank first"`
	VIP []Level `json:"vip" doc:"VIP tiers, lowest rank first"`
}

// Level is a growth level or VIP tier.
type Level struct {
	Key   string                 `json:"key" doc:"e.g. lv3 or vip1; the viewer's gqLevel and gqVIP name it"`
	Icon  string                 `json:"icon" doc:"badge picture URL"`
	Name  string                 `json:"name" doc:"name in the answer's language"`
	Names Text                   `json:"names" doc:"name per language code"`
	Rank  int                    `json:"rank" doc:"order within its kind, lowest first"`
	Roles persistence.LevelRoles `json:"roles" doc:"rights given: userCan, media per type {can, max per day (0 unlimited), size MB}, canBuilder"`
}

// Currency is a currency of the picker.
type Currency struct {
	Code      string `json:"code" doc:"ISO 4217 code"`
	SymbolISO string `json:"symbol_iso" doc:"code shown beside amounts, e.g. RMB for CNY"`
	Symbol    string `json:"symbol" doc:"sign shown before amounts, e.g. ¥"`
	Name      string `json:"name" doc:"name in the answer's language"`
	Names     Text   `json:"names" doc:"name per language code"`
	Decimals  int    `json:"decimals" doc:"minor-unit digits"`
}

// Language is a language of the picker.
type Language struct {
	Code     string `json:"code" doc:"zh-hans, en or es"`
	Name     string `json:"name" doc:"BCP 47 tag: zh-CN, en-US, es-ES"`
	Locale   string `json:"locale"`
	Flag     string `json:"flag" doc:"flag picture URL"`
	Currency string `json:"currency" doc:"ISO code of the language's default currency"`
}

// LoginBox configures the login dialog.
type LoginBox struct {
	LoginType        []string   `json:"login_type" doc:"sign-in types offered, phone and/or email; the first is the default"`
	Social           []string   `json:"social" doc:"social login provider keys, e.g. wechat, github, google"`
	Carousel         []Carousel `json:"carousel"`
	UserAgreementURL string     `json:"user_agreement_url"`
	PrivacyPolicyURL string     `json:"privacy_policy_url"`
}

// Carousel is one slide.
type Carousel struct {
	URL     string `json:"url" doc:"picture URL"`
	Link    string `json:"link,omitempty" doc:"where a click goes"`
	Caption string `json:"caption" doc:"caption in the answer's language"`
}

// AddressPicker lists the countries addresses may be in.
type AddressPicker struct {
	Countries []Country `json:"countries"`
}

// Country is a country of the address picker.
type Country struct {
	GeonameID int64  `json:"geonameId" doc:"GeoNames id; utils.addressPicker lists its subdivisions"`
	Name      string `json:"name" doc:"name in the answer's language"`
	Names     Text   `json:"names" doc:"name per language code"`
}

// MenuItem is a menu entry.
type MenuItem struct {
	Label    string     `json:"label" doc:"label in the answer's language"`
	URL      string     `json:"url" doc:"in-app path without locale prefix, or an external URL"`
	Icon     string     `json:"icon,omitempty"`
	Children []MenuItem `json:"children,omitempty" doc:"sub-menu"`
}

// Device is the header and footer of one device.
type Device struct {
	Header Header `json:"header"`
	Footer Footer `json:"footer"`
}

// Header is the site header.
type Header struct {
	Look
	AttrsPicked []string   `json:"attrsPicked" doc:"parts shown: logo, menu, search, download, darkMode, locale, user"`
	Menus       []MenuItem `json:"menus"`
	UserList    []MenuItem `json:"userList" doc:"configurable links of the user menu"`
	LogoWidth   int        `json:"logoWidth" doc:"logo width in px"`
	Logo        string     `json:"logo" doc:"logo picture URL"`
}

// CreateMenu is the pop-up create panel of the mobile footer.
type CreateMenu struct {
	Menus     []MenuItem `json:"menus"`
	Carousel  []Carousel `json:"carousel"`
	JoinChat  bool       `json:"joinChat" doc:"show the join-chat section"`
	ShowShare bool       `json:"showShare" doc:"show the share-thought section"`
}

// Footer is the site footer.
type Footer struct {
	Look
	Menus           []MenuItem `json:"menus"`
	CreateMenu      CreateMenu `json:"createMenu"`
	TextHTMLLastRow string     `json:"textHtmlLastRow" doc:"custom HTML after the copyright line, in the answer's language"`
}
