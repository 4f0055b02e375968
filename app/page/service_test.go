package page

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/layout"
	"souk/app/member"
	"souk/persistence"
)

func newTestService(t *testing.T) (*Service, persistence.User) {
	t.Helper()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(t.Context()))
	for _, p := range []persistence.Page{
		{Name: "about", Titles: map[string]string{"zh-hans": "关于", "en": "About"}, Layout: "docs",
			Modules: json.RawMessage(`{"mobile":[],"tablet":[],"desktop":[{"id":"t1","type":"text","props":{"html":{"en":"<p>All about us.</p>"}}}]}`)},
		{Name: "legacy", Titles: map[string]string{"en": "Legacy"}, Modules: json.RawMessage(`[{"type":"text"}]`)},
		{Name: "", Kind: persistence.PageHome, Modules: json.RawMessage(homeBlocks)},
		// Created first, shown second: the navigation follows positions.
		{Name: persistence.DocsPrefix + "privacy-policy", Kind: persistence.PageDocs, Position: 2,
			Titles: map[string]string{"zh-hans": "隐私政策", "en": "Privacy policy"}},
		{Name: persistence.DocsPrefix + "user-agreement", Kind: persistence.PageDocs, Position: 1,
			Titles:  map[string]string{"zh-hans": "用户协议", "en": "User agreement", "es": "Acuerdo de usuario"},
			Modules: json.RawMessage(agreementBlocks)},
	} {
		require.NoError(t, db.Pages().Upsert(t.Context(), &p))
	}
	require.NoError(t, db.Pages().UpsertVariant(t.Context(), persistence.Variant{Name: "promo", Type: persistence.VariantPostID, IDs: []int64{42}}))
	u := persistence.User{Name: "Ann", Slug: "ann", Description: "hello", LevelKey: "lv1"}
	require.NoError(t, db.Users().Create(t.Context(), &u))
	return New(Config{DB: db}), u
}

const (
	homeBlocks = `{"mobile":[{"id":"h","type":"hero","props":{}}],"tablet":[],"desktop":[{"id":"h","type":"hero","props":{}}]}`
	// agreementBlocks: a hidden text and an empty one before the first
	// text a reader sees.
	agreementBlocks = `{"mobile":[],"tablet":[],"desktop":[` +
		`{"id":"a","type":"text","hidden":true,"props":{"html":{"en":"<p>Draft.</p>"}}},` +
		`{"id":"b","type":"hero","props":{"title":{"en":"Terms"}}},` +
		`{"id":"c","type":"text","props":{"html":{"en":"<p></p>"}}},` +
		`{"id":"d","type":"text","props":{"html":{"en":"<h2>Terms</h2><p>By using Souk you agree.</p>","zh-hans":"<p>使用 Souk 即表示同意。</p>"}}}]}`
)

func inLang(lang string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: lang})
}

func TestPageData(t *testing.T) {
	t.Parallel()
	s, ann := newTestService(t)
	annID := strconv.FormatInt(ann.ID, 10)

	reply, err := s.PageData(inLang("en"), PageDataInput{Path: "/en/about", LoginData: true})
	require.NoError(t, err)
	require.Equal(t, "custom", reply.Page.Kind)
	require.Equal(t, "About", reply.Page.Title)
	require.Equal(t, "docs", reply.Page.Layout)
	require.JSONEq(t, `{"mobile":[],"tablet":[],"desktop":[{"id":"t1","type":"text","props":{"html":{"en":"<p>All about us.</p>"}}}]}`,
		string(reply.Blocks))
	require.Zero(t, reply.LayoutVersion)
	require.NotNil(t, reply.Guaqi.LoginData)

	reply, err = s.PageData(inLang("en"), PageDataInput{Path: "/en/legacy"})
	require.NoError(t, err)
	require.Nil(t, reply.Blocks, "a legacy module list is no blocks")
	require.Equal(t, "default", reply.Page.Layout)
	encoded, err := json.Marshal(reply)
	require.NoError(t, err)
	require.NotContains(t, string(encoded), `"blocks"`)
	require.Contains(t, string(encoded), `"layoutVersion":0`)

	reply, err = s.PageData(inLang("es"), PageDataInput{Path: "/es"})
	require.NoError(t, err)
	require.Equal(t, "home", reply.Page.Kind)
	require.JSONEq(t, homeBlocks, string(reply.Blocks), "the home page's blocks")
	require.Empty(t, reply.Content)

	reply, err = s.PageData(inLang("zh-hans"), PageDataInput{Path: "/profile/ann-" + annID})
	require.NoError(t, err)
	require.Equal(t, &Member{ID: annID, DatabaseID: annID, Name: "Ann", Slug: "ann",
		Avatar: member.Avatar{URL: "/api/avatar?seed=ann"}, Description: "hello", CreatedAt: ann.CreatedAt,
		GqLevel: ann.LevelKey}, reply.Profile)
	require.Equal(t, "Ann", reply.Page.Title)
	require.Nil(t, reply.Guaqi.LoginData, "no login data unless asked")

	reply, err = s.PageData(inLang("en"), PageDataInput{Path: "/en/article/hello-42.promo"})
	require.NoError(t, err)
	require.Equal(t, "promo", reply.Page.Variant)

	for _, path := range []string{"/profile/ghost-99", "/en/nowhere/at/all", "/article/hello-43.promo",
		"/en/docs/nowhere", "/docs/User-Agreement", "/docs%2Fuser-agreement", "/docs/user-agreement/more"} {
		_, err := s.PageData(inLang("en"), PageDataInput{Path: path})
		var e *action.Error
		require.True(t, errors.As(err, &e), path)
		require.Equal(t, http.StatusNotFound, e.Status, path)
		require.Equal(t, map[string]any{"path": path}, e.Args)
	}

	fromEnvelope := action.WithRequest(context.Background(), &action.Request{Lang: "en", Path: "/en/about"})
	reply, err = s.PageData(fromEnvelope, PageDataInput{})
	require.NoError(t, err)
	require.Equal(t, "about", reply.Page.Name, "the envelope's path when data names none")
}

func TestDescribeFound(t *testing.T) {
	t.Parallel()
	s, ann := newTestService(t)
	for path, want := range map[string]bool{
		"/":      true,
		"/about": true,
		"/profile/x-" + strconv.FormatInt(ann.ID, 10): true,
		"/profile/x-99":           false,
		"/nowhere/at/all":         false,
		"/docs":                   true,
		"/en/docs/privacy-policy": true,
		"/es/docs/faq":            false,
	} {
		got, err := s.Describe(context.Background(), path, false)
		require.NoError(t, err)
		require.Equal(t, want, got.Found, path)
	}
}

func TestLiveVIP(t *testing.T) {
	now := time.UnixMilli(1_800_000_000_000)
	assert.Equal(t, "vip1", liveVIP(persistence.User{VIPKey: "vip1"}, now), "no end: for good")
	assert.Equal(t, "vip1", liveVIP(persistence.User{VIPKey: "vip1", VIPExpiresAt: now.UnixMilli() + 1}, now))
	assert.Empty(t, liveVIP(persistence.User{VIPKey: "vip1", VIPExpiresAt: now.UnixMilli()}, now), "ended")
	assert.Empty(t, liveVIP(persistence.User{}, now))
}

func TestDocsPages(t *testing.T) {
	t.Parallel()
	s, _ := newTestService(t)
	nav := `{"nav":[{"slug":"user-agreement","title":"User agreement"},{"slug":"privacy-policy","title":"Privacy policy"}]}`

	reply, err := s.PageData(inLang("en"), PageDataInput{Path: "/en/docs"})
	require.NoError(t, err)
	assert.Equal(t, PageInfo{Route: Route{Lang: "en", Kind: "docs", Name: "user-agreement"}, Title: "User agreement", Layout: "docs"},
		reply.Page, "/docs is the first docs page by position")
	assert.JSONEq(t, agreementBlocks, string(reply.Blocks))
	assert.JSONEq(t, nav, string(reply.Content))

	reply, err = s.PageData(inLang("en"), PageDataInput{Path: "/en/docs/privacy-policy"})
	require.NoError(t, err)
	assert.Equal(t, "privacy-policy", reply.Page.Name)
	assert.Equal(t, "Privacy policy", reply.Page.Title)
	assert.Equal(t, "docs", reply.Page.Layout)
	assert.Nil(t, reply.Blocks, "a docs page without blocks yet")
	assert.JSONEq(t, nav, string(reply.Content))

	reply, err = s.PageData(inLang("zh-hans"), PageDataInput{Path: "/docs/privacy-policy"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"nav":[{"slug":"user-agreement","title":"用户协议"},{"slug":"privacy-policy","title":"隐私政策"}]}`,
		string(reply.Content), "titles in the path's language")

	_, err = s.PageData(inLang("en"), PageDataInput{Path: "/privacy-policy"})
	var e *action.Error
	require.ErrorAs(t, err, &e, "a docs page is no custom page")
	assert.Equal(t, http.StatusNotFound, e.Status)
}

func TestDocsIsNotFoundWithoutDocsPages(t *testing.T) {
	t.Parallel()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(t.Context()))
	s := New(Config{DB: db})
	for _, path := range []string{"/docs", "/en/docs/user-agreement"} {
		_, err := s.PageData(inLang("en"), PageDataInput{Path: path})
		var e *action.Error
		require.ErrorAs(t, err, &e, path)
		assert.Equal(t, http.StatusNotFound, e.Status, path)
	}
	reply, err := s.PageData(inLang("en"), PageDataInput{Path: "/"})
	require.NoError(t, err)
	assert.Nil(t, reply.Blocks, "no home page made yet")
}

// TestPublishedLayout: pageData answers the pages a publish wrote, and the
// published version once the pages read with it are surely as new.
func TestPublishedLayout(t *testing.T) {
	t.Parallel()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(t.Context()))
	s := New(Config{DB: db})
	clock := time.UnixMilli(1_800_000_000_000)
	s.versions = layout.NewVersionGate(db.Layouts().Version, func() time.Time { return clock })
	ctx := inLang("en")

	reply, err := s.PageData(ctx, PageDataInput{Path: "/en"})
	require.NoError(t, err)
	assert.Zero(t, reply.LayoutVersion)
	assert.Nil(t, reply.Blocks)

	_, err = db.Layouts().Publish(t.Context(), persistence.LayoutPublish{Doc: json.RawMessage(`{"v":1}`),
		PageSettings: json.RawMessage(`{}`), ExpectVersion: persistence.AnyLayoutVersion, Pages: []persistence.Page{
			{Name: "", Kind: persistence.PageHome, Layout: "default", Modules: json.RawMessage(homeBlocks)},
			{Name: "download", Kind: persistence.PageCustom, Layout: "default", Titles: map[string]string{"en": "Download"}},
			{Name: persistence.DocsPrefix + "faq", Kind: persistence.PageDocs, Layout: "docs", Titles: map[string]string{"en": "FAQ"}},
		}})
	require.NoError(t, err)
	reply, err = s.PageData(ctx, PageDataInput{Path: "/en"})
	require.NoError(t, err)
	assert.JSONEq(t, homeBlocks, string(reply.Blocks))
	assert.Zero(t, reply.LayoutVersion, "just published: held back a snapshot's age")

	clock = clock.Add(persistence.SnapshotTTL)
	reply, err = s.PageData(ctx, PageDataInput{Path: "/en/download"})
	require.NoError(t, err)
	assert.Equal(t, int64(1), reply.LayoutVersion)
	assert.Equal(t, "Download", reply.Page.Title)
	assert.Nil(t, reply.Blocks, "a page published without blocks has none")
	reply, err = s.PageData(ctx, PageDataInput{Path: "/en/docs"})
	require.NoError(t, err)
	assert.Equal(t, "faq", reply.Page.Name)
	assert.JSONEq(t, `{"nav":[{"slug":"faq","title":"FAQ"}]}`, string(reply.Content))
}

// TestPageDataPreEncoded: a reply with blocks carries its own JSON, the
// blocks as encoding/json writes them (compact, markup characters
// escaped) from a cache that serves the next request; a reply without
// blocks is encoded as usual.
func TestPageDataPreEncoded(t *testing.T) {
	t.Parallel()
	s, _ := newTestService(t)
	reply, err := s.PageData(inLang("en"), PageDataInput{Path: "/en/about", LoginData: true})
	require.NoError(t, err)
	body := reply.PreEncodedJSON()
	require.NotNil(t, body)
	plain, err := json.Marshal(reply)
	require.NoError(t, err)
	require.JSONEq(t, string(plain), string(body))
	blocks, err := json.Marshal(reply.Blocks)
	require.NoError(t, err)
	require.Contains(t, string(body), `"blocks":`+string(blocks))
	require.Contains(t, string(body), `\u003cp\u003eAll about us.\u003c/p\u003e`, "escaped as encoding/json does")

	again, err := s.PageData(inLang("en"), PageDataInput{Path: "/en/about"})
	require.NoError(t, err)
	require.Same(t, &reply.blocksJSON[0], &again.blocksJSON[0], "the second request reads the cache")

	legacy, err := s.PageData(inLang("en"), PageDataInput{Path: "/en/legacy"})
	require.NoError(t, err)
	require.Nil(t, legacy.PreEncodedJSON())

	var cache encodedBlocks
	spaced := json.RawMessage(`{ "desktop" : [ {"html": "<b>&</b>"} ] }`)
	require.Equal(t, `{"desktop":[{"html":"\u003cb\u003e\u0026\u003c/b\u003e"}]}`, string(cache.of(spaced)))
	require.Nil(t, cache.of(json.RawMessage(`{"broken"`)))
	big := json.RawMessage(`{"x":"` + strings.Repeat("y", maxEncodedBytes/2) + `"}`)
	cache.of(big)
	require.Equal(t, 1, len(cache.m), "started again empty when full")
	cache.of(spaced)
	require.Equal(t, 1, len(cache.m), "and again")
	require.LessOrEqual(t, cache.bytes, maxEncodedBytes, "bounded")
}
