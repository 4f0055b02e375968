package layout

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"souk/app/action"
)

// Decode reads a layout document strictly: unknown fields, unknown block
// types and values of the wrong type are refused as *action.Error naming
// their JSON path. It does not validate (see Validate).
func Decode(data []byte) (Doc, error) {
	var doc Doc
	if len(data) > MaxBytes {
		return doc, ErrTooLarge
	}
	var raw struct {
		PageSettings json.RawMessage   `json:"pageSettings"`
		Pages        []json.RawMessage `json:"pages"`
	}
	if err := decodeStrict(data, &raw, ""); err != nil {
		return doc, err
	}
	if len(raw.PageSettings) > 0 {
		if err := decodePageSettings(raw.PageSettings, &doc.PageSettings); err != nil {
			return doc, err
		}
	}
	if len(raw.Pages) > MaxPages {
		return doc, errTooManyPages("pages")
	}
	doc.Pages = make([]PageDoc, len(raw.Pages))
	for i, data := range raw.Pages {
		if err := decodePage(data, &doc.Pages[i], fmt.Sprintf("pages[%d]", i)); err != nil {
			return doc, err
		}
	}
	return doc, nil
}

// decodePageSettings decodes device by device, header and footer apart,
// so that a refusal names its path.
func decodePageSettings(data []byte, ps *PageSettings) error {
	var devices map[string]json.RawMessage
	if err := decodeStrict(data, &devices, "pageSettings"); err != nil {
		return err
	}
	*ps = make(PageSettings, len(devices))
	for name, data := range devices {
		path := "pageSettings." + name
		var raw struct {
			Header json.RawMessage `json:"header"`
			Footer json.RawMessage `json:"footer"`
		}
		if err := decodeStrict(data, &raw, path); err != nil {
			return err
		}
		var d DeviceDoc
		if len(raw.Header) > 0 {
			if err := decodeStrict(raw.Header, &d.Header, path+".header"); err != nil {
				return err
			}
		}
		if len(raw.Footer) > 0 {
			if err := decodeStrict(raw.Footer, &d.Footer, path+".footer"); err != nil {
				return err
			}
		}
		(*ps)[name] = d
	}
	return nil
}

func decodePage(data []byte, page *PageDoc, path string) error {
	var raw struct {
		Kind   string          `json:"kind"`
		Name   string          `json:"name"`
		Titles Text            `json:"titles"`
		Layout string          `json:"layout"`
		Blocks json.RawMessage `json:"blocks"`
	}
	if err := decodeStrict(data, &raw, path); err != nil {
		return err
	}
	*page = PageDoc{Kind: raw.Kind, Name: raw.Name, Titles: raw.Titles, Layout: raw.Layout}
	if len(raw.Blocks) == 0 {
		return nil
	}
	var rawBlocks struct {
		Mobile  []json.RawMessage `json:"mobile"`
		Tablet  []json.RawMessage `json:"tablet"`
		Desktop []json.RawMessage `json:"desktop"`
	}
	if err := decodeStrict(raw.Blocks, &rawBlocks, path+".blocks"); err != nil {
		return err
	}
	lists := map[string][]json.RawMessage{Mobile: rawBlocks.Mobile, Tablet: rawBlocks.Tablet, Desktop: rawBlocks.Desktop}
	for _, device := range Devices {
		list := lists[device]
		if list == nil {
			continue
		}
		listPath := path + ".blocks." + device
		if len(list) > MaxBlocks {
			return errTooManyBlocks(listPath)
		}
		blocks := make([]Block, len(list))
		for i, data := range list {
			if err := decodeBlock(data, &blocks[i], fmt.Sprintf("%s[%d]", listPath, i)); err != nil {
				return err
			}
		}
		*page.Blocks.Device(device) = blocks
	}
	return nil
}

func decodeBlock(data []byte, block *Block, path string) error {
	var raw struct {
		ID     string          `json:"id"`
		Type   string          `json:"type"`
		Hidden bool            `json:"hidden"`
		Props  json.RawMessage `json:"props"`
	}
	if err := decodeStrict(data, &raw, path); err != nil {
		return err
	}
	props := newProps(raw.Type)
	if props == nil {
		return errUnknownBlock(path+".type", raw.Type)
	}
	if len(raw.Props) > 0 {
		if err := decodeStrict(raw.Props, props, path+".props"); err != nil {
			return err
		}
	}
	*block = Block{ID: raw.ID, Type: raw.Type, Hidden: raw.Hidden, Props: props}
	return nil
}

// UnmarshalJSON reads a block strictly, its props into the type's props
// type (see Block.Props).
func (b *Block) UnmarshalJSON(data []byte) error {
	if err := decodeBlock(data, b, "block"); err != nil {
		return fmt.Errorf("layout: %w", err)
	}
	return nil
}

// decodeStrict decodes data into v refusing unknown fields and trailing
// data; a refusal is action.BadField naming the JSON path below path.
func decodeStrict(data []byte, v any, path string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("trailing data")
	}
	if err == nil {
		return nil
	}
	field := path
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field != "":
		field = join(path, typeErr.Field)
	case strings.HasPrefix(err.Error(), `json: unknown field "`):
		name := strings.TrimSuffix(strings.TrimPrefix(err.Error(), `json: unknown field "`), `"`)
		field = join(path, name)
	}
	var actionErr *action.Error
	if errors.As(err, &actionErr) {
		return actionErr
	}
	if field == "" {
		field = "doc"
	}
	return action.BadField(field)
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
