package page

import (
	"bytes"
	"encoding/json"
	"strings"

	"souk/app/internal/richtext"
)

// MaxDescriptionRunes bounds the description a custom or docs page's HTML
// gives (its first text block's text).
const MaxDescriptionRunes = 200

// blocksOf is a page row's blocks object, or nil when the row holds none
// (no blocks yet, an empty object, or a legacy module list).
func blocksOf(modules json.RawMessage) json.RawMessage {
	trimmed := bytes.TrimSpace(modules)
	if len(trimmed) == 0 || trimmed[0] != '{' || len(bytes.TrimSpace(trimmed[1:])) == 1 {
		return nil
	}
	return trimmed
}

// textBlocks reads what a page's HTML needs of its blocks: the text blocks
// of each device.
type textBlocks struct {
	Mobile  []textBlock `json:"mobile"`
	Tablet  []textBlock `json:"tablet"`
	Desktop []textBlock `json:"desktop"`
}

type textBlock struct {
	Type   string `json:"type"`
	Hidden bool   `json:"hidden"`
	Props  struct {
		HTML map[string]string `json:"html"`
	} `json:"props"`
}

// textMeta describes a custom or docs page to readers of its HTML: the
// text of its first text block as the description, and every shown text
// block as the body, in lang (the default language where lang has none).
// The texts of the desktop layout are read, else the tablet's, else the
// mobile's. Blocks the builder stored are sanitized already.
func textMeta(modules json.RawMessage, lang string) Meta {
	raw := blocksOf(modules)
	if raw == nil {
		return Meta{}
	}
	var blocks textBlocks
	if json.Unmarshal(raw, &blocks) != nil {
		return Meta{}
	}
	for _, device := range [][]textBlock{blocks.Desktop, blocks.Tablet, blocks.Mobile} {
		var body strings.Builder
		for _, b := range device {
			if b.Type == "text" && !b.Hidden {
				body.WriteString(localized(b.Props.HTML, lang))
			}
		}
		if body.Len() == 0 {
			continue
		}
		meta := Meta{Body: body.String()}
		for _, b := range device {
			if b.Type != "text" || b.Hidden {
				continue
			}
			if text := richtext.Excerpt(localized(b.Props.HTML, lang), MaxDescriptionRunes); text != "" {
				meta.Description = text
				break
			}
		}
		return meta
	}
	return Meta{}
}
