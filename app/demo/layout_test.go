package demo

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/layout"
	"souk/app/settings"
)

// siteRoutes are the first path segments of the client's own routes that
// the demo's links use (every other one-segment link is a custom page).
var siteRoutes = []string{"community", "cart", "account", "article-archive", "shop-archive", "create"}

// TestSeedLayout: the demo publishes data/layout.json as version 1: the
// header and footer of every device (the page_settings setting), a home
// page whose blocks differ in order between mobile and desktop, the
// custom pages and the docs pages with their texts in every language,
// every link landing on a page that exists.
func TestSeedLayout(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	_, err := Seed(t.Context(), db)
	require.NoError(t, err)
	doc, version, err := layout.Published(t.Context(), db)
	require.NoError(t, err)
	assert.Equal(t, int64(1), version)

	var stored layout.PageSettings
	require.NoError(t, db.Settings().Get(t.Context(), settings.KeyPageSettings, &stored))
	assert.Equal(t, doc.PageSettings, stored, "the publish writes the page_settings setting")
	var box settings.LoginBoxDoc
	require.NoError(t, db.Settings().Get(t.Context(), settings.KeyLoginBox, &box))
	assert.Equal(t, "/docs/user-agreement", box.UserAgreementURL)
	assert.Equal(t, "/docs/privacy-policy", box.PrivacyPolicyURL)

	pages := map[string]layout.PageDoc{}
	for _, p := range doc.Pages {
		pages[p.Kind+":"+p.Name] = p
	}
	exists := func(link string) bool {
		path, _, _ := strings.Cut(link, "?")
		switch first, _, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/"); {
		case path == "/":
			return true
		case strings.HasPrefix(path, "/docs/"):
			_, ok := pages[layout.KindDocs+":"+strings.TrimPrefix(path, "/docs/")]
			return ok
		case slices.Contains(siteRoutes, first):
			return true
		default:
			_, ok := pages[layout.KindCustom+":"+first]
			return ok && first == strings.TrimPrefix(path, "/")
		}
	}

	t.Run("header and footer", func(t *testing.T) {
		for _, device := range layout.Devices {
			d, ok := doc.PageSettings[device]
			require.True(t, ok, device)
			var links []string
			var walk func([]layout.MenuItemDoc)
			walk = func(items []layout.MenuItemDoc) {
				for _, item := range items {
					links = append(links, item.URL)
					walk(item.Children)
				}
			}
			walk(d.Header.Menus)
			walk(d.Footer.Menus)
			for _, want := range []string{"/docs/faq", "/download", "/about", "/help", "/docs/privacy-policy"} {
				assert.Contains(t, links, want, "%s: the header or the footer links %s", device, want)
			}
			for _, link := range links {
				if !strings.HasPrefix(link, "mailto:") {
					assert.True(t, exists(link), "%s: %s leads somewhere", device, link)
				}
			}
			for _, lang := range layout.DefaultLanguages {
				assert.Contains(t, d.Footer.TextHTMLLastRow[lang], "docs/user-agreement", "%s %s", device, lang)
			}
		}
	})

	t.Run("home", func(t *testing.T) {
		home, ok := pages[layout.KindHome+":"]
		require.True(t, ok)
		order := func(list []layout.Block) []string {
			ids := make([]string, len(list))
			for i, b := range list {
				ids[i] = b.Type + "/" + b.ID
			}
			return ids
		}
		for _, device := range layout.Devices {
			list := *home.Blocks.Device(device)
			types := map[string]bool{}
			for _, b := range list {
				types[b.Type] = true
			}
			for _, want := range []string{layout.TypeHero, layout.TypeMenu, layout.TypeArticles, layout.TypeTopics,
				layout.TypeProducts, layout.TypeNodes, layout.TypeChat, layout.TypeAudio} {
				assert.True(t, types[want], "%s has a %s block", device, want)
			}
			for _, b := range list {
				switch props := b.Props.(type) {
				case *layout.ListProps:
					if b.ID == "articles" {
						want := map[string]string{layout.Mobile: "list", layout.Tablet: "masonry", layout.Desktop: "masonry"}[device]
						assert.Equal(t, want, props.View, "%s articles", device)
					}
				case *layout.MenuProps:
					assert.True(t, props.ScrollX, "%s: the menu scrolls horizontally", device)
					for _, item := range props.Items {
						assert.True(t, exists(item.URL), "%s: %s leads somewhere", device, item.URL)
					}
				case *layout.AudioProps:
					require.Len(t, props.Items, len(Tracks))
					for i, item := range props.Items {
						tr := Tracks[i]
						assert.Equal(t, layout.AudioItem{Src: tr.URL(), Time: float64(tr.Seconds()), Thumb: tr.Thumb, Title: tr.Title}, item)
					}
				}
			}
		}
		assert.NotEqual(t, order(home.Blocks.Mobile), order(home.Blocks.Desktop), "mobile has its own order")
		assert.ElementsMatch(t, order(home.Blocks.Mobile), order(home.Blocks.Desktop), "of the same blocks")
	})

	t.Run("custom and docs pages", func(t *testing.T) {
		for _, want := range []struct {
			kind, name string
			minBytes   int
		}{
			{layout.KindCustom, "about", 1200}, {layout.KindCustom, "help", 1200}, {layout.KindCustom, "download", 1200},
			{layout.KindDocs, "faq", 3000}, {layout.KindDocs, "user-agreement", 3000}, {layout.KindDocs, "privacy-policy", 3000},
		} {
			p, ok := pages[want.kind+":"+want.name]
			require.True(t, ok, want.name)
			if want.kind == layout.KindDocs {
				assert.Equal(t, layout.LayoutDocs, p.Layout)
			}
			for _, device := range layout.Devices {
				var text *layout.TextProps
				for _, b := range *p.Blocks.Device(device) {
					if props, ok := b.Props.(*layout.TextProps); ok {
						text = props
					}
				}
				require.NotNil(t, text, "%s has a text block on %s", want.name, device)
				sections := -1
				for _, lang := range layout.DefaultLanguages {
					assert.NotEmpty(t, p.Titles[lang], "%s title in %s", want.name, lang)
					html := text.HTML[lang]
					assert.GreaterOrEqual(t, len(html), want.minBytes, "%s in %s: a real text", want.name, lang)
					n := strings.Count(html, "<h2>")
					assert.GreaterOrEqual(t, n, 4, "%s in %s: several sections", want.name, lang)
					if sections >= 0 {
						assert.Equal(t, sections, n, "%s in %s: every language has every section", want.name, lang)
					}
					sections = n
					prefix := map[string]string{"zh-hans": "", "en": "/en", "es": "/es"}[lang]
					for _, m := range hrefs.FindAllStringSubmatch(html, -1) {
						link := m[1]
						require.True(t, strings.HasPrefix(link, prefix+"/"), "%s in %s: %s is in the page's language", want.name, lang, link)
						assert.True(t, exists(strings.TrimPrefix(link, prefix)), "%s in %s: %s leads somewhere", want.name, lang, link)
					}
				}
			}
		}
	})
}

var hrefs = regexp.MustCompile(`href="([^"]*)"`)
