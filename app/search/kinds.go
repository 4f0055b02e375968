package search

import (
	"context"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// kind is a kind of content the search finds: how its results link and
// what they count. A new kind of content (products) is indexed by its
// store (persistence/search_index.go) and gets an entry in contentKinds.
type kind struct {
	// uri is a hit's page, with its language's prefix when it has one.
	uri func(h persistence.SearchHit) string
	// views reads the views of hits by id; nil when the kind counts none.
	views func(ctx context.Context, ids []int64) (map[int64]int64, error)
}

// contentKinds are the kinds utils.search lists, by persistence's kind
// (which is also their likes' and comments' target type).
func contentKinds(db *persistence.DB) map[string]kind {
	return map[string]kind{
		persistence.SearchArticle: {
			uri:   func(h persistence.SearchHit) string { return action.LangPrefix(h.Lang) + "/article/" + segment(h) },
			views: db.Articles().Views,
		},
		persistence.SearchTopic: {
			uri: func(h persistence.SearchHit) string { return "/community/" + segment(h) },
		},
		persistence.SearchAnswer: {
			uri: func(h persistence.SearchHit) string { return "/community-answer/" + segment(h) },
		},
	}
}

// segment is a page's last path segment: {slug}-{id}, or the id alone.
func segment(h persistence.SearchHit) string {
	if h.Slug == "" {
		return member.FormatID(h.ID)
	}
	return h.Slug + "-" + member.FormatID(h.ID)
}
