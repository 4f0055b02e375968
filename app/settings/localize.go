package settings

import (
	"souk/app/action"
	"souk/app/internal/geo"
	"souk/persistence"
)

// The localize functions turn stored documents into the reply of one
// language, and absent lists into empty ones so every key is present.

func nonNil[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}

func nonNilText(t Text) Text {
	if t == nil {
		return Text{}
	}
	return t
}

func localizeLevels(levels []persistence.Level, lang string) []Level {
	out := make([]Level, 0, len(levels))
	for _, l := range levels {
		out = append(out, Level{Key: l.Key, Icon: l.Icon, Name: Text(l.Names).In(lang),
			Names: nonNilText(l.Names), Rank: l.Rank, Roles: l.Roles})
	}
	return out
}

func localizeMenus(menus []MenuItemDoc, lang string) []MenuItem {
	out := make([]MenuItem, 0, len(menus))
	for _, m := range menus {
		item := MenuItem{Label: m.Label.In(lang), URL: m.URL, Icon: m.Icon}
		if len(m.Children) > 0 {
			item.Children = localizeMenus(m.Children, lang)
		}
		out = append(out, item)
	}
	return out
}

func localizeCarousel(slides []CarouselDoc, lang string) []Carousel {
	out := make([]Carousel, 0, len(slides))
	for _, c := range slides {
		out = append(out, Carousel{URL: c.URL, Link: c.Link, Caption: c.Caption.In(lang)})
	}
	return out
}

func localizeLoginBox(doc LoginBoxDoc, lang string) LoginBox {
	return LoginBox{
		LoginType:        nonNil(doc.LoginType),
		Social:           nonNil(doc.Social),
		Carousel:         localizeCarousel(doc.Carousel, lang),
		UserAgreementURL: doc.UserAgreementURL,
		PrivacyPolicyURL: doc.PrivacyPolicyURL,
	}
}

func localizeReport(doc ReportDoc, lang string) map[string][]string {
	out := make(map[string][]string, len(doc))
	for kind, lines := range doc {
		if l, ok := lines[lang]; ok {
			out[kind] = nonNil(l)
		} else {
			out[kind] = nonNil(lines[action.DefaultLang])
		}
	}
	return out
}

// localizeAddressPicker lists the countries the operator narrowed the
// address picker to, or, when they listed none, every country of the place
// data (souk/app/internal/geo). A listed country's missing names are the
// data's.
func localizeAddressPicker(doc AddressPickerDoc, lang string) AddressPicker {
	if len(doc.Countries) == 0 {
		countries := geo.Countries()
		out := AddressPicker{Countries: make([]Country, 0, len(countries))}
		for _, c := range countries {
			out.Countries = append(out.Countries, Country{GeonameID: c.ID, Name: c.Name(lang), Names: c.Names()})
		}
		return out
	}
	out := AddressPicker{Countries: make([]Country, 0, len(doc.Countries))}
	for _, c := range doc.Countries {
		names := Text{}
		if p, ok := geo.Get(c.GeonameID); ok {
			names = p.Names()
		}
		for l, n := range c.Names {
			if n != "" {
				names[l] = n
			}
		}
		name := names[lang]
		if name == "" {
			name = names.In(lang)
		}
		out.Countries = append(out.Countries, Country{GeonameID: c.GeonameID, Name: name, Names: names})
	}
	return out
}

func localizePages(doc PageSettingsDoc, lang string) map[string]Device {
	out := make(map[string]Device, len(doc))
	for device, d := range doc {
		out[device] = Device{
			Header: Header{
				Look:        d.Header.Look,
				AttrsPicked: nonNil(d.Header.AttrsPicked),
				Menus:       localizeMenus(d.Header.Menus, lang),
				UserList:    localizeMenus(d.Header.UserList, lang),
				LogoWidth:   d.Header.LogoWidth,
				Logo:        d.Header.Logo,
			},
			Footer: Footer{
				Look:  d.Footer.Look,
				Menus: localizeMenus(d.Footer.Menus, lang),
				CreateMenu: CreateMenu{
					Menus:     localizeMenus(d.Footer.CreateMenu.Menus, lang),
					Carousel:  localizeCarousel(d.Footer.CreateMenu.Carousel, lang),
					JoinChat:  d.Footer.CreateMenu.JoinChat,
					ShowShare: d.Footer.CreateMenu.ShowShare,
				},
				TextHTMLLastRow: d.Footer.TextHTMLLastRow.In(lang),
			},
		}
	}
	return out
}
