package persistence

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence/pgtest"
)

// searchFixture is content in three languages, some of it gated or
// deleted, written through the stores (which index it).
type searchFixture struct {
	db *DB
	// ids names each piece of content by its title (answers by their text).
	ids map[string]int64
}

const loginOnly = `[{"type":"login"}]`

func newSearchFixture(t *testing.T, db *DB) *searchFixture {
	t.Helper()
	ctx := t.Context()
	f := &searchFixture{db: db, ids: map[string]int64{}}
	author := newMembers(t, db, "author")[0]
	for _, a := range []Article{
		{Lang: "zh-hans", Title: "数码相机推荐", Content: "<p>入门级数码相机的选择</p>", CreatedAt: 100},
		{Lang: "zh-hans", Title: "相机镜头", Content: "<p>镜头和数码</p>", CreatedAt: 200},
		{Lang: "en", Title: "Choosing a digital camera", Content: "<p>A camera for travel</p>", CreatedAt: 300},
		{Lang: "es", Title: "El mejor café de Madrid", Content: "<p>Un café con leche</p>", CreatedAt: 400},
		{Lang: "zh-hans", Title: "会员专享", Excerpt: "会员可读", Content: "<p>秘密内容 cafe</p>", Roles: loginOnly, CreatedAt: 500},
		{Lang: "en", Title: "Camera café guide", Content: "<p>Where to drink</p>", CreatedAt: 600},
		{Lang: "en", Title: "Deleted camera", Content: "<p>Gone</p>", CreatedAt: 700},
	} {
		a.AuthorID = author
		_, err := db.Articles().Create(ctx, &a)
		require.NoError(t, err)
		f.ids[a.Title] = a.ID
	}
	require.NoError(t, db.Articles().Delete(ctx, f.ids["Deleted camera"], 800))
	for _, tp := range []Topic{
		{Title: "Café con leche", Content: "<p>Me gusta</p>", Roles: "[]", CreatedAt: 450},
		{Title: "Paid tips", Content: "<p>secretword</p>", Roles: loginOnly, CreatedAt: 470},
		{Title: "Removed topic", Content: "<p>Gone</p>", Roles: "[]", CreatedAt: 480},
	} {
		tp.NodeID, tp.AuthorID, tp.CreationKey, tp.Type = 1, author, tp.Title, TopicNormal
		_, err := db.Community().CreateTopic(ctx, &tp)
		require.NoError(t, err)
		f.ids[tp.Title] = tp.ID
	}
	for _, a := range []Answer{
		{TopicID: f.ids["Café con leche"], Content: "<p>Prefiero el cafe solo</p>", CreatedAt: 460},
		{TopicID: f.ids["Paid tips"], Content: "<p>An answer with the secretword</p>", CreatedAt: 475},
		{TopicID: f.ids["Removed topic"], Content: "<p>Removed answer</p>", CreatedAt: 485},
	} {
		a.AuthorID, a.CreationKey = author, a.Content
		_, err := db.Community().CreateAnswer(ctx, &a)
		require.NoError(t, err)
		f.ids[plainText(a.Content)] = a.ID
	}
	deleted, err := db.Community().DeleteTopic(ctx, f.ids["Removed topic"], 900)
	require.NoError(t, err)
	require.True(t, deleted)
	return f
}

// search returns what a search finds, each as "kind title" (an answer as
// "answer #<its text's id>").
func (f *searchFixture) search(t *testing.T, lang, key string) []string {
	t.Helper()
	hits, err := f.db.Search().Content(t.Context(), SearchQuery{Key: key, Lang: lang, Limit: 20})
	require.NoError(t, err)
	return f.describe(hits)
}

func (f *searchFixture) describe(hits []SearchHit) []string {
	out := []string{}
	for _, h := range hits {
		out = append(out, h.Kind+" "+f.name(h.ID))
	}
	return out
}

func (f *searchFixture) name(id int64) string {
	for name, got := range f.ids {
		if got == id {
			return name
		}
	}
	return fmt.Sprint(id)
}

// TestSearchContent is the search's test table: the same searches find
// the same content in the same order on SQLite and PostgreSQL.
func TestSearchContent(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		f := newSearchFixture(t, db)
		tests := []struct {
			name, lang, key string
			want            []string
		}{
			{"a chinese word inside a longer run; the title first", "zh-hans", "数码",
				[]string{"article 数码相机推荐", "article 相机镜头"}},
			{"every pair of a chinese key", "zh-hans", "数码相机", []string{"article 数码相机推荐"}},
			{"equal relevance: the newest first", "zh-hans", "相机", []string{"article 相机镜头", "article 数码相机推荐"}},
			{"accents fold; the visitor's language first, then relevance, then the newest", "es", "cafe",
				[]string{"topic Café con leche", "article El mejor café de Madrid", "answer  Prefiero el cafe solo ",
					"article Camera café guide"}},
			{"upper case and accents in the key", "en", "CAFÉ",
				[]string{"article Camera café guide", "topic Café con leche", "answer  Prefiero el cafe solo ",
					"article El mejor café de Madrid"}},
			{"a word being typed is a prefix; deleted content is gone", "en", "cam",
				[]string{"article Camera café guide", "article Choosing a digital camera"}},
			{"a spanish phrase: both words, the title holding both first", "es", "café con leche",
				[]string{"topic Café con leche", "article El mejor café de Madrid"}},
			{"gated text is not searched", "zh-hans", "秘密", []string{}},
			{"a gated article is found by its title", "zh-hans", "会员", []string{"article 会员专享"}},
			{"and by the excerpt its author wrote", "zh-hans", "可读", []string{"article 会员专享"}},
			{"a gated topic's text and its answers are not searched", "en", "secretword", []string{}},
			{"a gated topic is found by its title", "en", "paid tips", []string{"topic Paid tips"}},
			{"a deleted topic and its answers are gone", "en", "removed", []string{}},
			{"FTS operators are text: & and ( )", "es", "café & (leche)",
				[]string{"topic Café con leche", "article El mejor café de Madrid"}},
			{"FTS operators are text: NEAR", "es", "NEAR(café leche)", []string{}},
			{"FTS operators are text: column filter", "en", "title:camera", []string{}},
			{"FTS operators are text: quotes and stars", "zh-hans", `"数码*`,
				[]string{"article 数码相机推荐", "article 相机镜头"}},
			{"a key of operators only finds nothing", "en", `"*:&()`, []string{}},
			{"an empty key finds nothing", "en", "  ", []string{}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				assert.Equal(t, tt.want, f.search(t, tt.lang, tt.key))
			})
		}

		// Pages of the same ranking.
		ctx := t.Context()
		first, err := db.Search().Content(ctx, SearchQuery{Key: "cafe", Lang: "es", Limit: 2})
		require.NoError(t, err)
		rest, err := db.Search().Content(ctx, SearchQuery{Key: "cafe", Lang: "es", Offset: 2, Limit: 2})
		require.NoError(t, err)
		assert.Equal(t, f.search(t, "es", "cafe"), append(f.describe(first), f.describe(rest)...))
		hit := first[1]
		assert.Equal(t, SearchHit{Kind: SearchArticle, ID: f.ids["El mejor café de Madrid"], Lang: "es",
			Title: "El mejor café de Madrid", CreatedAt: 400}, hit)
		answer := first[0]
		assert.Equal(t, "topic", answer.Kind)
		assert.Equal(t, "cafe-con-leche", answer.Slug)
	})
}

// TestSearchIndexFollowsChanges checks that edits and deletions change
// the index in the same transaction.
func TestSearchIndexFollowsChanges(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		f := newSearchFixture(t, db)

		a, err := db.Articles().Get(ctx, f.ids["Choosing a digital camera"])
		require.NoError(t, err)
		a.Title, a.UpdatedAt = "Choosing a lens", 1000
		require.NoError(t, db.Articles().Update(ctx, a))
		assert.Equal(t, []string{"article Choosing a digital camera"}, f.search(t, "en", "lens"))
		assert.Empty(t, f.search(t, "en", "digital"), "the old title is gone")
		assert.Equal(t, []string{"article Camera café guide", "article Choosing a digital camera"}, f.search(t, "en", "camera"),
			"the text still holds camera; the title no more")

		a.Roles = loginOnly
		require.NoError(t, db.Articles().Update(ctx, a))
		assert.Empty(t, f.search(t, "en", "travel"), "the text of an article gated since is not searched")

		topic, err := db.Community().Topic(ctx, f.ids["Café con leche"])
		require.NoError(t, err)
		topic.Roles = loginOnly
		require.NoError(t, db.Community().EditTopic(ctx, topic, 1000))
		assert.Empty(t, f.search(t, "es", "gusta"), "the topic's text is gated since")
		assert.Empty(t, f.search(t, "es", "prefiero"), "and so are its answers")
		assert.Equal(t, []string{"topic Café con leche", "article El mejor café de Madrid"}, f.search(t, "es", "leche con"),
			"a gated topic is still found by its title")

		topic.Roles = "[]"
		require.NoError(t, db.Community().EditTopic(ctx, topic, 1001))
		assert.Equal(t, []string{"answer  Prefiero el cafe solo "}, f.search(t, "es", "prefiero"), "open again")
		deleted, err := db.Community().DeleteAnswer(ctx, f.ids[" Prefiero el cafe solo "], 1002)
		require.NoError(t, err)
		require.True(t, deleted)
		assert.Empty(t, f.search(t, "es", "prefiero"))

		require.NoError(t, db.Articles().Delete(ctx, f.ids["数码相机推荐"], 1003))
		assert.Equal(t, []string{"article 相机镜头"}, f.search(t, "zh-hans", "数码"))
	})
}

func TestSearchMembers(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		names := map[int64]string{}
		for _, u := range []User{
			{Name: "Annabel", Slug: "annabel"},
			{Name: "Ann Lee", Slug: "ann"},
			{Name: "张三丰", Slug: "zhang-san-feng"},
			{Name: "José Pérez", Slug: "jose"},
			{Name: "Banned Ann", Slug: "banned-ann"},
		} {
			u.LevelKey = "lv1"
			require.NoError(t, db.Users().Create(ctx, &u))
			names[u.ID] = u.Name
		}
		found := func(key string) []string {
			t.Helper()
			users, err := db.Search().Members(ctx, key, 10)
			require.NoError(t, err)
			out := []string{}
			for _, u := range users {
				out = append(out, u.Name)
			}
			return out
		}
		_, err := db.write.ExecContext(ctx, `UPDATE users SET banned_at = 1 WHERE slug = 'banned-ann'`)
		require.NoError(t, err)

		assert.Equal(t, []string{"Ann Lee", "Annabel"}, found("ann"), "a whole word before a longer one")
		assert.Equal(t, []string{"张三丰"}, found("张三"))
		assert.Equal(t, []string{"张三丰"}, found("zhang"), "by slug")
		assert.Equal(t, []string{"José Pérez"}, found("PEREZ"))
		assert.Empty(t, found(`"*(`))

		var jose int64
		for id, name := range names {
			if name == "José Pérez" {
				jose = id
			}
		}
		require.NoError(t, db.Users().UpdateProfile(ctx, jose, ProfileChange{Name: "Pepe"}))
		assert.Empty(t, found("perez"), "a new name replaces the old")
		assert.Equal(t, []string{"Pepe"}, found("pepe"))
		u, err := db.Users().Get(ctx, jose)
		require.NoError(t, err)
		u.Slug = "pepe-madrid"
		require.NoError(t, db.Users().Update(ctx, u))
		assert.Equal(t, []string{"Pepe"}, found("madrid"))
	})
}

// TestSearchMigrationFills checks that migration 17 indexes what was
// written before it.
func TestSearchMigrationFills(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{KindSQLite, KindPostgres} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			db := openUnmigrated(t, kind)
			migrator, err := db.migrator()
			require.NoError(t, err)
			_, err = migrator.UpTo(ctx, searchMigrationVersion-1)
			require.NoError(t, err)
			for _, stmt := range []string{
				`INSERT INTO users (id, name, slug, description, avatar_url, password_hash, level_key, vip_key,
					vip_expires_at, is_admin, dark_room, has_information, created_at, updated_at, referrer_id, profile)
					VALUES (1, 'Old Member', 'old', '', '', '', 'lv1', '', 0, false, false, false, 1, 1, 0, '{}')`,
				`INSERT INTO articles (id, group_id, lang, author_id, slug, title, content, excerpt, featured_image,
					category_id, roles, views, idem_key, created_at, updated_at, deleted_at)
					VALUES (10, 10, 'zh-hans', 1, 's', '数码相机推荐', '<p>旧文章</p>', '', '', 0, '[]', 0, 'a10', 1, 1, 0),
					(11, 11, 'en', 1, 's', 'Deleted digital', '', '', '', 0, '[]', 0, 'a11', 1, 1, 5)`,
				`INSERT INTO community_topics (id, node_id, author_id, creation_key, title, content, excerpt, roles,
					topic_type, bounty_asset, bounty_amount, bounty_state, award, vote_options, deadline, answer_count,
					deleted_at, created_at, updated_at)
					VALUES (20, 1, 1, 't20', 'Café antiguo', '<p>hola</p>', '', '[]', 'normal', '', 0, '', '[]', '[]', 0, 1, 0, 2, 2)`,
				`INSERT INTO community_answers (id, topic_id, author_id, creation_key, content, deleted_at, created_at, updated_at)
					VALUES (30, 20, 1, 'a30', '<p>respuesta vieja</p>', 0, 3, 3)`,
			} {
				_, err := db.write.ExecContext(ctx, stmt)
				require.NoError(t, err)
			}
			require.NoError(t, db.Migrate(ctx))

			for key, want := range map[string][]SearchHit{
				"数码":      {{Kind: SearchArticle, ID: 10, Lang: "zh-hans", Title: "数码相机推荐", Slug: "s", CreatedAt: 1}},
				"cafe":    {{Kind: SearchTopic, ID: 20, Title: "Café antiguo", Slug: "cafe-antiguo", CreatedAt: 2}},
				"vieja":   {{Kind: SearchAnswer, ID: 30, Title: "Café antiguo", Slug: "cafe-antiguo", RefID: 20, CreatedAt: 3}},
				"digital": {},
			} {
				hits, err := db.Search().Content(ctx, SearchQuery{Key: key, Lang: "en", Limit: 5})
				require.NoError(t, err)
				assert.Equal(t, want, hits, key)
			}
			users, err := db.Search().Members(ctx, "old", 5)
			require.NoError(t, err)
			require.Len(t, users, 1)
			assert.Equal(t, "Old Member", users[0].Name)
		})
	}
}

// openUnmigrated returns an empty database of kind, closed when the test ends.
func openUnmigrated(t *testing.T, kind string) *DB {
	t.Helper()
	cfg := Config{DataDir: t.TempDir()}
	if kind == KindPostgres {
		cfg.URL = pgtest.NewDatabase(t)
	}
	db, err := Open(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	return db
}
