package content

import (
	"context"
	"encoding/json"
	"strconv"

	"souk/app/action"
)

// PageArgs are the auth.pageData args an archive or tag page reads.
type PageArgs struct {
	First int    `json:"first,omitempty"`
	After string `json:"after,omitempty"`
}

// ArticlePage answers the content of an article page (SPEC.md §2 kind
// article): view single is the article id (content.article's reply),
// archive the category id and tag the tag id (content.archive's reply), in
// lang. It returns ErrNotFound for an id that names nothing (cmd/souk
// wires it as the page resolver of kind article, where it is a 404).
func (s *Service) ArticlePage(ctx context.Context, view, id, lang string, args json.RawMessage) (title string, data json.RawMessage, err error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return "", nil, ErrNotFound
	}
	viewer := action.RequestFrom(ctx).Viewer
	var reply any
	switch view {
	case "single":
		r, err := s.article(ctx, viewer, n, lang)
		if err != nil {
			return "", nil, err
		}
		title, reply = r.Article.Title, r
	case "archive", "tag":
		var pa PageArgs
		if len(args) > 0 && string(args) != "null" {
			if err := json.Unmarshal(args, &pa); err != nil {
				return "", nil, action.BadField("args")
			}
		}
		in := ArchiveInput{First: pa.First, After: pa.After, Category: action.ID(n)}
		if view == "tag" {
			in.Category, in.Tag = 0, action.ID(n)
		}
		if err := in.Validate(); err != nil {
			return "", nil, err
		}
		r, err := s.archive(ctx, viewer, lang, in)
		if err != nil {
			return "", nil, err
		}
		title, reply = r.Term.Name, r
	default:
		return "", nil, ErrNotFound
	}
	data, err = json.Marshal(reply)
	return title, data, err
}
