package layout

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"souk/persistence"
)

// Import returns the document of a site that never published: its
// page_settings setting and its page rows, so that the builder starts
// from what the site shows. Pages whose modules are an older module list
// keep their text modules as text blocks; a site without a home page
// gets an empty one. The result may need editing before it validates
// (missing titles, for instance).
func Import(ctx context.Context, db *persistence.DB, languages []string) (Doc, error) {
	if languages == nil {
		languages = DefaultLanguages
	}
	doc := Doc{PageSettings: PageSettings{}}
	err := db.Settings().Get(ctx, "page_settings", &doc.PageSettings)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return Doc{}, fmt.Errorf("layout: import: %w", err)
	}
	if doc.PageSettings == nil {
		doc.PageSettings = PageSettings{}
	}
	for _, device := range Devices {
		if _, ok := doc.PageSettings[device]; !ok {
			doc.PageSettings[device] = DeviceDoc{}
		}
	}
	rows, err := db.Pages().List(ctx)
	if err != nil {
		return Doc{}, fmt.Errorf("layout: import: %w", err)
	}
	rank := map[string]int{persistence.PageHome: 0, persistence.PageCustom: 1, persistence.PageDocs: 2}
	slices.SortStableFunc(rows, func(a, b persistence.Page) int {
		if d := rank[a.Kind] - rank[b.Kind]; d != 0 {
			return d
		}
		return a.Position - b.Position
	})
	home := false
	for _, row := range rows {
		p := PageDoc{Kind: KindCustom, Name: row.Name, Titles: Text(row.Titles), Layout: row.Layout, Blocks: importBlocks(row.Modules, languages)}
		switch row.Kind {
		case persistence.PageHome:
			if home {
				continue
			}
			home = true
			p.Kind, p.Name, p.Layout = KindHome, "", LayoutDefault
		case persistence.PageDocs:
			p.Kind, p.Name, p.Layout = KindDocs, strings.TrimPrefix(row.Name, persistence.DocsPrefix), LayoutDocs
		default:
			if p.Layout != LayoutDocs {
				p.Layout = LayoutDefault
			}
		}
		if p.Titles == nil {
			p.Titles = Text{}
		}
		doc.Pages = append(doc.Pages, p)
	}
	if !home {
		empty := PageDoc{Kind: KindHome, Titles: Text{}, Layout: LayoutDefault, Blocks: importBlocks(nil, languages)}
		doc.Pages = append([]PageDoc{empty}, doc.Pages...)
	}
	return doc, nil
}

// legacyModule is a module of the page rows written before the builder:
// one html per device.
type legacyModule struct {
	Type   string `json:"type"`
	Mobile struct {
		HTML string `json:"html"`
	} `json:"mobile"`
	Tablet struct {
		HTML string `json:"html"`
	} `json:"tablet"`
	Desktop struct {
		HTML string `json:"html"`
	} `json:"desktop"`
}

// importBlocks reads a page row's modules: a Blocks object, or a legacy
// module list whose text modules become text blocks (the one html in
// every language). Anything else gives empty lists.
func importBlocks(modules json.RawMessage, languages []string) Blocks {
	blocks := Blocks{Mobile: []Block{}, Tablet: []Block{}, Desktop: []Block{}}
	var current Blocks
	if err := json.Unmarshal(modules, &current); err == nil && len(modules) > 0 && modules[0] == '{' {
		for _, device := range Devices {
			if list := *current.Device(device); list != nil {
				*blocks.Device(device) = list
			}
		}
		return blocks
	}
	var legacy []legacyModule
	if err := json.Unmarshal(modules, &legacy); err != nil {
		return blocks
	}
	for i, m := range legacy {
		if m.Type != TypeText {
			continue
		}
		for device, html := range map[string]string{Mobile: m.Mobile.HTML, Tablet: m.Tablet.HTML, Desktop: m.Desktop.HTML} {
			text := Text{}
			for _, lang := range languages {
				text[lang] = html
			}
			list := blocks.Device(device)
			*list = append(*list, Block{ID: fmt.Sprintf("text-%d", i+1), Type: TypeText, Props: &TextProps{HTML: text}})
		}
	}
	return blocks
}
