package layout

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
)

// sampleJSON is a valid document using every block type.
const sampleJSON = `{
 "pageSettings": {
  "mobile": {"header": {"backgroundColor": "#fff", "textColor": "rgb(17, 24, 39)", "width": "100%", "textSize": "14px",
    "attrsPicked": ["logo", "menu"], "menus": [{"label": {"en": "Home"}, "url": "/", "children": [{"label": {"en": "Mail"}, "url": "mailto:a@b.c"}]}],
    "userList": [], "logoWidth": 88, "logo": "data:image/svg+xml,%3Csvg%3E%3C/svg%3E"},
   "footer": {"backgroundColor": "", "textColor": "", "width": "1200px", "textSize": "", "menus": [],
    "createMenu": {"menus": [], "carousel": [{"url": "https://x.test/a.png", "caption": {"en": "A"}}], "joinChat": true, "showShare": false},
    "textHtmlLastRow": {"en": "<a href=\"/about\">About</a><script>alert(1)</script>"}}},
  "tablet": {"header": {"backgroundColor": "", "textColor": "", "width": "", "textSize": "", "attrsPicked": [], "menus": [], "userList": [], "logoWidth": 0, "logo": ""},
   "footer": {"backgroundColor": "", "textColor": "", "width": "", "textSize": "", "menus": [], "createMenu": {"menus": [], "carousel": [], "joinChat": false, "showShare": false}, "textHtmlLastRow": {}}},
  "desktop": {"header": {"backgroundColor": "", "textColor": "", "width": "", "textSize": "", "attrsPicked": [], "menus": [], "userList": [], "logoWidth": 0, "logo": ""},
   "footer": {"backgroundColor": "", "textColor": "", "width": "", "textSize": "", "menus": [], "createMenu": {"menus": [], "carousel": [], "joinChat": false, "showShare": false}, "textHtmlLastRow": {}}}
 },
 "pages": [
  {"kind": "home", "name": "", "titles": {}, "layout": "default", "blocks": {
   "mobile": [
    {"id": "hero", "type": "hero", "props": {"title": {"en": "Hi"}, "subtitle": {}, "image": "/api/media/a.png", "cta": {"label": {"en": "Go"}, "url": "/community"}, "align": "center"}},
    {"id": "topics", "type": "topics", "props": {"title": {"en": "Topics"}, "source": "node", "ref": "11", "ids": [], "view": "list", "count": 5, "columns": 1}},
    {"id": "text", "type": "text", "hidden": true, "props": {"html": {"en": "<p onclick=\"x()\">Hello</p>"}}}
   ],
   "tablet": [],
   "desktop": [
    {"id": "topics", "type": "topics", "props": {"title": {"en": "Topics"}, "source": "picked", "ref": "", "ids": ["21", "22"], "view": "cards", "count": 2, "columns": 2}},
    {"id": "hero", "type": "hero", "props": {"title": {"en": "Hi"}, "subtitle": {}, "image": "", "align": "left"}},
    {"id": "img", "type": "image", "props": {"images": [{"url": "https://x.test/b.png", "link": "/shop", "caption": {}}], "aspect": "16/9", "autoplay": false}},
    {"id": "arts", "type": "articles", "props": {"title": {}, "source": "category", "ref": "31", "ids": [], "view": "masonry", "count": 8, "columns": 3}},
    {"id": "prods", "type": "products", "props": {"title": {}, "source": "tag", "ref": "41", "ids": [], "view": "cards", "count": 4, "columns": 4}},
    {"id": "menu", "type": "menu", "props": {"items": [{"label": {"en": "Shop"}, "url": "/shop-archive/x-1", "icon": "bag"}], "scrollX": true, "scrollY": false, "gap": 8, "padding": 0, "background": "transparent"}},
    {"id": "nodes", "type": "nodes", "props": {"title": {}, "ids": ["11"], "count": 6}},
    {"id": "chat", "type": "chat", "props": {"title": {"en": "Chat"}, "text": {}, "button": {"en": "Join"}}},
    {"id": "audio", "type": "audio", "props": {"title": {}, "items": [{"src": "/demo/audio/1.wav", "time": 12.5, "thumb": "", "title": "One"}]}},
    {"id": "html", "type": "html", "props": {"html": "<div class=\"box\">Hi</div>"}}
   ]}},
  {"kind": "custom", "name": "about", "titles": {"zh-hans": "关于", "en": "About", "es": "Acerca"}, "layout": "default", "blocks": {"mobile": [], "tablet": [], "desktop": []}},
  {"kind": "docs", "name": "faq", "titles": {"zh-hans": "问答", "en": "FAQ", "es": "Preguntas"}, "layout": "docs", "blocks": {"mobile": [], "tablet": [], "desktop": []}}
 ]
}`

// fakeRefs knows every ref but those listed as gone.
type fakeRefs map[Ref]bool

func (f fakeRefs) Exists(_ context.Context, ref Ref) (bool, error) { return !f[ref], nil }

func sample(t *testing.T) Doc {
	t.Helper()
	doc, err := Decode([]byte(sampleJSON))
	require.NoError(t, err)
	return doc
}

// edit decodes sampleJSON changed by fn (on its generic JSON form).
func edit(t *testing.T, fn func(doc map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(sampleJSON), &m))
	fn(m)
	data, err := json.Marshal(m)
	require.NoError(t, err)
	return data
}

func page(m map[string]any, i int) map[string]any { return m["pages"].([]any)[i].(map[string]any) }

func blocks(m map[string]any, i int, device string) []any {
	return page(m, i)["blocks"].(map[string]any)[device].([]any)
}

func block(m map[string]any, i int, device string, j int) map[string]any {
	return blocks(m, i, device)[j].(map[string]any)
}

func props(m map[string]any, i int, device string, j int) map[string]any {
	return block(m, i, device, j)["props"].(map[string]any)
}

func requireRefusal(t *testing.T, err error, key, field string) {
	t.Helper()
	apptest.RequireKey(t, err, key)
	if field != "" {
		assert.Equal(t, field, err.(*action.Error).Args["field"])
	}
}

func TestDecodeAndValidate(t *testing.T) {
	t.Parallel()
	doc := sample(t)
	require.NoError(t, Validate(t.Context(), &doc, Check{Refs: fakeRefs{}, CanHTML: true}))

	footer := doc.PageSettings[Mobile].Footer.TextHTMLLastRow["en"]
	assert.Contains(t, footer, `href="/about"`)
	assert.NotContains(t, footer, "script")
	text := doc.Pages[0].Blocks.Mobile[2].Props.(*TextProps).HTML["en"]
	assert.Equal(t, "<p>Hello</p>", text, "rich text is sanitized")
	assert.IsType(t, &ListProps{}, doc.Pages[0].Blocks.Desktop[0].Props)

	// Encoding is canonical and sanitizing is stable: a saved document
	// validates to itself again.
	data, err := Encode(doc)
	require.NoError(t, err)
	again, err := Decode(data)
	require.NoError(t, err)
	require.NoError(t, Validate(t.Context(), &again, Check{Refs: fakeRefs{}, CanHTML: true}))
	data2, err := Encode(again)
	require.NoError(t, err)
	assert.Equal(t, string(data), string(data2))
}

func TestDecodeRefusals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		data       []byte
		key, field string
	}{
		{"unknown block type", edit(t, func(m map[string]any) { block(m, 0, "mobile", 1)["type"] = "marquee" }),
			"builder.error.unknownBlock", "pages[0].blocks.mobile[1].type"},
		{"unknown field", edit(t, func(m map[string]any) { props(m, 0, "desktop", 0)["limit"] = 3 }),
			"common.error.badField", "pages[0].blocks.desktop[0].props.limit"},
		{"wrong type", edit(t, func(m map[string]any) { props(m, 0, "desktop", 0)["count"] = "many" }),
			"common.error.badField", "pages[0].blocks.desktop[0].props.count"},
		{"unknown device", edit(t, func(m map[string]any) { page(m, 0)["blocks"].(map[string]any)["watch"] = []any{} }),
			"common.error.badField", "pages[0].blocks.watch"},
		{"not json", []byte(`{"pages": [`), "common.error.badField", "doc"},
		{"too large", []byte(`{"pages": [], "x": "` + strings.Repeat("a", MaxBytes) + `"}`), "builder.error.tooLarge", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Decode(tt.data)
			requireRefusal(t, err, tt.key, tt.field)
		})
	}
}

func TestValidateRefusals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		edit       func(m map[string]any)
		key, field string
	}{
		{"missing device", func(m map[string]any) { delete(page(m, 0)["blocks"].(map[string]any), "tablet") },
			"builder.error.missingDevice", "pages[0].blocks"},
		{"missing settings device", func(m map[string]any) { delete(m["pageSettings"].(map[string]any), "desktop") },
			"builder.error.missingDevice", "pageSettings"},
		{"reserved name", func(m map[string]any) { page(m, 1)["name"] = "cart" },
			"builder.error.reservedName", "pages[1].name"},
		{"reserved content route", func(m map[string]any) { page(m, 1)["name"] = "community-archive" },
			"builder.error.reservedName", "pages[1].name"},
		{"name read as a post", func(m map[string]any) { page(m, 1)["name"] = "hello-42" },
			"builder.error.reservedName", "pages[1].name"},
		{"bad name", func(m map[string]any) { page(m, 1)["name"] = "About" }, "common.error.badField", "pages[1].name"},
		{"duplicate name", func(m map[string]any) {
			m["pages"] = append(m["pages"].([]any), page(m, 1))
		}, "builder.error.duplicateName", "pages[3].name"},
		{"two homes", func(m map[string]any) {
			m["pages"] = append(m["pages"].([]any), page(m, 0))
		}, "builder.error.duplicateName", "pages[3].name"},
		{"no home", func(m map[string]any) { m["pages"] = m["pages"].([]any)[1:] }, "builder.error.home", "pages"},
		{"missing title", func(m map[string]any) { delete(page(m, 2)["titles"].(map[string]any), "es") },
			"common.error.required", "pages[2].titles.es"},
		{"duplicate block id", func(m map[string]any) { block(m, 0, "mobile", 1)["id"] = "hero" },
			"common.error.badField", "pages[0].blocks.mobile[1].id"},
		{"bad block id", func(m map[string]any) { block(m, 0, "mobile", 1)["id"] = "a b" },
			"common.error.badField", "pages[0].blocks.mobile[1].id"},
		{"count out of bounds", func(m map[string]any) { props(m, 0, "mobile", 1)["count"] = 21 },
			"common.error.badField", "pages[0].blocks.mobile[1].props.count"},
		{"columns out of bounds", func(m map[string]any) { props(m, 0, "desktop", 0)["columns"] = 5 },
			"common.error.badField", "pages[0].blocks.desktop[0].props.columns"},
		{"javascript link", func(m map[string]any) {
			props(m, 0, "mobile", 0)["cta"].(map[string]any)["url"] = "javascript:alert(1)"
		}, "common.error.badField", "pages[0].blocks.mobile[0].props.cta.url"},
		{"colour injection", func(m map[string]any) { props(m, 0, "desktop", 5)["background"] = "red;position:fixed" },
			"common.error.badField", "pages[0].blocks.desktop[5].props.background"},
		{"gap out of bounds", func(m map[string]any) { props(m, 0, "desktop", 5)["gap"] = 65 },
			"common.error.badField", "pages[0].blocks.desktop[5].props.gap"},
		{"audio source", func(m map[string]any) {
			props(m, 0, "desktop", 8)["items"].([]any)[0].(map[string]any)["src"] = "http://x.test/a.mp3"
		}, "common.error.badField", "pages[0].blocks.desktop[8].props.items[0].src"},
		{"long label", func(m map[string]any) {
			props(m, 0, "desktop", 7)["title"] = map[string]any{"en": strings.Repeat("é", 201)}
		},
			"common.error.badField", "pages[0].blocks.desktop[7].props.title.en"},
		{"no images", func(m map[string]any) { props(m, 0, "desktop", 2)["images"] = []any{} },
			"common.error.badField", "pages[0].blocks.desktop[2].props.images"},
		{"too many blocks", func(m map[string]any) {
			list := []any{}
			for i := range MaxBlocks + 1 {
				list = append(list, map[string]any{"id": "c" + string(rune('a'+i%26)) + string(rune('a'+i/26)), "type": "chat",
					"props": map[string]any{"title": map[string]any{}, "text": map[string]any{}, "button": map[string]any{}}})
			}
			page(m, 0)["blocks"].(map[string]any)["tablet"] = list
		}, "builder.error.tooManyBlocks", "pages[0].blocks.tablet"},
		{"header colour", func(m map[string]any) {
			m["pageSettings"].(map[string]any)["mobile"].(map[string]any)["header"].(map[string]any)["textColor"] = "url(x)"
		}, "common.error.badField", "pageSettings.mobile.header.textColor"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc, err := Decode(edit(t, tt.edit))
			if err == nil {
				err = Validate(t.Context(), &doc, Check{Refs: fakeRefs{}, CanHTML: true})
			}
			requireRefusal(t, err, tt.key, tt.field)
		})
	}
}

func TestValidateRefs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		gone  Ref
		field string
		ref   string
	}{
		{"deleted node", Ref{RefNode, 11}, "pages[0].blocks.mobile[1].props.ref", "11"},
		{"deleted topic", Ref{RefTopic, 22}, "pages[0].blocks.desktop[0].props.ids[1]", "22"},
		{"deleted article category", Ref{RefArticleCategory, 31}, "pages[0].blocks.desktop[3].props.ref", "31"},
		{"deleted shop tag", Ref{RefShopTag, 41}, "pages[0].blocks.desktop[4].props.ref", "41"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			doc := sample(t)
			err := Validate(t.Context(), &doc, Check{Refs: fakeRefs{tt.gone: true}, CanHTML: true})
			requireRefusal(t, err, "builder.error.deletedRef", tt.field)
			assert.Equal(t, tt.ref, err.(*action.Error).Args["ref"])
		})
	}
}

func TestValidateHTML(t *testing.T) {
	t.Parallel()
	withScript := edit(t, func(m map[string]any) {
		props(m, 0, "desktop", 9)["html"] = `<div onmouseover="steal()">Hi<script>alert(1)</script><iframe src="https://video.test/e"></iframe></div>`
	})

	t.Run("admin html is sanitized", func(t *testing.T) {
		t.Parallel()
		doc, err := Decode(withScript)
		require.NoError(t, err)
		require.NoError(t, Validate(t.Context(), &doc, Check{CanHTML: true}))
		html := doc.Pages[0].Blocks.Desktop[9].Props.(*HTMLProps).HTML
		assert.NotContains(t, html, "script")
		assert.NotContains(t, html, "onmouseover")
		assert.Contains(t, html, `<iframe src="https://video.test/e">`)
	})
	t.Run("a member may not add html", func(t *testing.T) {
		t.Parallel()
		doc, err := Decode(withScript)
		require.NoError(t, err)
		previous := sample(t)
		err = Validate(t.Context(), &doc, Check{Previous: &previous})
		requireRefusal(t, err, "builder.error.htmlAdminOnly", "pages[0].blocks.desktop[9].props.html")
		doc = sample(t)
		err = Validate(t.Context(), &doc, Check{})
		requireRefusal(t, err, "builder.error.htmlAdminOnly", "pages[0].blocks.desktop[9].props.html")
	})
	t.Run("a member may keep, move and hide an admin's html", func(t *testing.T) {
		t.Parallel()
		previous := sample(t)
		moved, err := Decode(edit(t, func(m map[string]any) {
			list := blocks(m, 0, "desktop")
			html := list[9].(map[string]any)
			html["hidden"] = true
			page(m, 0)["blocks"].(map[string]any)["desktop"] = append([]any{html}, list[:9]...)
		}))
		require.NoError(t, err)
		require.NoError(t, Validate(t.Context(), &moved, Check{Previous: &previous}))
		assert.Equal(t, TypeHTML, moved.Pages[0].Blocks.Desktop[0].Type)
	})
}

func TestIsReserved(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"en", "es", "docs", "account", "builder", "article-archive", "shop-tag", "community-answer",
		"media", "api", "admin", "search", "123", "post-9"} {
		assert.True(t, IsReserved(name), name)
	}
	for _, name := range []string{"about", "help", "download", "v2-launch", "top-0"} {
		assert.False(t, IsReserved(name), name)
	}
}
