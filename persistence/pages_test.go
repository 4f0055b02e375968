package persistence

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPagesStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Pages()
		_, err := s.GetByName(ctx, "about")
		require.ErrorIs(t, err, ErrNotFound)

		about := Page{Name: "about", Layout: "default", Titles: map[string]string{"en": "About", "es": "Acerca"},
			Modules: json.RawMessage(`[{"type":"text","mobile":{"html":"<p>hi</p>"}}]`)}
		help := Page{Name: "help", Layout: "docs"}
		require.NoError(t, s.Upsert(ctx, &about))
		require.NoError(t, s.Upsert(ctx, &help))
		require.NotZero(t, about.ID)
		assert.Less(t, about.ID, help.ID)

		got, err := s.GetByName(ctx, "about")
		require.NoError(t, err)
		assert.Equal(t, about, got)
		list, err := s.List(ctx)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, "about", list[0].Name)
		assert.JSONEq(t, `[]`, string(list[1].Modules), "absent modules read back as an empty list")
		assert.Equal(t, map[string]string{}, list[1].Titles)

		again := Page{Name: "about", Layout: about.Layout, Titles: about.Titles, Modules: about.Modules}
		require.NoError(t, s.Upsert(ctx, &again))
		assert.Equal(t, about.ID, again.ID, "an upsert of a known name keeps its id")
		assert.Equal(t, about.UpdatedAt, again.UpdatedAt)

		changed := again
		changed.Layout = "docs"
		assertUpsertSkipsUnchanged(t, db, "pages", "name = $1", "about",
			func(ctx context.Context) error { return s.Upsert(ctx, &again) },
			func(ctx context.Context) error { return s.Upsert(ctx, &changed) })
		assert.Equal(t, about.ID, changed.ID)
		assert.Greater(t, changed.UpdatedAt, int64(1))

		bad := Page{Name: "bad", Modules: json.RawMessage(`{`)}
		require.Error(t, s.Upsert(ctx, &bad))
		list, err = s.List(ctx)
		require.NoError(t, err)
		assert.Len(t, list, 2, "a refused page is not stored")
	})
}

func TestPageVariants(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Pages()
		promo := Variant{Name: "promo", Type: VariantPostID, IDs: []int64{3, 1, 1 << 62}}
		amp := Variant{Name: "amp", Type: VariantAll}
		require.NoError(t, s.UpsertVariant(ctx, promo))
		require.NoError(t, s.UpsertVariant(ctx, amp))
		require.Error(t, s.UpsertVariant(ctx, Variant{Name: "x", Type: "some"}), "unknown type")

		list, err := s.Variants(ctx)
		require.NoError(t, err)
		amp.IDs = []int64{}
		assert.Equal(t, []Variant{amp, promo}, list)

		fewer := promo
		fewer.IDs = []int64{3}
		assertUpsertSkipsUnchanged(t, db, "page_variants", "name = $1", "promo",
			func(ctx context.Context) error { return s.UpsertVariant(ctx, promo) },
			func(ctx context.Context) error { return s.UpsertVariant(ctx, fewer) })
		list, err = s.Variants(ctx)
		require.NoError(t, err)
		assert.Equal(t, []Variant{amp, fewer}, list)
	})
}
