package content

import (
	"context"
	"errors"

	"souk/app/action"
	"souk/app/internal/picked"
	"souk/app/member"
	"souk/persistence"
)

// ArchiveInput asks for a page of articles.
type ArchiveInput struct {
	Category action.ID `json:"category,omitempty" doc:"a category's id: its articles only"`
	Tag      action.ID `json:"tag,omitempty" doc:"a tag's id: its articles only"`
	AuthorID action.ID `json:"authorId,omitempty" doc:"a member's databaseId: the articles they wrote only (a profile's list)"`
	// IDs asks for these articles only, in this order (a builder's
	// hand-picked list): one page without a cursor; First and After are
	// not used.
	IDs   []action.ID `json:"ids,omitempty" doc:"at most 20 article databaseIds: only these, in this order, each in the request's language when it has a version in it; unknown, deleted or filtered out ones are left out; absent or empty: the newest first"`
	First int         `json:"first,omitempty" doc:"page size, 20 by default, at most 50"`
	After string      `json:"after,omitempty" doc:"endCursor of the page before"`
}

// Validate checks the input's shape.
func (in *ArchiveInput) Validate() error {
	switch {
	case in.Category < 0:
		return action.BadField("category")
	case in.Tag < 0:
		return action.BadField("tag")
	case in.AuthorID < 0:
		return action.BadField("authorId")
	case in.First < 0 || in.First > MaxPage:
		return action.BadField("first")
	case !picked.Valid(in.IDs):
		return action.BadField("ids")
	}
	if _, ok := member.ParseCursor(in.After); !ok {
		return action.BadField("after")
	}
	if in.First == 0 {
		in.First = DefaultPage
	}
	return nil
}

// ArticleEdge is one article of a page.
type ArticleEdge struct {
	Cursor string      `json:"cursor"`
	Node   ArticleNode `json:"node"`
}

// ArticlesPageInfo tells how to read on.
type ArticlesPageInfo struct {
	EndCursor   string `json:"endCursor" doc:"pass it as after for the next page; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage"`
}

// ArticlesPage is a page of articles, the newest first.
type ArticlesPage struct {
	Edges    []ArticleEdge    `json:"edges"`
	PageInfo ArticlesPageInfo `json:"pageInfo"`
}

// ArchiveReply is the reply of content.archive (and the content of an
// archive or tag page's pageData).
type ArchiveReply struct {
	Term  *ArticleTerm `json:"term,omitempty" doc:"the category or tag listed"`
	Posts ArticlesPage `json:"posts"`
}

// Archive answers content.archive.
func (s *Service) Archive(ctx context.Context, in ArchiveInput) (ArchiveReply, error) {
	if err := in.Validate(); err != nil {
		return ArchiveReply{}, err
	}
	req := action.RequestFrom(ctx)
	return s.archive(ctx, req.Viewer, action.NormalizeLang(req.Lang), in)
}

func (s *Service) archive(ctx context.Context, viewer action.Viewer, lang string, in ArchiveInput) (ArchiveReply, error) {
	reply := ArchiveReply{Posts: ArticlesPage{Edges: []ArticleEdge{}}}
	filter := persistence.ArticleFilter{Lang: lang, CategoryID: int64(in.Category), TagID: int64(in.Tag),
		AuthorID: int64(in.AuthorID), Limit: in.First + 1}
	for _, want := range []struct {
		id   int64
		kind string
	}{{filter.CategoryID, persistence.TermCategory}, {filter.TagID, persistence.TermTag}} {
		if want.id == 0 {
			continue
		}
		terms, err := s.db.Articles().Terms(ctx, []int64{want.id})
		if err != nil {
			return reply, err
		}
		t, ok := terms[want.id]
		if !ok || t.Kind != want.kind {
			return reply, ErrNotFound
		}
		node := termNode(t, lang)
		reply.Term = &node
	}
	var list []persistence.Article
	var err error
	if len(in.IDs) > 0 {
		list, err = s.pickedArticles(ctx, filter, in.IDs)
	} else {
		filter.Before, _ = member.ParseCursor(in.After)
		list, err = s.db.Articles().List(ctx, filter)
	}
	if err != nil {
		return reply, err
	}
	if len(list) > in.First && len(in.IDs) == 0 {
		list, reply.Posts.PageInfo.HasNextPage = list[:in.First], true
	}
	// The list does not read tags; the nodes show the category only.
	nodes, err := s.articleNodes(ctx, viewer, lang, list)
	if err != nil {
		return reply, err
	}
	for _, n := range nodes {
		n.Content = ""
		reply.Posts.Edges = append(reply.Posts.Edges, ArticleEdge{Cursor: n.DatabaseID, Node: n})
		reply.Posts.PageInfo.EndCursor = n.DatabaseID
	}
	return reply, nil
}

// errNotFound maps the store's not found to the action's.
func errNotFound(err error) error {
	if errors.Is(err, persistence.ErrNotFound) {
		return ErrNotFound
	}
	return err
}
