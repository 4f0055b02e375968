package content

import (
	"context"
	"encoding/json"
	"souk/app/member"
	"strconv"

	"souk/app/action"
	"souk/app/internal/pagemeta"
)

// ArticlePage answers the content of an article page (SPEC.md §2 kind
// article): view single is the article id (content.article's reply),
// archive the category id and tag the tag id (content.archive's reply), in
// lang, with the page's meta for its HTML (an article's excerpt, picture
// and readable content; never gated content). It returns ErrNotFound for
// an id that names nothing (cmd/souk wires it as the page resolver of kind
// article, where it is a 404).
func (s *Service) ArticlePage(ctx context.Context, view, id, lang string, args json.RawMessage) (pagemeta.Content, error) {
	var page pagemeta.Content
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return page, ErrNotFound
	}
	viewer := action.RequestFrom(ctx).Viewer
	var reply any
	switch view {
	case "single":
		r, err := s.article(ctx, viewer, n, lang)
		if err != nil {
			return page, err
		}
		page.Title, page.Meta, reply = r.Article.Title, articleMeta(r.Article), r
	case "archive", "tag":
		pa, ok := member.ParsePageArgs(args)
		if !ok {
			return page, action.BadField("args")
		}
		in := ArchiveInput{First: pa.First, After: pa.After, Category: action.ID(n)}
		if view == "tag" {
			in.Category, in.Tag = 0, action.ID(n)
		}
		if err := in.Validate(); err != nil {
			return page, err
		}
		r, err := s.archive(ctx, viewer, lang, in)
		if err != nil {
			return page, err
		}
		page.Title, reply = r.Term.Name, r
	default:
		return page, ErrNotFound
	}
	page.Data, err = json.Marshal(reply)
	return page, err
}

// articleMeta describes an article page: Content and Excerpt are already
// what the viewer may read (empty content, the author's excerpt, while
// gated); its canonical page is the version shown, its alternates the
// other versions.
func articleMeta(a ArticleNode) pagemeta.Meta {
	m := pagemeta.Meta{Description: a.Excerpt, Body: a.Content, Schema: pagemeta.Article, Author: a.Author.Name,
		Published: a.CreatedAt, Modified: a.UpdatedAt, Canonical: a.URI}
	if a.FeaturedImage != nil {
		m.Image = a.FeaturedImage.Node.SourceURL
	}
	if len(a.Versions) > 0 {
		m.Alternates = make(map[string]string, len(a.Versions))
		for _, v := range a.Versions {
			m.Alternates[v.Lang] = v.URI
		}
	}
	return m
}
