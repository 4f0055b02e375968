package address

import (
	"context"
	"fmt"
	"slices"

	"souk/app/action"
	"souk/app/internal/geo"
)

// PickerInput names the place whose places are listed.
type PickerInput struct {
	GeonameID action.ID `json:"geonameId" doc:"the place whose places to list (a country, a division); 0 lists the countries"`
	Lang      string    `json:"lang" maxBytes:"16" doc:"zh-hans, en or es; another or none is the request's language"`
}

// PickerItem is a place of the picker.
type PickerItem struct {
	GeonameID   int64  `json:"geonameId" doc:"the place's GeoNames id"`
	Name        string `json:"name" doc:"its name in lang (the English GeoNames name where the data has none in lang)"`
	HasChildren bool   `json:"hasChildren" doc:"whether utils.addressPicker lists places inside it"`
}

// PickerReply is the reply of utils.addressPicker.
type PickerReply struct {
	Items []PickerItem `json:"items" doc:"the places, ordered by their English name"`
	Level int          `json:"level" doc:"the items' level: 0 countries, 1 first-level divisions, 2 second-level, 3 third-level"`
}

// Picker answers utils.addressPicker.
func (s *Service) Picker(ctx context.Context, in PickerInput) (PickerReply, error) {
	lang := in.Lang
	if !slices.Contains(action.Languages, lang) {
		lang = action.RequestFrom(ctx).Lang
	}
	id := int64(in.GeonameID)
	var (
		list  []geo.Place
		level int
	)
	if id == 0 {
		countries, err := s.countries(ctx)
		if err != nil {
			return PickerReply{}, err
		}
		list = countries
	} else {
		p, ok := geo.Get(id)
		if !ok {
			return PickerReply{}, ErrUnknownPlace
		}
		list, _ = geo.Children(id)
		level = p.Level + 1
	}
	out := PickerReply{Items: make([]PickerItem, 0, len(list)), Level: level}
	for _, p := range list {
		out.Items = append(out.Items, PickerItem{GeonameID: p.ID, Name: p.Name(lang), HasChildren: p.HasChildren()})
	}
	return out, nil
}

// countries is every country of the data, or those the address_picker
// settings list (in their order) when an operator narrowed the list.
func (s *Service) countries(ctx context.Context) ([]geo.Place, error) {
	if err := geo.Err(); err != nil {
		return nil, fmt.Errorf("address: %w", err)
	}
	var listed []int64
	if s.listed != nil {
		var err error
		if listed, err = s.listed(ctx); err != nil {
			return nil, fmt.Errorf("address: settings: %w", err)
		}
	}
	if len(listed) == 0 {
		return geo.Countries(), nil
	}
	out := make([]geo.Place, 0, len(listed))
	for _, id := range listed {
		if p, ok := geo.Get(id); ok && p.Level == 0 {
			out = append(out, p)
		}
	}
	return out, nil
}
