package layout

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"souk/app/action"
)

// Bounds of a layout document.
const (
	// MaxPages bounds the pages of a document.
	MaxPages = 60
	// MaxBlocks bounds the blocks of one device's list.
	MaxBlocks = 40
	// MaxTextRunes bounds each language of a plain text (titles, labels, captions).
	MaxTextRunes = 200
	// MaxRichBytes bounds each language of a rich text and an html block.
	MaxRichBytes = 64 << 10
	// MaxPicked bounds a list block's hand-picked items.
	MaxPicked = 20
	// MaxMenuItems bounds each level of a menu.
	MaxMenuItems = 30
	// MaxAudioItems bounds an audio block's tracks.
	MaxAudioItems = 20
	// MaxImages bounds an image block's pictures.
	MaxImages = 10
	// MaxNodes bounds a node strip's picked nodes and count.
	MaxNodes = 30
)

// DefaultLanguages are the site languages Validate wants every custom and
// docs page titled in when Check.Languages names none.
var DefaultLanguages = []string{"zh-hans", "en", "es"}

// Check is what Validate checks a document against.
type Check struct {
	// Refs tells which categories, tags, nodes and items exist; nil skips
	// the check (DBRefs reads them from the database).
	Refs Refs
	// CanHTML lets the author add html blocks and change their html
	// (administrators).
	CanHTML bool
	// Previous is the document the author started from (the saved draft
	// or the published one): without CanHTML, every html block must be one
	// of Previous, unchanged. Nil means none.
	Previous *Doc
	// Languages are the site's languages, each needed in the titles of
	// custom and docs pages; nil means DefaultLanguages.
	Languages []string
}

// Validate checks doc against every rule of the layout document and
// sanitizes its rich texts and html in place. A refusal is an
// *action.Error naming the JSON path of what it refuses; other errors are
// the Refs' failures.
func Validate(ctx context.Context, doc *Doc, c Check) error {
	if c.Languages == nil {
		c.Languages = DefaultLanguages
	}
	if err := validatePageSettings(doc.PageSettings); err != nil {
		return err
	}
	if err := validatePages(doc.Pages, c.Languages); err != nil {
		return err
	}
	if err := checkHTML(doc, c); err != nil {
		return err
	}
	if data, err := json.Marshal(doc); err != nil {
		return fmt.Errorf("layout: encode: %w", err)
	} else if len(data) > MaxBytes {
		return ErrTooLarge
	}
	if c.Refs == nil {
		return nil
	}
	return checkRefs(ctx, doc, c.Refs)
}

func validatePageSettings(ps PageSettings) error {
	for _, device := range Devices {
		if _, ok := ps[device]; !ok {
			return errMissingDevice("pageSettings", device)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(ps)) {
		if !slices.Contains(Devices, key) {
			return action.BadField("pageSettings." + key)
		}
	}
	for _, device := range Devices {
		d := ps[device]
		if err := validateDevice(&d, "pageSettings."+device); err != nil {
			return err
		}
		ps[device] = d
	}
	return nil
}

var headerAttrs = []string{"logo", "menu", "search", "download", "darkMode", "locale", "user"}

func validateDevice(d *DeviceDoc, path string) error {
	h, f := &d.Header, &d.Footer
	if err := validateLook(h.Look, path+".header"); err != nil {
		return err
	}
	for i, attr := range h.AttrsPicked {
		if !slices.Contains(headerAttrs, attr) || slices.Index(h.AttrsPicked, attr) != i {
			return action.BadField(fmt.Sprintf("%s.header.attrsPicked[%d]", path, i))
		}
	}
	if err := validateMenu(h.Menus, path+".header.menus", 0, true); err != nil {
		return err
	}
	if err := validateMenu(h.UserList, path+".header.userList", 0, true); err != nil {
		return err
	}
	if h.LogoWidth < 0 || h.LogoWidth > 1000 {
		return action.BadField(path + ".header.logoWidth")
	}
	if !isImageURL(h.Logo, true) {
		return action.BadField(path + ".header.logo")
	}
	if err := validateLook(f.Look, path+".footer"); err != nil {
		return err
	}
	if err := validateMenu(f.Menus, path+".footer.menus", 0, true); err != nil {
		return err
	}
	if err := validateMenu(f.CreateMenu.Menus, path+".footer.createMenu.menus", 0, true); err != nil {
		return err
	}
	if err := validateSlides(f.CreateMenu.Carousel, path+".footer.createMenu.carousel", 0); err != nil {
		return err
	}
	return sanitizeRich(f.TextHTMLLastRow, path+".footer.textHtmlLastRow")
}

func validateLook(l Look, path string) error {
	switch {
	case !isColour(l.BackgroundColor, true):
		return action.BadField(path + ".backgroundColor")
	case !isColour(l.TextColor, true):
		return action.BadField(path + ".textColor")
	case !cssWidth.MatchString(l.Width):
		return action.BadField(path + ".width")
	case !cssSize.MatchString(l.TextSize):
		return action.BadField(path + ".textSize")
	}
	return nil
}

// validateMenu checks menu items: a label, a link, an icon name and one
// level of children below the top.
func validateMenu(items []MenuItemDoc, path string, depth int, allowEmpty bool) error {
	if len(items) > MaxMenuItems || (!allowEmpty && len(items) == 0) {
		return action.BadField(path)
	}
	for i, item := range items {
		p := fmt.Sprintf("%s[%d]", path, i)
		if err := validateText(item.Label, p+".label"); err != nil {
			return err
		}
		if !isLink(item.URL, true) {
			return action.BadField(p + ".url")
		}
		if !iconName.MatchString(item.Icon) {
			return action.BadField(p + ".icon")
		}
		if len(item.Children) > 0 && depth > 0 {
			return action.BadField(p + ".children")
		}
		if err := validateMenu(item.Children, p+".children", depth+1, true); err != nil {
			return err
		}
	}
	return nil
}

// validateSlides checks carousel slides: min..MaxImages of them.
func validateSlides(slides []CarouselDoc, path string, least int) error {
	if len(slides) < least || len(slides) > MaxImages {
		return action.BadField(path)
	}
	for i, s := range slides {
		p := fmt.Sprintf("%s[%d]", path, i)
		if s.URL == "" || !isImageURL(s.URL, true) {
			return action.BadField(p + ".url")
		}
		if !isLink(s.Link, true) {
			return action.BadField(p + ".link")
		}
		if err := validateText(s.Caption, p+".caption"); err != nil {
			return err
		}
	}
	return nil
}

// validateText checks a plain text per language.
func validateText(t Text, path string) error {
	if len(t) > 10 {
		return action.BadField(path)
	}
	for _, lang := range slices.Sorted(maps.Keys(t)) {
		if !langCode.MatchString(lang) || len([]rune(t[lang])) > MaxTextRunes {
			return action.BadField(path + "." + lang)
		}
	}
	return nil
}

func validatePages(pages []PageDoc, languages []string) error {
	if len(pages) > MaxPages {
		return errTooManyPages("pages")
	}
	homes := 0
	seen := map[string]bool{}
	for i := range pages {
		p := &pages[i]
		path := fmt.Sprintf("pages[%d]", i)
		switch p.Kind {
		case KindHome:
			homes++
			if homes > 1 {
				return errDuplicateName(path+".name", p.Name)
			}
			if p.Name != "" {
				return action.BadField(path + ".name")
			}
			if p.Layout == "" {
				p.Layout = LayoutDefault
			}
			if p.Layout != LayoutDefault {
				return action.BadField(path + ".layout")
			}
		case KindCustom:
			if !customName.MatchString(p.Name) {
				return action.BadField(path + ".name")
			}
			if IsReserved(p.Name) {
				return errReservedName(path+".name", p.Name)
			}
			if p.Layout == "" {
				p.Layout = LayoutDefault
			}
			if p.Layout != LayoutDefault && p.Layout != LayoutDocs {
				return action.BadField(path + ".layout")
			}
		case KindDocs:
			if !docsSlug.MatchString(p.Name) {
				return action.BadField(path + ".name")
			}
			if p.Layout == "" {
				p.Layout = LayoutDocs
			}
			if p.Layout != LayoutDocs {
				return action.BadField(path + ".layout")
			}
		default:
			return action.BadField(path + ".kind")
		}
		key := p.Kind + "/" + p.Name
		if seen[key] {
			return errDuplicateName(path+".name", p.Name)
		}
		seen[key] = true
		if err := validateText(p.Titles, path+".titles"); err != nil {
			return err
		}
		if p.Kind != KindHome {
			for _, lang := range languages {
				if strings.TrimSpace(p.Titles[lang]) == "" {
					return action.Required(path + ".titles." + lang)
				}
			}
		}
		for _, device := range Devices {
			list := *p.Blocks.Device(device)
			listPath := path + ".blocks." + device
			if list == nil {
				return errMissingDevice(path+".blocks", device)
			}
			if err := validateBlocks(list, listPath); err != nil {
				return err
			}
		}
	}
	if homes == 0 {
		return errNoHome()
	}
	return nil
}

func isID(s string) bool {
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && n > 0 && strconv.FormatInt(n, 10) == s
}
