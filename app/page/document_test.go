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
}

func TestSitemapListsHomeAndCustomPages(t *testing.T) {
	t.Parallel()
	s, _ := newTestService(t)
	for lang, want := range map[string][]SitemapEntry{
		"zh-hans": {{Path: "/"}, {Path: "/about"}},
		"en":      {{Path: "/en"}, {Path: "/en/about"}},
		"es":      {{Path: "/es"}, {Path: "/es/about"}},
	} {
		got, err := s.Sitemap(context.Background(), lang)
		require.NoError(t, err)
		assert.Equal(t, want, got, lang)
	}
}
