package persistence

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// layoutPublish is a publish of doc with its pages, over any version.
func layoutPublish(doc string, pages ...Page) LayoutPublish {
	return LayoutPublish{Doc: json.RawMessage(doc), PageSettings: json.RawMessage(`{"mobile":{}}`), Pages: pages,
		ExpectVersion: AnyLayoutVersion}
}

func pageNames(t *testing.T, db *DB) map[string]Page {
	t.Helper()
	list, err := db.Pages().List(t.Context())
	require.NoError(t, err)
	out := map[string]Page{}
	for _, p := range list {
		out[p.Name] = p
	}
	return out
}

func TestLayoutsDraft(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Layouts()
		_, err := s.Draft(ctx)
		require.ErrorIs(t, err, ErrNotFound)

		d, err := s.SaveDraft(ctx, LayoutDraft{Doc: json.RawMessage(`{"a":1}`), BaseVersion: 3, AuthorID: 7}, 0)
		require.NoError(t, err)
		assert.Equal(t, int64(1), d.Revision)
		assert.Equal(t, int64(3), d.BaseVersion)
		assert.JSONEq(t, `{"a":1}`, string(d.Doc))

		_, err = s.SaveDraft(ctx, LayoutDraft{Doc: json.RawMessage(`{"a":2}`)}, 0)
		require.ErrorIs(t, err, ErrStale, "a second first save is stale")
		_, err = s.SaveDraft(ctx, LayoutDraft{Doc: json.RawMessage(`{"a":2}`)}, 5)
		require.ErrorIs(t, err, ErrStale)

		d, err = s.SaveDraft(ctx, LayoutDraft{Doc: json.RawMessage(`{"a":2}`), BaseVersion: 9, AuthorID: 8}, 1)
		require.NoError(t, err)
		assert.Equal(t, int64(2), d.Revision)
		assert.Equal(t, int64(3), d.BaseVersion, "an existing draft keeps its base")
		got, err := s.Draft(ctx)
		require.NoError(t, err)
		assert.Equal(t, d, got)

		// Nothing published: a reset deletes the draft.
		_, err = s.ResetDraft(ctx, 8, 1)
		require.ErrorIs(t, err, ErrStale)
		_, err = s.ResetDraft(ctx, 8, 2)
		require.NoError(t, err)
		_, err = s.Draft(ctx)
		require.ErrorIs(t, err, ErrNotFound)

		v, err := s.Publish(ctx, layoutPublish(`{"v":1}`))
		require.NoError(t, err)
		reset, err := s.ResetDraft(ctx, 8, 0)
		require.NoError(t, err)
		assert.Equal(t, v, reset.BaseVersion)
		assert.JSONEq(t, `{"v":1}`, string(reset.Doc))
		assert.Equal(t, int64(1), reset.Revision)
	})
}

func TestLayoutsPublish(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Layouts()
		v, err := s.Version(ctx)
		require.NoError(t, err)
		assert.Zero(t, v)
		_, err = s.Published(ctx)
		require.ErrorIs(t, err, ErrNotFound)

		legacy := Page{Name: "legacy", Titles: map[string]string{"en": "Old"}, Layout: "default"}
		require.NoError(t, db.Pages().Upsert(ctx, &legacy))
		home := Page{Name: "", Kind: PageHome, Layout: "default", Modules: json.RawMessage(`{"mobile":[]}`)}
		about := Page{Name: "about", Kind: PageCustom, Titles: map[string]string{"en": "About"}, Layout: "default"}
		faq := Page{Name: DocsPrefix + "faq", Kind: PageDocs, Position: 1, Layout: "docs"}

		p := layoutPublish(`{"v":1}`, home, about, faq)
		p.Note, p.AuthorID = "first", 42
		p.ExpectVersion = 0
		v1, err := s.Publish(ctx, p)
		require.NoError(t, err)
		assert.Equal(t, int64(1), v1)
		pages := pageNames(t, db)
		assert.NotContains(t, pages, "legacy", "pages not in the layout are deleted")
		require.Contains(t, pages, "about")
		assert.Equal(t, PageHome, pages[""].Kind)
		assert.Equal(t, 1, pages[DocsPrefix+"faq"].Position)
		var settings map[string]any
		require.NoError(t, db.Settings().Get(ctx, "page_settings", &settings))
		assert.Contains(t, settings, "mobile")
		aboutID := pages["about"].ID

		again, err := s.Publish(ctx, layoutPublish(`{"v":1}`, home))
		require.NoError(t, err)
		assert.Equal(t, v1, again, "an equal document is not published again")
		assert.Contains(t, pageNames(t, db), "about", "nor are the pages touched")

		stale := layoutPublish(`{"v":2}`, home)
		stale.ExpectVersion = 0
		_, err = s.Publish(ctx, stale)
		require.ErrorIs(t, err, ErrStale)

		about.Titles = map[string]string{"en": "About us"}
		p2 := layoutPublish(`{"v":2}`, home, about)
		p2.ExpectVersion, p2.RestoredFrom = 1, 1
		v2, err := s.Publish(ctx, p2)
		require.NoError(t, err)
		assert.Equal(t, int64(2), v2)
		pages = pageNames(t, db)
		assert.Equal(t, aboutID, pages["about"].ID, "an upserted page keeps its id")
		assert.Equal(t, "About us", pages["about"].Titles["en"])
		assert.NotContains(t, pages, DocsPrefix+"faq")

		pub, err := s.Published(ctx)
		require.NoError(t, err)
		assert.Equal(t, int64(2), pub.Version)
		assert.Equal(t, int64(1), pub.RestoredFrom)
		assert.JSONEq(t, `{"v":2}`, string(pub.Doc))
		first, err := s.Get(ctx, 1)
		require.NoError(t, err)
		assert.Equal(t, "first", first.Note)
		assert.Equal(t, int64(42), first.AuthorID)
		_, err = s.Get(ctx, 9)
		require.ErrorIs(t, err, ErrNotFound)

		list, err := s.Versions(ctx, 0, 10)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, int64(2), list[0].Version)
		assert.Empty(t, list[0].Doc, "the list leaves the documents out")
		list, err = s.Versions(ctx, 2, 10)
		require.NoError(t, err)
		require.Len(t, list, 1)
		assert.Equal(t, int64(1), list[0].Version)
	})
}

func TestLayoutsPublishDraft(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Layouts()
		d, err := s.SaveDraft(ctx, LayoutDraft{Doc: json.RawMessage(`{"d":1}`)}, 0)
		require.NoError(t, err)

		p := layoutPublish(`{"d":1}`)
		p.FromDraft, p.DraftRevision = true, 2
		_, err = s.Publish(ctx, p)
		require.ErrorIs(t, err, ErrStale, "the draft moved on")
		p.DraftRevision = d.Revision
		v, err := s.Publish(ctx, p)
		require.NoError(t, err)
		after, err := s.Draft(ctx)
		require.NoError(t, err)
		assert.Equal(t, d.Revision, after.Revision, "publishing the draft keeps its revision")
		assert.Equal(t, v, after.BaseVersion)

		rollback := layoutPublish(`{"d":0}`)
		rollback.RestoredFrom = 1
		v2, err := s.Publish(ctx, rollback)
		require.NoError(t, err)
		after, err = s.Draft(ctx)
		require.NoError(t, err)
		assert.Equal(t, d.Revision+1, after.Revision, "another publish replaces the draft")
		assert.Equal(t, v2, after.BaseVersion)
		assert.JSONEq(t, `{"d":0}`, string(after.Doc))
	})
}

func TestLayoutsPublishAtomic(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Layouts()
		home := Page{Name: "", Kind: PageHome, Layout: "default", Modules: json.RawMessage(`{"mobile":[]}`)}
		about := Page{Name: "about", Kind: PageCustom, Layout: "default"}
		_, err := s.Publish(ctx, layoutPublish(`{"v":1}`, home, about))
		require.NoError(t, err)

		// The second page's blocks are not JSON: the publish fails after
		// the version, the settings and the first page were written.
		bad := layoutPublish(`{"v":2}`, Page{Name: "", Kind: PageHome, Layout: "docs"},
			Page{Name: "help", Kind: PageCustom, Modules: json.RawMessage(`{`)})
		bad.PageSettings = json.RawMessage(`{"desktop":{}}`)
		_, err = s.Publish(ctx, bad)
		require.Error(t, err)

		v, err := s.Version(ctx)
		require.NoError(t, err)
		assert.Equal(t, int64(1), v)
		pages := pageNames(t, db)
		assert.Equal(t, "default", pages[""].Layout)
		assert.Contains(t, pages, "about")
		assert.NotContains(t, pages, "help")
		var settings map[string]any
		require.NoError(t, db.Settings().Get(ctx, "page_settings", &settings))
		assert.Contains(t, settings, "mobile")
	})
}

func TestLayoutsConcurrentPublish(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Layouts()
		_, err := s.Publish(ctx, layoutPublish(`{"v":1}`))
		require.NoError(t, err)
		const n = 4
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				p := layoutPublish(`{"v":` + string(rune('2'+i)) + `}`)
				p.ExpectVersion = 1
				_, errs[i] = s.Publish(ctx, p)
			})
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
			} else {
				require.ErrorIs(t, err, ErrStale)
			}
		}
		assert.Equal(t, 1, won)
		v, err := s.Version(ctx)
		require.NoError(t, err)
		assert.Equal(t, int64(2), v)
	})
}
