package layout

import (
	"fmt"
	"slices"

	"souk/app/action"
)

func validateBlocks(list []Block, path string) error {
	if len(list) > MaxBlocks {
		return errTooManyBlocks(path)
	}
	ids := make(map[string]bool, len(list))
	for i := range list {
		b := &list[i]
		p := fmt.Sprintf("%s[%d]", path, i)
		if !blockID.MatchString(b.ID) || ids[b.ID] {
			return action.BadField(p + ".id")
		}
		ids[b.ID] = true
		if newProps(b.Type) == nil {
			return errUnknownBlock(p+".type", b.Type)
		}
		if err := validateProps(b, p+".props"); err != nil {
			return err
		}
	}
	return nil
}

func validateProps(b *Block, path string) error {
	switch props := b.Props.(type) {
	case *HeroProps:
		if b.Type == TypeHero {
			return validateHero(props, path)
		}
	case *TextProps:
		if b.Type == TypeText {
			return sanitizeRich(props.HTML, path+".html")
		}
	case *ImageProps:
		if b.Type == TypeImage {
			if !slices.Contains([]string{"16/9", "4/3", "1/1", "auto"}, props.Aspect) {
				return action.BadField(path + ".aspect")
			}
			return validateSlides(props.Images, path+".images", 1)
		}
	case *ListProps:
		if b.Type == TypeArticles || b.Type == TypeTopics || b.Type == TypeProducts {
			return validateList(b.Type, props, path)
		}
	case *MenuProps:
		if b.Type == TypeMenu {
			return validateMenuBlock(props, path)
		}
	case *NodesProps:
		if b.Type == TypeNodes {
			return validateNodes(props, path)
		}
	case *ChatProps:
		if b.Type == TypeChat {
			if err := validateText(props.Title, path+".title"); err != nil {
				return err
			}
			if err := validateText(props.Text, path+".text"); err != nil {
				return err
			}
			return validateText(props.Button, path+".button")
		}
	case *AudioProps:
		if b.Type == TypeAudio {
			return validateAudio(props, path)
		}
	case *HTMLProps:
		if b.Type == TypeHTML {
			if len(props.HTML) > MaxRichBytes {
				return action.BadField(path + ".html")
			}
			return nil
		}
	}
	return action.BadField(path)
}

func validateHero(h *HeroProps, path string) error {
	if err := validateText(h.Title, path+".title"); err != nil {
		return err
	}
	if err := validateText(h.Subtitle, path+".subtitle"); err != nil {
		return err
	}
	if !isImageURL(h.Image, false) {
		return action.BadField(path + ".image")
	}
	if h.CTA != nil {
		if err := validateText(h.CTA.Label, path+".cta.label"); err != nil {
			return err
		}
		if h.CTA.URL == "" || !isLink(h.CTA.URL, false) {
			return action.BadField(path + ".cta.url")
		}
	}
	if h.Align != "left" && h.Align != "center" {
		return action.BadField(path + ".align")
	}
	return nil
}

// listSources are the sources of each list block type.
var listSources = map[string][]string{
	TypeArticles: {"latest", "category", "tag", "picked"},
	TypeTopics:   {"latest", "node", "picked"},
	TypeProducts: {"latest", "category", "tag", "picked"},
}

func validateList(blockType string, l *ListProps, path string) error {
	if err := validateText(l.Title, path+".title"); err != nil {
		return err
	}
	if !slices.Contains(listSources[blockType], l.Source) {
		return action.BadField(path + ".source")
	}
	switch l.Source {
	case "category", "tag", "node":
		if !isID(l.Ref) {
			return action.BadField(path + ".ref")
		}
	default:
		if l.Ref != "" {
			return action.BadField(path + ".ref")
		}
	}
	if err := validateIDs(l.IDs, path+".ids", MaxPicked); err != nil {
		return err
	}
	if l.Source == "picked" && len(l.IDs) == 0 {
		return action.Required(path + ".ids")
	}
	if l.IDs == nil {
		l.IDs = []string{}
	}
	switch {
	case l.View != "list" && l.View != "cards" && l.View != "masonry":
		return action.BadField(path + ".view")
	case l.Count < 1 || l.Count > 20:
		return action.BadField(path + ".count")
	case l.Columns < 1 || l.Columns > 4:
		return action.BadField(path + ".columns")
	}
	return nil
}

func validateIDs(ids []string, path string, most int) error {
	if len(ids) > most {
		return action.BadField(path)
	}
	for i, id := range ids {
		if !isID(id) || slices.Index(ids, id) != i {
			return action.BadField(fmt.Sprintf("%s[%d]", path, i))
		}
	}
	return nil
}

func validateMenuBlock(m *MenuProps, path string) error {
	if err := validateMenu(m.Items, path+".items", 0, false); err != nil {
		return err
	}
	switch {
	case m.Gap < 0 || m.Gap > 64:
		return action.BadField(path + ".gap")
	case m.Padding < 0 || m.Padding > 64:
		return action.BadField(path + ".padding")
	case !isColour(m.Background, true):
		return action.BadField(path + ".background")
	}
	return nil
}

func validateNodes(n *NodesProps, path string) error {
	if err := validateText(n.Title, path+".title"); err != nil {
		return err
	}
	if err := validateIDs(n.IDs, path+".ids", MaxNodes); err != nil {
		return err
	}
	if n.IDs == nil {
		n.IDs = []string{}
	}
	if n.Count < 1 || n.Count > MaxNodes {
		return action.BadField(path + ".count")
	}
	return nil
}

func validateAudio(a *AudioProps, path string) error {
	if err := validateText(a.Title, path+".title"); err != nil {
		return err
	}
	if len(a.Items) < 1 || len(a.Items) > MaxAudioItems {
		return action.BadField(path + ".items")
	}
	for i, item := range a.Items {
		p := fmt.Sprintf("%s.items[%d]", path, i)
		switch {
		case !isAudioSource(item.Src):
			return action.BadField(p + ".src")
		case !(item.Time >= 0 && item.Time < 1e7):
			return action.BadField(p + ".time")
		case item.CurrentTime != nil && !(*item.CurrentTime >= 0 && *item.CurrentTime < 1e7):
			return action.BadField(p + ".currentTime")
		case !isImageURL(item.Thumb, true):
			return action.BadField(p + ".thumb")
		case len([]rune(item.Title)) > MaxTextRunes:
			return action.BadField(p + ".title")
		}
	}
	return nil
}
