package admin

import (
	"errors"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/persistence"
)

// taxonomyFixture is the taxonomy service on the settings fixture's
// database (three languages, currencies, a growth level lv1).
func taxonomyFixture(t *testing.T, kind string) (*TaxonomyService, *persistence.DB) {
	t.Helper()
	f := newSettingsFixture(t, kind)
	return NewTaxonomy(TaxonomyConfig{DB: f.db}), f.db
}

func eachTaxonomyDB(t *testing.T, fn func(t *testing.T, s *TaxonomyService, db *persistence.DB)) {
	for _, kind := range []string{persistence.KindSQLite, persistence.KindPostgres} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, db := taxonomyFixture(t, kind)
			fn(t, s, db)
		})
	}
}

func mustID(t *testing.T, text string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(text, 10, 64)
	require.NoError(t, err)
	return id
}

func three(zh, en, es string) map[string]string {
	return map[string]string{"zh-hans": zh, "en": en, "es": es}
}

// requireFieldError checks err is an *action.Error of status naming field.
func requireFieldError(t *testing.T, err error, status int, field string) {
	t.Helper()
	var e *action.Error
	require.True(t, errors.As(err, &e), "an action error, got %v", err)
	assert.Equal(t, status, e.Status, e.Key)
	assert.Equal(t, field, e.Args["field"], e.Key)
}

// TestSaveNodeCreateEdit: a category and a node in it are created; an
// edit changes the fields, keeps the counts, and admin.node answers what
// was saved.
func TestSaveNodeCreateEdit(t *testing.T) {
	t.Parallel()
	eachTaxonomyDB(t, func(t *testing.T, s *TaxonomyService, db *persistence.DB) {
		ctx := adminContext()
		cat, err := s.SaveNode(ctx, NodeDraft{Kind: "category", Slug: "general", Names: three("综合", "General", "General")})
		require.NoError(t, err)
		require.NotEmpty(t, cat.Node.ID)
		node, err := s.SaveNode(ctx, NodeDraft{Kind: "node", CategoryID: cat.Node.ID, Slug: "lounge",
			Names: three("大厅", "Lounge", "Salón"), Descriptions: map[string]string{"en": "Talk"},
			Thumb: "https://example.com/a.png", JoinType: "money", JoinAsset: "USD", JoinAmount: 500, Position: 3})
		require.NoError(t, err)
		id := mustID(t, node.Node.ID)
		joined, err := db.Community().Join(ctx, id, 1, 1)
		require.NoError(t, err)
		require.True(t, joined)

		edit := node.Node
		edit.Names = three("新大厅", "New lounge", "Nuevo salón")
		edit.Slug = "new-lounge"
		edit.JoinType, edit.JoinAsset, edit.JoinAmount, edit.JoinLevel = "level", "", 0, "lv1"
		saved, err := s.SaveNode(ctx, edit)
		require.NoError(t, err)
		assert.Equal(t, node.Node.ID, saved.Node.ID)

		stored, err := db.Community().Node(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "new-lounge", stored.Slug)
		assert.Equal(t, "New lounge", stored.Names["en"])
		assert.Equal(t, "lv1", stored.JoinLevel)
		assert.Equal(t, int64(1), stored.MemberCount, "an edit keeps the counts")
		assert.Equal(t, int64(3), stored.Position)

		read, err := s.Node(ctx, NodeInput{ID: action.ID(id)})
		require.NoError(t, err)
		require.NotNil(t, read.Node)
		assert.Equal(t, saved.Node, *read.Node)
		assert.Len(t, read.Choices.Categories, 1)
		assert.Contains(t, read.Choices.Assets, TaxonomyOption{Key: persistence.AssetCredit, Name: persistence.AssetCredit})
	})
}

// TestSaveNodeDuplicateSlug: a second node with a slug taken is 409 on
// slug; a category may share a node's slug (unique per kind).
func TestSaveNodeDuplicateSlug(t *testing.T) {
	t.Parallel()
	eachTaxonomyDB(t, func(t *testing.T, s *TaxonomyService, db *persistence.DB) {
		ctx := adminContext()
		_, err := s.SaveNode(ctx, NodeDraft{Kind: "node", Slug: "same", Names: three("一", "One", "Uno")})
		require.NoError(t, err)
		other, err := s.SaveNode(ctx, NodeDraft{Kind: "node", Slug: "other", Names: three("二", "Two", "Dos")})
		require.NoError(t, err)
		_, err = s.SaveNode(ctx, NodeDraft{Kind: "node", Slug: "same", Names: three("三", "Three", "Tres")})
		requireFieldError(t, err, http.StatusConflict, "slug")
		edit := other.Node
		edit.Slug = "same"
		_, err = s.SaveNode(ctx, edit)
		requireFieldError(t, err, http.StatusConflict, "slug")
		_, err = s.SaveNode(ctx, NodeDraft{Kind: "category", Slug: "same", Names: three("类", "Cat", "Cat")})
		require.NoError(t, err)
	})
}

// TestSaveNodeBadInput: each bad field is refused naming it, and nothing
// is written.
func TestSaveNodeBadInput(t *testing.T) {
	t.Parallel()
	eachTaxonomyDB(t, func(t *testing.T, s *TaxonomyService, db *persistence.DB) {
		ctx := adminContext()
		good := func() NodeDraft {
			return NodeDraft{Kind: "node", Slug: "ok", Names: three("好", "Good", "Bueno")}
		}
		cat, err := s.SaveNode(ctx, NodeDraft{Kind: "category", Slug: "cat", Names: three("类", "Cat", "Cat")})
		require.NoError(t, err)
		long := make([]rune, 61)
		for i := range long {
			long[i] = 'x'
		}
		cases := []struct {
			name   string
			change func(d *NodeDraft)
			status int
			field  string
		}{
			{"kind", func(d *NodeDraft) { d.Kind = "forum" }, 400, "kind"},
			{"slug", func(d *NodeDraft) { d.Slug = "Bad Slug" }, 400, "slug"},
			{"slug empty", func(d *NodeDraft) { d.Slug = "" }, 400, "slug"},
			{"name missing", func(d *NodeDraft) { delete(d.Names, "es") }, 400, "names.es"},
			{"name blank", func(d *NodeDraft) { d.Names["zh-hans"] = "  " }, 400, "names.zh-hans"},
			{"name long", func(d *NodeDraft) { d.Names["en"] = string(long) }, 400, "names.en"},
			{"name language", func(d *NodeDraft) { d.Names["fr"] = "Bon" }, 400, "names.fr"},
			{"thumb", func(d *NodeDraft) { d.Thumb = "http://example.com/a.png" }, 400, "thumb"},
			{"node type", func(d *NodeDraft) { d.NodeType = "a b" }, 400, "nodeType"},
			{"position", func(d *NodeDraft) { d.Position = -1 }, 400, "position"},
			{"category", func(d *NodeDraft) { d.CategoryID = "42" }, 400, "categoryId"},
			{"category of category", func(d *NodeDraft) { d.Kind = "category"; d.CategoryID = cat.Node.ID }, 400, "categoryId"},
			{"join type", func(d *NodeDraft) { d.JoinType = "invite" }, 400, "joinType"},
			{"money asset", func(d *NodeDraft) { d.JoinType, d.JoinAsset, d.JoinAmount = "money", "XYZ", 5 }, 400, "joinAsset"},
			{"money amount", func(d *NodeDraft) { d.JoinType, d.JoinAsset = "money", "CREDIT" }, 400, "joinAmount"},
			{"free with price", func(d *NodeDraft) { d.JoinAsset, d.JoinAmount = "USD", 5 }, 400, "joinAsset"},
			{"level unknown", func(d *NodeDraft) { d.JoinType, d.JoinLevel = "level", "lv9" }, 400, "joinLevel"},
			{"level on free", func(d *NodeDraft) { d.JoinLevel = "lv1" }, 400, "joinLevel"},
			{"admin unknown", func(d *NodeDraft) { d.Admins = []string{"424242"} }, 400, "admins[0]"},
			{"admin malformed", func(d *NodeDraft) { d.Admins = []string{"x"} }, 400, "admins[0]"},
			{"category malformed", func(d *NodeDraft) { d.CategoryID = "x" }, 400, "categoryId"},
		}
		for _, c := range cases {
			d := good()
			c.change(&d)
			_, err := s.SaveNode(ctx, d)
			requireFieldError(t, err, c.status, c.field)
		}
		list, err := db.Community().Nodes(ctx, persistence.NodeKindNode, persistence.NodeCursor{}, 10)
		require.NoError(t, err)
		assert.Empty(t, list, "no refused node was written")

		_, err = s.SaveNode(ctx, NodeDraft{ID: "424242", Kind: "node", Slug: "gone", Names: three("无", "Gone", "Ido")})
		assert.ErrorIs(t, err, errTaxonomyNotFound)
		edit := cat.Node
		edit.Kind = "node"
		_, err = s.SaveNode(ctx, edit)
		requireFieldError(t, err, http.StatusBadRequest, "kind")
	})
}

// TestSaveTerm: a term is created and renamed, a taken slug is 409, bad
// input names its field.
func TestSaveTerm(t *testing.T) {
	t.Parallel()
	eachTaxonomyDB(t, func(t *testing.T, s *TaxonomyService, db *persistence.DB) {
		ctx := adminContext()
		news, err := s.SaveTerm(ctx, TermDraft{Kind: "category", Slug: "news", Names: three("新闻", "News", "Noticias")})
		require.NoError(t, err)
		_, err = s.SaveTerm(ctx, TermDraft{Kind: "tag", Slug: "news", Names: three("新闻", "News", "Noticias")})
		require.NoError(t, err, "slugs are unique per kind")

		edit := news.Term
		edit.Names = three("快讯", "Headlines", "Titulares")
		_, err = s.SaveTerm(ctx, edit)
		require.NoError(t, err)
		stored, err := db.Articles().Term(ctx, mustID(t, news.Term.ID))
		require.NoError(t, err)
		assert.Equal(t, "Headlines", stored.Names["en"])
		read, err := s.Term(ctx, TermInput{ID: action.ID(mustID(t, news.Term.ID))})
		require.NoError(t, err)
		assert.Equal(t, edit, read.Term)

		_, err = s.SaveTerm(ctx, TermDraft{Kind: "category", Slug: "news", Names: three("二", "Two", "Dos")})
		requireFieldError(t, err, http.StatusConflict, "slug")
		_, err = s.SaveTerm(ctx, TermDraft{Kind: "label", Slug: "x", Names: three("二", "Two", "Dos")})
		requireFieldError(t, err, http.StatusBadRequest, "kind")
		_, err = s.SaveTerm(ctx, TermDraft{Kind: "tag", Slug: "-x", Names: three("二", "Two", "Dos")})
		requireFieldError(t, err, http.StatusBadRequest, "slug")
		_, err = s.SaveTerm(ctx, TermDraft{Kind: "tag", Slug: "x", Names: map[string]string{"zh-hans": "二"}})
		requireFieldError(t, err, http.StatusBadRequest, "names.en")
		edit.Kind = "tag"
		_, err = s.SaveTerm(ctx, edit)
		requireFieldError(t, err, http.StatusBadRequest, "kind")
		_, err = s.Term(ctx, TermInput{ID: 424242})
		assert.ErrorIs(t, err, errTaxonomyNotFound)
	})
}
