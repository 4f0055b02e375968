// Package layout is the page builder's site layout document: the header
// and footer of every device and every builder page's blocks per device.
// It decodes the document strictly, validates (and sanitizes) it, checks
// what its list blocks point at, and publishes it in one transaction: a
// new version, the page_settings setting and the page rows.
//
// The document's JSON is the wire and the storage format at once; its
// TypeScript twin is webui/src/models/builder.ts.
package layout

import "souk/app/action"

// The devices, each with its own header, footer and blocks.
const (
	Mobile  = "mobile"
	Tablet  = "tablet"
	Desktop = "desktop"
)

// Devices lists the devices in their order.
var Devices = []string{Mobile, Tablet, Desktop}

// Kinds of page (persistence.PageHome, PageCustom, PageDocs).
const (
	KindHome   = "home"
	KindCustom = "custom"
	KindDocs   = "docs"
)

// Page layouts.
const (
	LayoutDefault = "default"
	LayoutDocs    = "docs"
)

// Block types, in the order the builder offers them.
const (
	TypeHero     = "hero"
	TypeText     = "text"
	TypeImage    = "image"
	TypeArticles = "articles"
	TypeTopics   = "topics"
	TypeProducts = "products"
	TypeMenu     = "menu"
	TypeNodes    = "nodes"
	TypeChat     = "chat"
	TypeAudio    = "audio"
	TypeHTML     = "html"
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

// Doc is the whole site layout. Its zero value is not valid: Validate
// wants every device and exactly one home page.
type Doc struct {
	// PageSettings is the header and footer per device.
	PageSettings PageSettings `json:"pageSettings"`
	// Pages are the home, custom and docs pages; docs pages in the order
	// of their side navigation.
	Pages []PageDoc `json:"pages"`
}

// PageSettings is the header and footer per device (mobile, tablet,
// desktop); it is stored as the page_settings setting too.
type PageSettings map[string]DeviceDoc

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

// PageDoc is one builder page.
type PageDoc struct {
	// Kind is KindHome, KindCustom or KindDocs.
	Kind string `json:"kind"`
	// Name is "" for the home page, the URL segment of a custom page, the
	// slug under /docs/ of a docs page.
	Name   string `json:"name"`
	Titles Text   `json:"titles"`
	// Layout is LayoutDefault or LayoutDocs (always LayoutDocs for docs pages).
	Layout string `json:"layout"`
	Blocks Blocks `json:"blocks"`
}

// Blocks are a page's blocks, an ordered list per device. A nil list is a
// missing device (refused by Validate); an empty one shows nothing.
type Blocks struct {
	Mobile  []Block `json:"mobile"`
	Tablet  []Block `json:"tablet"`
	Desktop []Block `json:"desktop"`
}

// Device returns the list of device (Mobile, Tablet or Desktop).
func (b *Blocks) Device(device string) *[]Block {
	switch device {
	case Mobile:
		return &b.Mobile
	case Tablet:
		return &b.Tablet
	case Desktop:
		return &b.Desktop
	}
	return nil
}

// Block is one block of a device's list.
type Block struct {
	// ID is unique within its device's list; the same id on several
	// devices is the same block duplicated.
	ID   string `json:"id"`
	Type string `json:"type"`
	// Hidden keeps the block in the layout without showing it on this device.
	Hidden bool `json:"hidden,omitempty"`
	// Props is a pointer to the props type of Type (*HeroProps for
	// TypeHero, ...).
	Props any `json:"props"`
}

// HeroProps are a hero block's.
type HeroProps struct {
	Title    Text   `json:"title"`
	Subtitle Text   `json:"subtitle"`
	Image    string `json:"image" doc:"background picture (https or /media/…); empty for none"`
	CTA      *CTA   `json:"cta,omitempty"`
	Align    string `json:"align" doc:"left or center"`
}

// CTA is a hero's call to action.
type CTA struct {
	Label Text   `json:"label"`
	URL   string `json:"url"`
}

// TextProps are a rich text block's: sanitized HTML per language.
type TextProps struct {
	HTML Text `json:"html"`
}

// ImageProps are an image block's: one picture, or a carousel of several.
type ImageProps struct {
	Images   []CarouselDoc `json:"images"`
	Aspect   string        `json:"aspect" doc:"16/9, 4/3, 1/1 or auto"`
	Autoplay bool          `json:"autoplay"`
}

// ListProps are the props of the articles, topics and products blocks.
type ListProps struct {
	Title Text `json:"title"`
	// Source is latest, category, tag or picked (topics: latest, node or picked).
	Source string `json:"source"`
	// Ref is the category's, tag's or node's id for those sources.
	Ref string `json:"ref"`
	// IDs are the hand-picked items' databaseIds, in order (source picked).
	IDs     []string `json:"ids"`
	View    string   `json:"view" doc:"list, cards or masonry"`
	Count   int      `json:"count"`
	Columns int      `json:"columns"`
}

// MenuProps are the horizontally scrolling menu container's.
type MenuProps struct {
	Items      []MenuItemDoc `json:"items"`
	ScrollX    bool          `json:"scrollX"`
	ScrollY    bool          `json:"scrollY"`
	Gap        int           `json:"gap"`
	Padding    int           `json:"padding"`
	Background string        `json:"background" doc:"CSS colour; empty for none"`
}

// NodesProps are a community node strip's: the picked nodes in order, or
// the first Count when none are picked.
type NodesProps struct {
	Title Text     `json:"title"`
	IDs   []string `json:"ids"`
	Count int      `json:"count"`
}

// ChatProps are a chat invitation's.
type ChatProps struct {
	Title  Text `json:"title"`
	Text   Text `json:"text"`
	Button Text `json:"button"`
}

// AudioItem is one track (SPEC §3); CurrentTime is the player's.
type AudioItem struct {
	Src         string   `json:"src"`
	Time        float64  `json:"time"`
	Thumb       string   `json:"thumb"`
	Title       string   `json:"title"`
	CurrentTime *float64 `json:"currentTime,omitempty"`
}

// AudioProps are an audio playlist block's.
type AudioProps struct {
	Title Text        `json:"title"`
	Items []AudioItem `json:"items"`
}

// HTMLProps are a custom HTML block's.
type HTMLProps struct {
	HTML string `json:"html"`
}

// newProps returns a pointer to the props type of a block type, or nil
// for an unknown type.
func newProps(blockType string) any {
	switch blockType {
	case TypeHero:
		return &HeroProps{}
	case TypeText:
		return &TextProps{}
	case TypeImage:
		return &ImageProps{}
	case TypeArticles, TypeTopics, TypeProducts:
		return &ListProps{}
	case TypeMenu:
		return &MenuProps{}
	case TypeNodes:
		return &NodesProps{}
	case TypeChat:
		return &ChatProps{}
	case TypeAudio:
		return &AudioProps{}
	case TypeHTML:
		return &HTMLProps{}
	}
	return nil
}
