package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestArticlesStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Articles()
		news := ArticleTerm{Kind: TermCategory, Slug: "news", Names: map[string]string{"en": "News"}}
		require.NoError(t, s.UpsertTerm(ctx, &news))
		again := ArticleTerm{Kind: TermCategory, Slug: "news", Names: map[string]string{"en": "News!"}}
		require.NoError(t, s.UpsertTerm(ctx, &again))
		assert.Equal(t, news.ID, again.ID, "a term is keyed by kind and slug")
		tag := ArticleTerm{Kind: TermTag, Slug: "news"}
		require.NoError(t, s.UpsertTerm(ctx, &tag))
		assert.NotEqual(t, news.ID, tag.ID)
		got, err := s.TermBySlug(ctx, TermCategory, "news")
		require.NoError(t, err)
		assert.Equal(t, "News!", got.Names["en"])
		_, err = s.TermBySlug(ctx, TermTag, "none")
		require.ErrorIs(t, err, ErrNotFound)

		en := Article{Lang: "en", AuthorID: 1, Slug: "hi", Title: "Hi", Content: "<p>x</p>", CategoryID: news.ID,
			TagIDs: []int64{tag.ID}}
		_, err = s.Create(ctx, &en)
		require.NoError(t, err)
		assert.Equal(t, en.ID, en.GroupID)
		retry := Article{Lang: "en", AuthorID: 1, Slug: "hi", Title: "Hi", Content: "<p>x</p>", IdemKey: en.IdemKey}
		created, err := s.Create(ctx, &retry)
		require.NoError(t, err)
		assert.False(t, created, "a retry with the same key stores one article")
		assert.Equal(t, en.ID, retry.ID)
		assert.Equal(t, []int64{tag.ID}, retry.TagIDs)
		_, err = s.Create(ctx, &Article{Lang: "es", AuthorID: 2, IdemKey: en.IdemKey})
		require.ErrorIs(t, err, ErrConflict, "another author's key")
		es := Article{GroupID: en.GroupID, Lang: "es", AuthorID: 1, Slug: "hola", Title: "Hola", Content: "<p>x</p>"}
		_, err = s.Create(ctx, &es)
		require.NoError(t, err)
		dup := Article{GroupID: en.GroupID, Lang: "es", AuthorID: 1, Slug: "otra", Title: "Otra", Content: "<p>x</p>"}
		_, err = s.Create(ctx, &dup)
		require.ErrorIs(t, err, ErrConflict, "one live version per language")

		versions, err := s.Versions(ctx, en.GroupID)
		require.NoError(t, err)
		require.Len(t, versions, 2)
		read, err := s.Get(ctx, en.ID)
		require.NoError(t, err)
		assert.Equal(t, []int64{tag.ID}, read.TagIDs)
		assert.Equal(t, "[]", read.Roles)

		read.Title, read.TagIDs, read.Roles = "Hi!", nil, `[{"type":"login"}]`
		require.NoError(t, s.Update(ctx, read))
		read, err = s.Get(ctx, en.ID)
		require.NoError(t, err)
		assert.Equal(t, "Hi!", read.Title)
		assert.Empty(t, read.TagIDs)
		assert.Equal(t, `[{"type":"login"}]`, read.Roles)

		second := Article{Lang: "en", AuthorID: 1, Slug: "two", Title: "Two", Content: "<p>y</p>"}
		_, err = s.Create(ctx, &second)
		require.NoError(t, err)
		list, err := s.List(ctx, ArticleFilter{Lang: "en", Limit: 10})
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, second.ID, list[0].ID, "the newest first")
		list, err = s.List(ctx, ArticleFilter{Lang: "en", CategoryID: news.ID, Limit: 10})
		require.NoError(t, err)
		require.Len(t, list, 1)
		list, err = s.List(ctx, ArticleFilter{Lang: "en", Before: second.ID, Limit: 10})
		require.NoError(t, err)
		require.Len(t, list, 1)
		assert.Equal(t, en.ID, list[0].ID)

		require.NoError(t, s.AddViews(ctx, map[int64]int64{en.ID: 3, second.ID: 1}))
		require.NoError(t, s.AddViews(ctx, map[int64]int64{en.ID: 2}))
		read, err = s.Get(ctx, en.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(5), read.Views)

		require.NoError(t, s.Delete(ctx, es.ID, Now()))
		require.ErrorIs(t, s.Delete(ctx, es.ID, Now()), ErrNotFound)
		_, err = s.Get(ctx, es.ID)
		require.ErrorIs(t, err, ErrNotFound)
		dup.ID, dup.IdemKey = 0, ""
		_, err = s.Create(ctx, &dup)
		require.NoError(t, err, "a deleted version frees its language")
		require.ErrorIs(t, s.Update(ctx, Article{ID: es.ID, Title: "x"}), ErrNotFound)
		terms, err := s.Terms(ctx, []int64{news.ID, tag.ID, 0, 99})
		require.NoError(t, err)
		assert.Len(t, terms, 2)
	})
}

func TestUnlocksStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		_, err := db.Wallets().Apply(ctx, WalletOp{IdemKey: "seed", UserID: 1, Reason: ReasonTopUp, Postings: []Posting{
			{UserID: AccountExternal, Asset: AssetCredit, Amount: -10}, {UserID: 1, Asset: AssetCredit, Amount: 10}}})
		require.NoError(t, err)
		ok, err := db.Unlocks().Unlocked(ctx, 1, TargetArticle, 5)
		require.NoError(t, err)
		assert.False(t, ok)
		_, err = db.Wallets().Apply(ctx, WalletOp{IdemKey: UnlockKey(1, TargetArticle, 5), UserID: 1, Reason: ReasonPurchase,
			Postings: []Posting{{UserID: 1, Asset: AssetCredit, Amount: -4}, {UserID: AccountRevenue, Asset: AssetCredit, Amount: 4}}})
		require.NoError(t, err)
		ok, err = db.Unlocks().Unlocked(ctx, 1, TargetArticle, 5)
		require.NoError(t, err)
		assert.True(t, ok)
		ok, err = db.Unlocks().Unlocked(ctx, 2, TargetArticle, 5)
		require.NoError(t, err)
		assert.False(t, ok)
	})
}
