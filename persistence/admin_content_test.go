package persistence

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// searchIDs are the ids of kind the search finds for key.
func searchIDs(t *testing.T, db *DB, key, kind string) []int64 {
	t.Helper()
	hits, err := db.Search().Content(t.Context(), SearchQuery{Key: key, Lang: "en", Limit: 20})
	require.NoError(t, err)
	var ids []int64
	for _, h := range hits {
		if h.Kind == kind {
			ids = append(ids, h.ID)
		}
	}
	return ids
}

// adminList is the ids (a coupon's codes) of a page of the content list.
func adminList(t *testing.T, db *DB, f AdminContentFilter) []string {
	t.Helper()
	if f.Limit == 0 {
		f.Limit = 50
	}
	rows, err := db.AdminContent().List(t.Context(), f)
	require.NoError(t, err)
	ids := []string{}
	for _, r := range rows {
		if r.Kind == AdminCoupon {
			ids = append(ids, r.Key)
		} else {
			ids = append(ids, r.Cursor())
		}
	}
	return ids
}

func TestAdminContentArticles(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.AdminContent()
		author := newMembers(t, db, "writer")[0]
		en := Article{Lang: "en", AuthorID: author, Slug: "zebra", Title: "Zebra crossing 100%", Content: "<p>stripes</p>"}
		_, err := db.Articles().Create(ctx, &en)
		require.NoError(t, err)
		other := Article{Lang: "en", AuthorID: author, Slug: "lion", Title: "Lion", Content: "<p>mane</p>"}
		_, err = db.Articles().Create(ctx, &other)
		require.NoError(t, err)
		enID, otherID := idText(en.ID), idText(other.ID)

		assert.Equal(t, []string{otherID, enID}, adminList(t, db, AdminContentFilter{Kind: AdminArticle}), "newest first")
		assert.Equal(t, []string{enID}, adminList(t, db, AdminContentFilter{Kind: AdminArticle, Query: "ZEBRA"}))
		assert.Equal(t, []string{enID}, adminList(t, db, AdminContentFilter{Kind: AdminArticle, Query: "100%"}))
		assert.Empty(t, adminList(t, db, AdminContentFilter{Kind: AdminArticle, Query: "1_0"}), "LIKE wildcards are escaped")
		assert.Equal(t, []string{enID}, adminList(t, db, AdminContentFilter{Kind: AdminArticle, Query: enID}))
		assert.Equal(t, []string{enID}, adminList(t, db, AdminContentFilter{Kind: AdminArticle, After: otherID}))
		_, err = s.List(ctx, AdminContentFilter{Kind: AdminArticle, After: "x", Limit: 5})
		require.ErrorIs(t, err, ErrBadCursor)

		require.NoError(t, db.Articles().Delete(ctx, en.ID, 5))
		assert.Empty(t, searchIDs(t, db, "zebra", SearchArticle))
		assert.Equal(t, []string{otherID}, adminList(t, db, AdminContentFilter{Kind: AdminArticle}))
		assert.Equal(t, []string{enID}, adminList(t, db, AdminContentFilter{Kind: AdminArticle, Status: AdminStatusDeleted}))
		assert.Len(t, adminList(t, db, AdminContentFilter{Kind: AdminArticle, Status: AdminStatusAll}), 2)
		row, err := s.Get(ctx, AdminArticle, en.ID, "")
		require.NoError(t, err)
		assert.Equal(t, int64(5), row.DeletedAt)
		assert.Equal(t, author, row.AuthorID)
		assert.Equal(t, "en", row.Lang)

		require.NoError(t, s.RestoreArticle(ctx, en.ID))
		assert.Equal(t, []int64{en.ID}, searchIDs(t, db, "zebra", SearchArticle), "restored into the search index")
		require.ErrorIs(t, s.RestoreArticle(ctx, en.ID), ErrNotFound, "a live article is not restored")

		// A new live version took the language while the first was deleted.
		require.NoError(t, db.Articles().Delete(ctx, en.ID, 6))
		again := Article{GroupID: en.GroupID, Lang: "en", AuthorID: author, Slug: "zebra-2", Title: "Zebra 2",
			Content: "<p>x</p>"}
		_, err = db.Articles().Create(ctx, &again)
		require.NoError(t, err)
		require.ErrorIs(t, s.RestoreArticle(ctx, en.ID), ErrRestoreCollision)
		row, err = s.Get(ctx, AdminArticle, en.ID, "")
		require.NoError(t, err)
		assert.NotZero(t, row.DeletedAt, "a refused restore changes nothing")
	})
}

func TestAdminContentCommunity(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.AdminContent()
		ids := newMembers(t, db, "ann", "bob")
		node := Node{Kind: NodeKindNode, Slug: "go", JoinType: JoinFree, Names: map[string]string{"en": "Go"}}
		require.NoError(t, db.Community().UpsertNode(ctx, &node))
		topic := Topic{NodeID: node.ID, AuthorID: ids[0], CreationKey: "1:t", Title: "Quokka question",
			Content: "<p>q</p>", Roles: "[]", Type: TopicNormal}
		_, err := db.Community().CreateTopic(ctx, &topic)
		require.NoError(t, err)
		answer := Answer{TopicID: topic.ID, AuthorID: ids[1], CreationKey: "2:a", Content: "<p>wombat answer</p>"}
		_, err = db.Community().CreateAnswer(ctx, &answer)
		require.NoError(t, err)
		comment := Comment{TargetType: TargetTopic, TargetID: topic.ID, AuthorID: ids[1], Content: "nice <b>one</b>",
			IdemKey: "c1"}
		_, err = db.Comments().Create(ctx, &comment)
		require.NoError(t, err)

		counts := func() (topics, answers, comments int64) {
			n, err := db.Community().Node(ctx, node.ID)
			require.NoError(t, err)
			tp, err := db.Community().Topic(ctx, topic.ID)
			require.NoError(t, err)
			c, err := db.Counters().Get(ctx, TargetTopic, []int64{topic.ID})
			require.NoError(t, err)
			return n.TopicCount, tp.AnswerCount, c[topic.ID].Comments
		}
		topics, answers, comments := counts()
		require.Equal(t, [3]int64{1, 1, 1}, [3]int64{topics, answers, comments})

		rows, err := s.List(ctx, AdminContentFilter{Kind: AdminAnswer, Limit: 5})
		require.NoError(t, err)
		require.Len(t, rows, 1)
		assert.Equal(t, "Quokka question", rows[0].Title, "an answer shows its topic's title")
		assert.Equal(t, "wombat answer", rows[0].Excerpt)
		rows, err = s.List(ctx, AdminContentFilter{Kind: AdminTopic, Limit: 5})
		require.NoError(t, err)
		require.Len(t, rows, 1)
		assert.Equal(t, "go", rows[0].Extra["node"])
		assert.Equal(t, TopicNormal, rows[0].Extra["type"])
		rows, err = s.List(ctx, AdminContentFilter{Kind: AdminComment, Query: "NICE", Limit: 5})
		require.NoError(t, err)
		require.Len(t, rows, 1)
		assert.Equal(t, "nice one", rows[0].Excerpt)
		assert.Equal(t, TargetTopic, rows[0].Extra["targetType"])

		for _, del := range []func() error{
			func() error { _, err := db.Community().DeleteAnswer(ctx, answer.ID, 7); return err },
			func() error { return db.Comments().Delete(ctx, comment.ID, 7) },
			func() error { _, err := db.Community().DeleteTopic(ctx, topic.ID, 7); return err },
		} {
			require.NoError(t, del())
		}
		assert.Empty(t, searchIDs(t, db, "quokka", SearchTopic))
		assert.Equal(t, int64(0), mustNode(ctx, t, db, node.ID).TopicCount)

		require.NoError(t, s.RestoreTopic(ctx, topic.ID))
		_, err = s.RestoreAnswer(ctx, answer.ID)
		require.NoError(t, err)
		_, _, err = s.RestoreComment(ctx, comment.ID)
		require.NoError(t, err)
		topics, answers, comments = counts()
		assert.Equal(t, [3]int64{1, 1, 1}, [3]int64{topics, answers, comments}, "the counters are back")
		assert.Equal(t, []int64{topic.ID}, searchIDs(t, db, "quokka", SearchTopic))
		assert.Equal(t, []int64{answer.ID}, searchIDs(t, db, "wombat", SearchAnswer))
		_, _, err = s.RestoreComment(ctx, comment.ID)
		require.ErrorIs(t, err, ErrNotFound, "restored once")
	})
}

func mustNode(ctx context.Context, t *testing.T, db *DB, id int64) Node {
	t.Helper()
	n, err := db.Community().Node(ctx, id)
	require.NoError(t, err)
	return n
}

func TestAdminContentOtherKinds(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.AdminContent()
		p := Product{Slug: "mug", Titles: map[string]string{"en": "Mug", "es": "Taza"}, Kind: ProductPhysical,
			Variants: []ProductVariant{{Prices: map[string]int64{"USD": 1200}, Stock: 5}}}
		require.NoError(t, db.Shop().SaveProduct(ctx, &p, nil))
		rows, err := s.List(ctx, AdminContentFilter{Kind: AdminProduct, Query: "taza", Limit: 5})
		require.NoError(t, err)
		require.Len(t, rows, 1)
		assert.Equal(t, "Taza", rows[0].Titles["es"])
		assert.JSONEq(t, `{"USD":1200}`, rows[0].Extra["price"])
		require.NoError(t, db.Shop().DeleteProduct(ctx, p.ID))
		_, err = db.Shop().Product(ctx, p.ID)
		require.ErrorIs(t, err, ErrNotFound)
		require.NoError(t, s.RestoreProduct(ctx, p.ID))
		_, err = db.Shop().Product(ctx, p.ID)
		require.NoError(t, err, "the restored product is in the shop again")

		owner := newMembers(t, db, "holder")[0]
		require.NoError(t, db.Coupons().Insert(ctx, []Coupon{
			{Code: "AAA", OwnerID: owner, Type: CouponCash, FaceCurrency: "USD", FaceValue: 500, CreatedAt: 10,
				Names: map[string]string{"en": "Five"}},
			{Code: "BBB", OwnerID: owner, Type: CouponCash, FaceCurrency: "USD", FaceValue: 100, CreatedAt: 10,
				ExpiredAt: 20},
		}))
		assert.Equal(t, []string{"BBB", "AAA"}, adminList(t, db, AdminContentFilter{Kind: AdminCoupon}))
		assert.Equal(t, []string{"AAA"}, adminList(t, db, AdminContentFilter{Kind: AdminCoupon, After: "10.BBB"}))
		assert.Empty(t, adminList(t, db, AdminContentFilter{Kind: AdminCoupon, Status: AdminStatusDeleted}))
		coupon, err := s.Get(ctx, AdminCoupon, 0, "BBB")
		require.NoError(t, err)
		assert.Equal(t, CouponExpired, coupon.Extra["status"])
		assert.Equal(t, "100", coupon.Extra["value"])

		cat := Node{Kind: NodeKindCategory, Slug: "tech", Names: map[string]string{"en": "Tech"}}
		require.NoError(t, db.Community().UpsertNode(ctx, &cat))
		node := Node{Kind: NodeKindNode, Slug: "go", CategoryID: cat.ID, JoinType: JoinFree}
		require.NoError(t, db.Community().UpsertNode(ctx, &node))
		cats, err := s.List(ctx, AdminContentFilter{Kind: AdminCategory, Limit: 5})
		require.NoError(t, err)
		require.Len(t, cats, 1)
		assert.Equal(t, "1", cats[0].Extra["nodes"])
		assert.Equal(t, []string{idText(node.ID)}, adminList(t, db, AdminContentFilter{Kind: AdminNode}))

		require.NoError(t, db.Pages().Upsert(ctx, &Page{Name: "about", Kind: PageCustom, Titles: map[string]string{"en": "About"},
			Layout: "default", Modules: []byte(`{}`)}))
		pages, err := s.List(ctx, AdminContentFilter{Kind: AdminPage, Limit: 5})
		require.NoError(t, err)
		require.Len(t, pages, 1)
		assert.Equal(t, "about", pages[0].Key)
		assert.Equal(t, PageCustom, pages[0].Extra["kind"])
	})
}

// idText is an id as the list's cursors write it.
func idText(id int64) string { return strconv.FormatInt(id, 10) }
