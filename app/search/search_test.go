package search

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/member"
	"souk/persistence"
)

// fixture is a search service on db, with a registry and a fixed clock.
type fixture struct {
	db  *persistence.DB
	s   *Service
	reg *action.Registry
	// author writes the content.
	author int64
}

func newFixture(t *testing.T, db *persistence.DB) *fixture {
	t.Helper()
	now := time.Unix(1_800_000_000, 0)
	f := &fixture{db: db, s: New(Config{DB: db, Now: func() time.Time { return now }}), reg: action.NewRegistry()}
	f.s.Register(f.reg)
	f.author = apptest.Member(t, db, "author")
	return f
}

func (f *fixture) article(t *testing.T, a persistence.Article) int64 {
	t.Helper()
	a.AuthorID = f.author
	_, err := f.db.Articles().Create(t.Context(), &a)
	require.NoError(t, err)
	return a.ID
}

func (f *fixture) topic(t *testing.T, title, content, roles string) int64 {
	t.Helper()
	tp := persistence.Topic{NodeID: 1, AuthorID: f.author, CreationKey: title, Title: title, Content: content,
		Roles: roles, Type: persistence.TopicNormal}
	_, err := f.db.Community().CreateTopic(t.Context(), &tp)
	require.NoError(t, err)
	return tp.ID
}

// guest is a guest's request in lang from an address.
func guest(lang, ip string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: lang, ClientIP: ip})
}

// call runs action name through the registry with data.
func (f *fixture) call(ctx context.Context, name string, data any) (any, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	return f.reg.Call(ctx, name, raw)
}

func (f *fixture) search(t *testing.T, ctx context.Context, data map[string]any) SearchReply {
	t.Helper()
	reply, err := f.call(ctx, "utils.search", data)
	require.NoError(t, err)
	return reply.(SearchReply)
}

func titles(reply SearchReply) []string {
	out := []string{}
	for _, e := range reply.Posts.Edges {
		out = append(out, e.Node.Title)
	}
	return out
}

func TestSearchResults(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		camera := f.article(t, persistence.Article{Lang: "zh-hans", Slug: "camera", Title: "数码相机推荐",
			Content: "<p>入门级相机</p>", FeaturedImage: "https://img.test/camera.png", CreatedAt: 100})
		f.article(t, persistence.Article{Lang: "en", Title: "Digital camera notes", Content: "<p>数码 in English</p>",
			CreatedAt: 200})
		topic := f.topic(t, "数码论坛 Café", "<p>讨论</p>", "[]")
		answer := persistence.Answer{TopicID: topic, AuthorID: f.author, CreationKey: "a1", Content: "<p>我的数码答案</p>"}
		_, err := db.Community().CreateAnswer(ctx, &answer)
		require.NoError(t, err)
		require.NoError(t, db.Articles().AddViews(ctx, map[int64]int64{camera: 42}))
		_, err = db.Likes().Set(ctx, persistence.TargetArticle, camera, f.author, true)
		require.NoError(t, err)
		_, err = db.Likes().Set(ctx, persistence.TargetTopic, topic, f.author, true)
		require.NoError(t, err)

		reply := f.search(t, guest("zh-hans", "10.0.0.1"), map[string]any{"key": "  数码  "})
		assert.Equal(t, []string{"数码论坛 Café", "数码相机推荐", "数码论坛 Café", "Digital camera notes"}, titles(reply),
			"the visitor's language (and community content, of any) first, titles holding the key first, the newest first")
		byKind := map[string]Post{}
		for _, e := range reply.Posts.Edges {
			if _, seen := byKind[e.Node.Kind]; !seen {
				byKind[e.Node.Kind] = e.Node
			}
		}
		id := member.FormatID(camera)
		assert.Equal(t, Post{ID: id, DatabaseID: id, Kind: "article", Title: "数码相机推荐", Slug: "camera",
			URI: "/article/camera-" + id, Lang: "zh-hans", ViewsCache: 42, LikeCount: 1, CreatedAt: 100,
			FeaturedImage: &PostImage{Node: PostImageNode{SourceURL: "https://img.test/camera.png"}}}, byKind["article"])
		assert.Equal(t, "/community/cafe-"+member.FormatID(topic), byKind["topic"].URI)
		assert.Equal(t, int64(1), byKind["topic"].LikeCount)
		assert.Equal(t, "/community-answer/cafe-"+member.FormatID(answer.ID), byKind["answer"].URI)
		assert.Equal(t, "数码论坛 Café", byKind["answer"].Title, "an answer is listed under its topic's title")
		assert.False(t, reply.Posts.PageInfo.HasNextPage)
		assert.Equal(t, "4", reply.Posts.PageInfo.EndCursor)

		en := f.search(t, guest("en", "10.0.0.1"), map[string]any{"key": "数码"})
		assert.Equal(t, []string{"数码论坛 Café", "数码论坛 Café", "Digital camera notes", "数码相机推荐"}, titles(en),
			"the English article before the Chinese one for an English visitor")
		assert.Equal(t, "/en/article/"+en.Posts.Edges[2].Node.DatabaseID, en.Posts.Edges[2].Node.URI)

		// Pages.
		first := f.search(t, guest("zh-hans", "10.0.0.2"), map[string]any{"key": "数码", "first": 3})
		assert.True(t, first.Posts.PageInfo.HasNextPage)
		rest := f.search(t, guest("zh-hans", "10.0.0.2"), map[string]any{"key": "数码", "first": 3,
			"after": first.Posts.PageInfo.EndCursor})
		assert.Equal(t, titles(reply), append(titles(first), titles(rest)...))
		assert.False(t, rest.Posts.PageInfo.HasNextPage)

		// Accents and case fold.
		assert.Equal(t, []string{"数码论坛 Café"}, titles(f.search(t, guest("es", "10.0.0.3"), map[string]any{"key": "CAFE"})))
	})
}

func TestSearchGatedAndDeleted(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		loginOnly := `[{"type":"login"}]`
		f.article(t, persistence.Article{Lang: "en", Title: "Members report", Excerpt: "For members",
			Content: "<p>confidential numbers</p>", Roles: loginOnly})
		gated := f.topic(t, "Paid advice", "<p>confidential advice</p>", loginOnly)
		answer := persistence.Answer{TopicID: gated, AuthorID: f.author, CreationKey: "g1", Content: "<p>confidential answer</p>"}
		_, err := db.Community().CreateAnswer(ctx, &answer)
		require.NoError(t, err)
		deleted := f.article(t, persistence.Article{Lang: "en", Title: "Withdrawn confidential piece", Content: "<p>x</p>"})
		require.NoError(t, db.Articles().Delete(ctx, deleted, 1))

		for _, as := range []context.Context{guest("en", "10.0.1.1"), apptest.As(f.author), apptest.AsAdmin(f.author)} {
			hidden := f.search(t, as, map[string]any{"key": "confidential"})
			assert.Empty(t, hidden.Posts.Edges, "gated text and deleted content are never found")
		}
		listed := f.search(t, guest("en", "10.0.1.1"), map[string]any{"key": "members"})
		assert.Equal(t, []string{"Members report"}, titles(listed), "gated content is listed by its title")
		body, err := json.Marshal(f.search(t, guest("en", "10.0.1.1"), map[string]any{"key": "advice"}))
		require.NoError(t, err)
		assert.Contains(t, string(body), "Paid advice")
		assert.NotContains(t, string(body), "confidential", "a result carries no gated text")
	})
}

func TestSearchBadInput(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		f.article(t, persistence.Article{Lang: "en", Title: `Quotes "and" stars*`, Content: "<p>near the colon: here</p>"})
		ctx := guest("en", "10.0.2.1")

		for _, key := range []string{"", "   ", "\t\n"} {
			for _, name := range []string{"utils.search", "search.user"} {
				reply, err := f.call(ctx, name, map[string]any{"key": key})
				require.NoError(t, err, "a blank key is the empty state")
				body, err := json.Marshal(reply)
				require.NoError(t, err)
				assert.NotContains(t, string(body), "null", "%s: empty lists, not null", name)
			}
		}
		for _, key := range []string{strings.Repeat("a", 10_000), strings.Repeat("数", 10_000), strings.Repeat("é", MaxKeyRunes+1)} {
			for _, name := range []string{"utils.search", "search.user"} {
				_, err := f.call(ctx, name, map[string]any{"key": key})
				apptest.RequireKey(t, err, ErrKeyTooLong.Key)
			}
		}
		_, err := f.call(ctx, "utils.search", map[string]any{"key": strings.Repeat("数", MaxKeyRunes)})
		require.NoError(t, err, "a key of MaxKeyRunes characters is searched")

		for key, want := range map[string][]string{
			`"and"`:           {`Quotes "and" stars*`},
			`stars*`:          {`Quotes "and" stars*`},
			`NEAR colon`:      {`Quotes "and" stars*`},
			`colon: here`:     {`Quotes "and" stars*`},
			`here & (near)`:   {`Quotes "and" stars*`},
			`"*" : & ( ) NOT`: {},
			`' OR 1=1 --`:     {},
		} {
			assert.Equal(t, want, titles(f.search(t, ctx, map[string]any{"key": key})), "%q is text", key)
		}

		for _, data := range []map[string]any{
			{"key": "a", "first": -1}, {"key": "a", "first": MaxPage + 1}, {"key": "a", "after": "x"},
			{"key": "a", "after": "0"}, {"key": "a", "after": "501"},
		} {
			_, err := f.call(ctx, "utils.search", data)
			var e *action.Error
			require.ErrorAs(t, err, &e, "%v", data)
			assert.Equal(t, "common.error.badField", e.Key, "%v", data)
		}
		_, err = f.call(ctx, "search.user", map[string]any{"key": "a", "first": MaxMembers + 1})
		apptest.RequireKey(t, err, "common.error.badField")
	})
}

func TestSearchRateLimit(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		crowd := guest("en", "10.0.3.1")
		for range Burst {
			_, err := f.call(crowd, "utils.search", map[string]any{"key": "anything"})
			require.NoError(t, err)
		}
		_, err := f.call(crowd, "search.user", map[string]any{"key": "anything"})
		apptest.RequireKey(t, err, ErrRateLimited.Key)
		_, err = f.call(crowd, "utils.search", map[string]any{"key": " "})
		require.NoError(t, err, "a blank key costs nothing")
		_, err = f.call(guest("en", "10.0.3.2"), "utils.search", map[string]any{"key": "anything"})
		require.NoError(t, err, "another address has its own allowance")
		_, err = f.call(apptest.As(f.author), "utils.search", map[string]any{"key": "anything"})
		require.NoError(t, err, "a member has their own allowance")
	})
}

func TestSearchUser(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ids := map[string]int64{}
		for _, u := range []persistence.User{
			{Name: "王小明", Slug: "xiaoming"},
			{Name: "Ana Núñez", Slug: "ana", AvatarURL: "https://img.test/ana.png"},
			{Name: "Anabel", Slug: "anabel"},
		} {
			u.LevelKey = "lv1"
			require.NoError(t, db.Users().Create(t.Context(), &u))
			ids[u.Slug] = u.ID
		}
		find := func(key string) []member.Summary {
			t.Helper()
			reply, err := f.call(guest("zh-hans", "10.0.4.1"), "search.user", map[string]any{"key": key})
			require.NoError(t, err)
			return reply.(SearchUserReply).Users.Nodes
		}
		ana := member.FormatID(ids["ana"])
		assert.Equal(t, []member.Summary{
			{ID: ana, DatabaseID: ana, Name: "Ana Núñez", GqSlug: "ana", Avatar: member.Avatar{URL: "https://img.test/ana.png"}},
			{ID: member.FormatID(ids["anabel"]), DatabaseID: member.FormatID(ids["anabel"]), Name: "Anabel", GqSlug: "anabel",
				Avatar: member.Avatar{URL: "/api/avatar?seed=anabel"}},
		}, find("ana"))
		assert.Equal(t, "Ana Núñez", find("nunez")[0].Name)
		assert.Equal(t, "王小明", find("小明")[0].Name)
		assert.Equal(t, "王小明", find("XiaoMing")[0].Name)
		assert.Empty(t, find("nobody"))
	})
}
