package page

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/persistence"
)

func TestResolversSupplyContentAndNotFound(t *testing.T) {
	t.Parallel()
	s, _ := newTestService(t)
	var seen Route
	s.resolvers = map[string]Resolver{
		"article": func(_ context.Context, route Route, args json.RawMessage) (PageContent, error) {
			seen = route
			switch route.ID {
			case "1":
				return PageContent{Title: "One", Data: json.RawMessage(`{"args":` + string(args) + `}`)}, nil
			case "2":
				return PageContent{}, action.Errorf(http.StatusNotFound, "content.error.notFound")
			}
			return PageContent{}, persistence.ErrNotFound
		},
	}
	ctx := context.Background()
	reply, err := s.PageData(ctx, PageDataInput{Path: "/en/article/one-1", Args: json.RawMessage(`{"first":1}`)})
	require.NoError(t, err)
	assert.Equal(t, "One", reply.Page.Title)
	assert.JSONEq(t, `{"args":{"first":1}}`, string(reply.Content))
	assert.Equal(t, Route{Lang: "en", Kind: "article", View: "single", Slug: "one", ID: "1"}, seen)
	for _, path := range []string{"/article/x-2", "/article/x-3"} {
		_, err := s.PageData(ctx, PageDataInput{Path: path})
		var e *action.Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, "common.error.pageNotFound", e.Key)
	}
	reply, err = s.PageData(ctx, PageDataInput{Path: "/community/x-3"})
	require.NoError(t, err, "a kind without a resolver is an empty page")
	assert.Empty(t, reply.Content)
}
