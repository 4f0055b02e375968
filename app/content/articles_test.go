package content_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/content"
	"souk/app/internal/gate"
	"souk/internal/authtest"
	"souk/persistence"
)

func TestArticleLanguageVersions(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	read := func(lang string, id int64) content.ArticleNode {
		var reply content.ArticleReply
		f.must(t, as(guest, lang), "content.article", map[string]any{"id": id}, &reply)
		return reply.Article
	}
	es := read("es", welcomeZh)
	assert.Equal(t, "Bienvenido a Souk", es.Title, "the version in the request's language")
	assert.Equal(t, "/es/article/bienvenida-1000000003", es.URI)
	assert.False(t, es.TranslationMissing)
	assert.Len(t, es.Versions, 3)
	assert.Contains(t, es.Content, "<h2>")
	assert.Equal(t, "Noticias", es.Category.Name)
	require.Len(t, es.Tags, 2)

	guide := read("es", guideEn)
	assert.Equal(t, "A guide to your wallet", guide.Title, "no Spanish version: the original")
	assert.True(t, guide.TranslationMissing)

	authtest.RequireKey(t, f.call(as(guest, "en"), "content.article", map[string]any{"id": 99}, nil),
		http.StatusNotFound, "content.error.notFound")
	authtest.RequireKey(t, f.call(as(guest, "en"), "content.article", map[string]any{}, nil),
		http.StatusBadRequest, "common.error.required")
}

func TestGatedArticles(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	read := func(u persistence.User) content.ArticleNode {
		var reply content.ArticleReply
		f.must(t, as(u, "en"), "content.article", map[string]any{"id": insidersEn}, &reply)
		return reply.Article
	}
	for _, u := range []persistence.User{guest, f.member} {
		n := read(u)
		assert.True(t, n.Gated)
		assert.Empty(t, n.Content)
		assert.NotContains(t, n.Excerpt, insiderText, "only the author's excerpt")
		assert.Equal(t, &gate.Role{Type: gate.Level, Value: "lv3"}, n.Gate)
	}
	for _, u := range []persistence.User{f.vip, f.admin} {
		n := read(u)
		assert.False(t, n.Gated, "%s", u.Slug)
		assert.Contains(t, n.Content, insiderText)
	}
	var archive content.ArchiveReply
	f.must(t, as(f.member, "en"), "content.archive", map[string]any{}, &archive)
	for _, e := range archive.Posts.Edges {
		assert.Empty(t, e.Node.Content, "lists carry no content")
		assert.NotContains(t, e.Node.Excerpt, insiderText)
	}
}

func TestCommentGateOpensOnAComment(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	var saved content.SaveArticleReply
	f.must(t, as(f.admin, "en"), "mutates.saveArticle", map[string]any{"title": "Say hi first", "lang": "en",
		"content": "<p>The secret word is banana.</p>", "roles": []gate.Role{{Type: gate.Cmt}, {Type: gate.Credit, Value: "5"}}}, &saved)
	id := mustID(t, saved.GqSaveArticle.Article.ID)
	var reply content.ArticleReply
	f.must(t, as(f.member, "en"), "content.article", map[string]any{"id": id}, &reply)
	assert.True(t, reply.Article.Gated)
	assert.Equal(t, &gate.Role{Type: gate.Cmt}, reply.Article.Gate, "comment comes before a price (§6)")
	assert.Empty(t, reply.Article.Excerpt, "no excerpt was written: none is made from gated content")
	authtest.RequireKey(t, f.call(as(f.member, "en"), "content.comments", map[string]any{"targetType": "article", "targetId": id}, nil),
		http.StatusForbidden, "content.error.gated")

	f.comment(t, f.member, "article", id, "hi")
	f.must(t, as(f.member, "en"), "content.article", map[string]any{"id": id}, &reply)
	assert.False(t, reply.Article.Gated)
	assert.Contains(t, reply.Article.Content, "banana")
	f.must(t, as(f.vip, "en"), "content.article", map[string]any{"id": id}, &reply)
	assert.True(t, reply.Article.Gated, "another member's comment opens nothing for the VIP")
}

func TestUnlockIsOnePaymentPerMember(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		ctx := t.Context()
		member := as(f.member, "en")
		before, err := f.db.Wallets().Balances(ctx, f.member.ID)
		require.NoError(t, err)
		var reply content.UnlockReply
		f.must(t, member, "content.unlock", map[string]any{"targetType": "article", "targetId": insidersEn}, &reply)
		assert.Equal(t, content.UnlockResult{Success: true, Asset: persistence.AssetCredit, Amount: 20}, reply.GqUnlock)
		after, err := f.db.Wallets().Balances(ctx, f.member.ID)
		require.NoError(t, err)
		assert.Equal(t, before[persistence.AssetCredit]-20, after[persistence.AssetCredit])

		var article content.ArticleReply
		f.must(t, member, "content.article", map[string]any{"id": insidersEn}, &article)
		assert.Contains(t, article.Article.Content, insiderText)
		authtest.RequireKey(t, f.call(member, "content.unlock", map[string]any{"targetType": "article", "targetId": insidersEn}, nil),
			http.StatusBadRequest, "content.error.notForSale")
		again, err := f.db.Wallets().Balances(ctx, f.member.ID)
		require.NoError(t, err)
		assert.Equal(t, after, again, "nothing paid twice")
		audit, err := f.db.Wallets().Audit(ctx)
		require.NoError(t, err)
		assert.True(t, audit.Clean(), "%+v", audit)

		for _, tt := range []struct {
			u      persistence.User
			in     map[string]any
			status int
			key    string
		}{
			{f.vip, map[string]any{"targetType": "article", "targetId": insidersEn}, http.StatusBadRequest, "content.error.notForSale"},
			{f.member, map[string]any{"targetType": "article", "targetId": welcomeEn}, http.StatusBadRequest, "content.error.notForSale"},
			{f.member, map[string]any{"targetType": "article", "targetId": 99}, http.StatusNotFound, "content.error.notFound"},
			{f.member, map[string]any{"targetType": "comment", "targetId": 1}, http.StatusBadRequest, "common.error.badField"},
			{guest, map[string]any{"targetType": "article", "targetId": insidersEn}, http.StatusUnauthorized, "common.error.unauthorized"},
		} {
			authtest.RequireKey(t, f.call(as(tt.u, "en"), "content.unlock", tt.in, nil), tt.status, tt.key)
		}

		var saved content.SaveArticleReply
		f.must(t, as(f.admin, "en"), "mutates.saveArticle", map[string]any{"title": "Dear", "lang": "en",
			"content": "<p>Costly.</p>", "roles": []gate.Role{{Type: gate.Credit, Value: "999999"}}}, &saved)
		authtest.RequireKey(t, f.call(member, "content.unlock", map[string]any{"targetType": "article",
			"targetId": saved.GqSaveArticle.Article.ID}, nil), http.StatusPaymentRequired, "content.error.insufficientFunds")
	})
}

func TestSaveArticle(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	admin := as(f.admin, "en")
	var saved content.SaveArticleReply
	f.must(t, admin, "mutates.saveArticle", map[string]any{"title": "Hello World!", "lang": "en",
		"content":       `<p>Text<script>alert(1)</script></p><iframe src="https://x.example"></iframe><img src="/api/media/1/a.png" onerror="x()"/>`,
		"featuredImage": "https://example.com/a.jpg", "category": map[string]any{"slug": "news"},
		"tags": []map[string]any{{"slug": "fresh", "names": map[string]string{"en": "Fresh", "es": "Fresco"}}}}, &saved)
	a := saved.GqSaveArticle.Article
	assert.Equal(t, "hello-world", a.Slug)
	assert.Equal(t, `<p>Text</p><img src="/api/media/1/a.png"/>`, a.Content)
	assert.Equal(t, "News", a.Category.Name)
	require.Len(t, a.Tags, 1)
	assert.Equal(t, "Fresh", a.Tags[0].Name)
	assert.Equal(t, "Text", a.Excerpt)

	var es content.SaveArticleReply
	f.must(t, admin, "mutates.saveArticle", map[string]any{"group": a.ID, "lang": "es", "title": "¡Hola!", "content": "<p>Texto</p>"}, &es)
	assert.Equal(t, a.GroupID, es.GqSaveArticle.Article.GroupID)
	authtest.RequireKey(t, f.call(admin, "mutates.saveArticle", map[string]any{"group": a.ID, "lang": "es", "title": "Otra",
		"content": "<p>x</p>"}, nil), http.StatusConflict, "content.error.versionExists")

	var first, retry content.SaveArticleReply
	in := map[string]any{"title": "Once", "lang": "en", "content": "<p>Once.</p>", "clientId": "save-1"}
	f.must(t, admin, "mutates.saveArticle", in, &first)
	f.must(t, admin, "mutates.saveArticle", in, &retry)
	assert.Equal(t, first.GqSaveArticle.Article.ID, retry.GqSaveArticle.Article.ID, "a retried create stores one article")

	var edited content.SaveArticleReply
	f.must(t, admin, "mutates.saveArticle", map[string]any{"id": a.ID, "lang": "zh-hans", "title": "Edited", "content": "<p>New</p>"}, &edited)
	assert.Equal(t, a.ID, edited.GqSaveArticle.Article.ID)
	assert.Equal(t, "en", edited.GqSaveArticle.Article.Lang, "a version keeps its language")
	assert.Empty(t, edited.GqSaveArticle.Article.Tags)

	tests := []struct {
		what   string
		in     map[string]any
		status int
		key    string
	}{
		{"no title", map[string]any{"content": "<p>x</p>"}, http.StatusBadRequest, "content.error.title"},
		{"long title", map[string]any{"title": strings.Repeat("t", content.MaxTitleRunes+1), "content": "<p>x</p>"},
			http.StatusBadRequest, "content.error.title"},
		{"no content", map[string]any{"title": "t", "content": "<script>x</script>"}, http.StatusBadRequest, "content.error.content"},
		{"bad image", map[string]any{"title": "t", "content": "<p>x</p>", "featuredImage": "javascript:alert(1)"},
			http.StatusBadRequest, "content.error.image"},
		{"http image", map[string]any{"title": "t", "content": "<p>x</p>", "featuredImage": "http://x.example/a.png"},
			http.StatusBadRequest, "content.error.image"},
		{"bad slug", map[string]any{"title": "t", "slug": "a/b", "content": "<p>x</p>"}, http.StatusBadRequest, "common.error.badField"},
		{"bad lang", map[string]any{"title": "t", "lang": "fr", "content": "<p>x</p>"}, http.StatusBadRequest, "common.error.badField"},
		{"unknown role", map[string]any{"title": "t", "content": "<p>x</p>", "roles": []gate.Role{{Type: "friends"}}},
			http.StatusBadRequest, "content.error.roles"},
		{"unknown level", map[string]any{"title": "t", "content": "<p>x</p>", "roles": []gate.Role{{Type: gate.Level, Value: "lv99"}}},
			http.StatusBadRequest, "content.error.roles"},
		{"unknown currency", map[string]any{"title": "t", "content": "<p>x</p>", "roles": []gate.Role{{Type: gate.Money, Value: "100", Currency: "XXX"}}},
			http.StatusBadRequest, "content.error.roles"},
		{"negative price", map[string]any{"title": "t", "content": "<p>x</p>", "roles": []gate.Role{{Type: gate.Credit, Value: "-1"}}},
			http.StatusBadRequest, "content.error.roles"},
		{"bad category", map[string]any{"title": "t", "content": "<p>x</p>", "category": map[string]any{"slug": "a b"}},
			http.StatusBadRequest, "content.error.category"},
		{"edit of nothing", map[string]any{"id": 99, "title": "t", "content": "<p>x</p>"}, http.StatusNotFound, "content.error.notFound"},
		{"version of nothing", map[string]any{"group": 99, "title": "t", "content": "<p>x</p>"}, http.StatusNotFound, "content.error.notFound"},
	}
	for _, tt := range tests {
		authtest.RequireKey(t, f.call(admin, "mutates.saveArticle", tt.in, nil), tt.status, tt.key)
	}
	for _, u := range []persistence.User{f.member, f.vip} {
		authtest.RequireKey(t, f.call(as(u, "en"), "mutates.saveArticle", map[string]any{"title": "t", "content": "<p>x</p>"}, nil),
			http.StatusForbidden, "common.error.forbidden")
	}
}

func TestArchiveAndViews(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		var all content.ArchiveReply
		f.must(t, as(guest, "en"), "content.archive", map[string]any{"first": 2}, &all)
		require.Len(t, all.Posts.Edges, 2)
		assert.True(t, all.Posts.PageInfo.HasNextPage)
		var rest content.ArchiveReply
		f.must(t, as(guest, "en"), "content.archive", map[string]any{"after": all.Posts.PageInfo.EndCursor}, &rest)
		require.Len(t, rest.Posts.Edges, 1, "three English articles")
		assert.Equal(t, "/en/article/welcome-1000000002", rest.Posts.Edges[0].Node.URI)

		var welcome content.ArticleReply
		f.must(t, as(guest, "en"), "content.article", map[string]any{"id": welcomeEn}, &welcome)
		var news content.ArchiveReply
		f.must(t, as(guest, "en"), "content.archive", map[string]any{"category": welcome.Article.Category.ID}, &news)
		require.Len(t, news.Posts.Edges, 1)
		assert.Equal(t, "News", news.Term.Name)
		var tagged content.ArchiveReply
		f.must(t, as(guest, "zh-hans"), "content.archive", map[string]any{"tag": welcome.Article.Tags[0].ID}, &tagged)
		assert.Len(t, tagged.Posts.Edges, 2, "two Chinese articles are tagged souk")
		authtest.RequireKey(t, f.call(as(guest, "en"), "content.archive", map[string]any{"tag": welcome.Article.Category.ID}, nil),
			http.StatusNotFound, "content.error.notFound")
		authtest.RequireKey(t, f.call(as(guest, "en"), "content.archive", map[string]any{"first": 99}, nil),
			http.StatusBadRequest, "common.error.badField")

		for range 3 {
			f.must(t, as(guest, "en"), "content.article", map[string]any{"id": welcomeEn}, &welcome)
		}
		assert.Equal(t, int64(4), welcome.Article.ViewsCache, "pending views are shown")
		require.NoError(t, f.svc.FlushViews(t.Context()))
		stored, err := f.db.Articles().Get(t.Context(), welcomeEn)
		require.NoError(t, err)
		assert.Equal(t, int64(4), stored.Views, "one batch writes them")
		require.NoError(t, f.svc.FlushViews(t.Context()))
		f.must(t, as(guest, "en"), "content.article", map[string]any{"id": welcomeEn}, &welcome)
		assert.Equal(t, int64(5), welcome.Article.ViewsCache)
	})
}

// A profile's articles tab: one member's articles in the request's
// language, gated ones as the archive shows them.
func TestArchiveOfAnAuthor(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newFixture(t, kind)
		var page content.ArchiveReply
		f.must(t, as(guest, "en"), "content.archive", map[string]any{"authorId": f.admin.ID, "first": 2}, &page)
		require.Len(t, page.Posts.Edges, 2)
		assert.True(t, page.Posts.PageInfo.HasNextPage)
		insiders := page.Posts.Edges[0].Node
		assert.Equal(t, "insiders-notes", insiders.Slug, "newest first")
		assert.True(t, insiders.Gated, "gated for a guest, as in the archive")
		assert.Empty(t, insiders.Content)
		for _, e := range page.Posts.Edges {
			assert.Equal(t, "en", e.Node.Lang)
			assert.Equal(t, strconv.FormatInt(f.admin.ID, 10), e.Node.Author.DatabaseID)
		}
		var rest content.ArchiveReply
		f.must(t, as(guest, "en"), "content.archive", map[string]any{"authorId": f.admin.ID, "after": page.Posts.PageInfo.EndCursor}, &rest)
		require.Len(t, rest.Posts.Edges, 1, "three English articles of the admin")
		assert.False(t, rest.Posts.PageInfo.HasNextPage)

		var none content.ArchiveReply
		f.must(t, as(guest, "en"), "content.archive", map[string]any{"authorId": f.member.ID}, &none)
		assert.Empty(t, none.Posts.Edges)
		assert.NotNil(t, none.Posts.Edges)
		authtest.RequireKey(t, f.call(as(guest, "en"), "content.archive", map[string]any{"authorId": -3}, nil),
			http.StatusBadRequest, "common.error.badField")
	})
}
