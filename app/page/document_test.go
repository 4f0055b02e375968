package page

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDescribeProfileAndCustomPages(t *testing.T) {
	t.Parallel()
	s, ann := newTestService(t)
	ctx := context.Background()
	doc, err := s.Describe(ctx, "/en/profile/ann-"+strconv.FormatInt(ann.ID, 10), true)
	require.NoError(t, err)
	require.True(t, doc.Found)
	assert.Equal(t, "Ann", doc.Title)
	assert.Equal(t, "en", doc.Route.Lang)
	assert.Equal(t, "hello", doc.Meta.Description)
	assert.NotEmpty(t, doc.Meta.Image, "the avatar")
	assert.Empty(t, doc.Meta.Schema)

	doc, err = s.Describe(ctx, "/es/about", true)
	require.NoError(t, err)
	assert.Equal(t, "关于", doc.Title, "the default language's title when es has none")
	assert.Empty(t, doc.Meta.Description, "a text in en only")

	doc, err = s.Describe(ctx, "/en/about", true)
	require.NoError(t, err)
	assert.Equal(t, "About", doc.Title)
	assert.Equal(t, "All about us.", doc.Meta.Description, "the first text block's text")
	assert.Equal(t, "All about us.", doc.Text)
}

func TestDescribeDocsPages(t *testing.T) {
	t.Parallel()
	s, _ := newTestService(t)
	ctx := context.Background()
	doc, err := s.Describe(ctx, "/en/docs/user-agreement", true)
	require.NoError(t, err)
	require.True(t, doc.Found)
	assert.Equal(t, "User agreement", doc.Title)
	assert.Equal(t, "Terms By using Souk you agree.", doc.Meta.Description, "the first text a reader sees")
	assert.Equal(t, "Terms By using Souk you agree.", doc.Text, "hidden blocks are not read")

	doc, err = s.Describe(ctx, "/docs/user-agreement", false)
	require.NoError(t, err)
	assert.Equal(t, "用户协议", doc.Title)
	assert.Equal(t, "使用 Souk 即表示同意。", doc.Meta.Description)
	assert.Empty(t, doc.Text, "not asked for")

	doc, err = s.Describe(ctx, "/es/docs/privacy-policy", true)
	require.NoError(t, err)
	assert.Equal(t, "隐私政策", doc.Title)
	assert.Empty(t, doc.Meta.Description, "no blocks: nothing to describe")

	doc, err = s.Describe(ctx, "/en/docs/faq", true)
	require.NoError(t, err)
	assert.False(t, doc.Found)
}

func TestSitemapListsHomeCustomAndDocsPages(t *testing.T) {
	t.Parallel()
	s, _ := newTestService(t)
	for lang, want := range map[string][]SitemapEntry{
		"zh-hans": {{Path: "/"}, {Path: "/about"}, {Path: "/legacy"}, {Path: "/docs/user-agreement"}, {Path: "/docs/privacy-policy"}},
		"en":      {{Path: "/en"}, {Path: "/en/about"}, {Path: "/en/legacy"}, {Path: "/en/docs/user-agreement"}, {Path: "/en/docs/privacy-policy"}},
		"es":      {{Path: "/es"}, {Path: "/es/about"}, {Path: "/es/legacy"}, {Path: "/es/docs/user-agreement"}, {Path: "/es/docs/privacy-policy"}},
	} {
		got, err := s.Sitemap(context.Background(), lang)
		require.NoError(t, err)
		assert.Equal(t, want, got, lang)
	}
}
