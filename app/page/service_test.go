package page

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

func newTestService(t *testing.T) (*Service, persistence.User) {
	t.Helper()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(t.Context()))
	require.NoError(t, db.Pages().Upsert(t.Context(), &persistence.Page{
		Name: "about", Titles: map[string]string{"zh-hans": "关于", "en": "About"}, Layout: "docs",
		Modules: json.RawMessage(`[{"type":"text"}]`),
	}))
	require.NoError(t, db.Pages().UpsertVariant(t.Context(), persistence.Variant{Name: "promo", Type: persistence.VariantPostID, IDs: []int64{42}}))
	u := persistence.User{Name: "Ann", Slug: "ann", Description: "hello", LevelKey: "lv1"}
	require.NoError(t, db.Users().Create(t.Context(), &u))
	return New(Config{DB: db}), u
}

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
	require.JSONEq(t, `[{"type":"text"}]`, string(reply.Modules))
	require.NotNil(t, reply.Guaqi.LoginData)

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

	for _, path := range []string{"/profile/ghost-99", "/en/nowhere/at/all", "/article/hello-43.promo"} {
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
		"/profile/x-99":   false,
		"/nowhere/at/all": false,
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
