package content

import (
	"context"
	"errors"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// ArticleInput names an article.
type ArticleInput struct {
	ID action.ID `json:"id" doc:"any language version's id: the reply is the version in the request's language when there is one"`
}

// ArticleReply is the reply of content.article (and the content of an
// article page's pageData).
type ArticleReply struct {
	Article ArticleNode `json:"article"`
}

// Article answers content.article. It counts a view.
func (s *Service) Article(ctx context.Context, in ArticleInput) (ArticleReply, error) {
	if in.ID <= 0 {
		return ArticleReply{}, action.Required("id")
	}
	req := action.RequestFrom(ctx)
	return s.article(ctx, req.Viewer, int64(in.ID), action.NormalizeLang(req.Lang))
}

// article reads the article id in lang for viewer and counts a view.
func (s *Service) article(ctx context.Context, viewer action.Viewer, id int64, lang string) (ArticleReply, error) {
	var reply ArticleReply
	a, err := s.db.Articles().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return reply, ErrNotFound
	}
	if err != nil {
		return reply, err
	}
	versions, err := s.db.Articles().Versions(ctx, a.GroupID)
	if err != nil {
		return reply, err
	}
	missing := a.Lang != lang
	for _, v := range versions {
		if v.Lang == lang && v.ID != a.ID {
			switch a, err = s.db.Articles().Get(ctx, v.ID); {
			case errors.Is(err, persistence.ErrNotFound):
				return reply, ErrNotFound
			case err != nil:
				return reply, err
			}
		}
		if v.Lang == lang {
			missing = false
		}
	}
	nodes, err := s.articleNodes(ctx, viewer, lang, []persistence.Article{a})
	if err != nil {
		return reply, err
	}
	reply.Article = nodes[0]
	reply.Article.TranslationMissing = missing
	for _, v := range versions {
		reply.Article.Versions = append(reply.Article.Versions, ArticleVersion{ID: member.FormatID(v.ID), Lang: v.Lang,
			Slug: v.Slug, Title: v.Title, URI: articleURI(v.Lang, v.Slug, v.ID)})
	}
	// A page's status lookup for the HTML (page.Service.Found) runs
	// outside any action: only a reader's call counts a view.
	if action.RequestFrom(ctx).Action != "" {
		s.views.add(a.ID)
		reply.Article.ViewsCache++
	}
	return reply, nil
}
