package layout

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/persistence"
)

func TestPublish(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		doc := sample(t)
		require.NoError(t, Validate(ctx, &doc, Check{CanHTML: true}))
		v, err := Publish(ctx, db, doc, PublishOptions{Note: "demo", ExpectVersion: AnyVersion})
		require.NoError(t, err)
		assert.Equal(t, int64(1), v)

		again, err := Publish(ctx, db, doc, PublishOptions{ExpectVersion: 1})
		require.NoError(t, err)
		assert.Equal(t, int64(1), again, "an equal document is not published again")

		got, version, err := Published(ctx, db)
		require.NoError(t, err)
		assert.Equal(t, int64(1), version)
		assert.Equal(t, doc, got)

		var settings PageSettings
		require.NoError(t, db.Settings().Get(ctx, "page_settings", &settings))
		assert.Equal(t, doc.PageSettings, settings)
		rows, err := db.Pages().List(ctx)
		require.NoError(t, err)
		byName := map[string]persistence.Page{}
		for _, p := range rows {
			byName[p.Name] = p
		}
		require.Len(t, byName, 3)
		assert.Equal(t, persistence.PageHome, byName[""].Kind)
		assert.Equal(t, persistence.PageCustom, byName["about"].Kind)
		assert.Equal(t, persistence.PageDocs, byName["docs/faq"].Kind)
		assert.Equal(t, "docs", byName["docs/faq"].Layout)
		var blocks Blocks
		require.NoError(t, json.Unmarshal(byName[""].Modules, &blocks))
		assert.Equal(t, doc.Pages[0].Blocks, blocks)

		doc.Pages = doc.Pages[:2]
		_, err = Publish(ctx, db, doc, PublishOptions{ExpectVersion: 0})
		apptest.RequireKey(t, err, "builder.error.stale")
		v2, err := Publish(ctx, db, doc, PublishOptions{ExpectVersion: 1})
		require.NoError(t, err)
		assert.Equal(t, int64(2), v2)
		_, err = db.Pages().GetByName(ctx, "docs/faq")
		require.ErrorIs(t, err, persistence.ErrNotFound, "a page gone from the layout is deleted")
	})
}

func TestDBRefs(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		cat := persistence.ArticleTerm{Kind: persistence.TermCategory, Slug: "news", Names: map[string]string{"en": "News"}}
		require.NoError(t, db.Articles().UpsertTerm(ctx, &cat))
		node := persistence.Node{Kind: persistence.NodeKindNode, Slug: "go", Names: map[string]string{"en": "Go"}}
		require.NoError(t, db.Community().UpsertNode(ctx, &node))
		refs := DBRefs(db)
		for _, tt := range []struct {
			ref  Ref
			want bool
		}{
			{Ref{RefArticleCategory, cat.ID}, true},
			{Ref{RefArticleTag, cat.ID}, false},
			{Ref{RefShopCategory, cat.ID}, false},
			{Ref{RefArticleCategory, cat.ID + 1}, false},
			{Ref{RefNode, node.ID}, true},
			{Ref{RefNode, node.ID + 1}, false},
			{Ref{RefArticle, 99}, false},
			{Ref{RefTopic, 99}, false},
			{Ref{RefProduct, 99}, false},
		} {
			ok, err := refs.Exists(ctx, tt.ref)
			require.NoError(t, err, tt.ref)
			assert.Equal(t, tt.want, ok, tt.ref)
		}

		doc := sample(t)
		list := doc.Pages[0].Blocks.Desktop
		doc.Pages[0].Blocks.Desktop = list[:0]
		doc.Pages[0].Blocks.Mobile[1].Props.(*ListProps).Ref = idString(node.ID)
		require.NoError(t, Validate(ctx, &doc, Check{Refs: refs}))
		doc.Pages[0].Blocks.Mobile[1].Props.(*ListProps).Ref = idString(node.ID + 1)
		err := Validate(ctx, &doc, Check{Refs: refs})
		requireRefusal(t, err, "builder.error.deletedRef", "pages[0].blocks.mobile[1].props.ref")
	})
}

func idString(id int64) string { return strconv.FormatInt(id, 10) }

func TestImport(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		doc, err := Import(ctx, db, nil)
		require.NoError(t, err)
		require.Len(t, doc.Pages, 1, "an empty site gets an empty home page")
		assert.Equal(t, KindHome, doc.Pages[0].Kind)
		require.NoError(t, Validate(ctx, &doc, Check{}))

		settings := sample(t).PageSettings
		require.NoError(t, db.Settings().Put(ctx, "page_settings", settings))
		about := persistence.Page{Name: "about", Layout: "default", Titles: map[string]string{"zh-hans": "关于", "en": "About", "es": "Acerca"},
			Modules: json.RawMessage(`[{"type":"text","mobile":{"html":"<p>M</p>"},"tablet":{"html":"<p>T</p>"},"desktop":{"html":"<p>D</p>"}}]`)}
		require.NoError(t, db.Pages().Upsert(ctx, &about))
		faq := persistence.Page{Name: "docs/faq", Kind: persistence.PageDocs, Layout: "docs", Titles: about.Titles,
			Modules: json.RawMessage(`{"mobile":[],"tablet":[],"desktop":[{"id":"t","type":"text","props":{"html":{"en":"<p>Q</p>"}}}]}`)}
		require.NoError(t, db.Pages().Upsert(ctx, &faq))

		doc, err = Import(ctx, db, nil)
		require.NoError(t, err)
		require.Len(t, doc.Pages, 3)
		assert.Equal(t, KindHome, doc.Pages[0].Kind)
		assert.Equal(t, "about", doc.Pages[1].Name)
		require.Len(t, doc.Pages[1].Blocks.Tablet, 1)
		assert.Equal(t, "<p>T</p>", doc.Pages[1].Blocks.Tablet[0].Props.(*TextProps).HTML["es"])
		assert.Equal(t, KindDocs, doc.Pages[2].Kind)
		assert.Equal(t, "faq", doc.Pages[2].Name)
		assert.Len(t, doc.Pages[2].Blocks.Desktop, 1)
		assert.Equal(t, settings[Mobile].Header.Logo, doc.PageSettings[Mobile].Header.Logo)
		require.NoError(t, Validate(ctx, &doc, Check{Refs: DBRefs(db)}))
	})
}
