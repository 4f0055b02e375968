package admin

import (
	"context"
	"errors"
	"slices"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// maxContentQuery bounds the search text of admin.content, in characters.
const maxContentQuery = 200

// ContentInput asks for a page of one kind of content.
type ContentInput struct {
	Kind     string `json:"kind" doc:"article, topic, answer, comment, product, coupon, node, category, page or term"`
	Q        string `json:"q,omitempty" doc:"text in the title (an answer's or a comment's text, a coupon's code, a term's names or slug), case-insensitive, or the databaseId; at most 200 characters"`
	Status   string `json:"status,omitempty" doc:"live (the default), deleted or all; coupons, nodes, categories, pages and terms are never deleted"`
	TermKind string `json:"termKind,omitempty" doc:"with kind term: only terms of this kind (category, tag, shop_category or shop_tag); empty for every kind"`
	After    string `json:"after,omitempty" doc:"an endCursor: the page after it"`
	First    int    `json:"first,omitempty" doc:"page size, 1-100; default 50"`
}

// Validate checks the input's shape.
func (in *ContentInput) Validate() error {
	switch {
	case !persistence.AdminContentKnown(in.Kind):
		return action.BadField("kind")
	case utf8.RuneCountInString(in.Q) > maxContentQuery:
		return action.BadField("q")
	case in.TermKind != "" && (in.Kind != persistence.AdminTerm || !slices.Contains(termKinds, in.TermKind)):
		return action.BadField("termKind")
	}
	switch in.Status {
	case "", persistence.AdminStatusLive, persistence.AdminStatusDeleted, persistence.AdminStatusAll:
	default:
		return action.BadField("status")
	}
	return checkFirst(in.First)
}

// ContentEdge is one row of a page.
type ContentEdge struct {
	Cursor string          `json:"cursor"`
	Node   AdminContentRow `json:"node"`
}

// ContentReply is the reply of admin.content: a page, newest first.
type ContentReply struct {
	Edges    []ContentEdge `json:"edges"`
	PageInfo PageInfo      `json:"pageInfo"`
}

// Content answers admin.content.
func (s *ContentService) Content(ctx context.Context, in ContentInput) (ContentReply, error) {
	reply := ContentReply{Edges: []ContentEdge{}}
	if err := in.Validate(); err != nil {
		return reply, err
	}
	first := pageSize(in.First)
	rows, err := s.db.AdminContent().List(ctx, persistence.AdminContentFilter{Kind: in.Kind, Query: in.Q,
		Status: in.Status, TermKind: in.TermKind, After: in.After, Limit: first + 1})
	if errors.Is(err, persistence.ErrBadCursor) {
		return reply, ErrBadCursor
	} else if err != nil {
		return reply, err
	}
	rows, reply.PageInfo.HasNextPage = trimPage(rows, first)
	views, err := s.views(ctx, rows)
	if err != nil {
		return reply, err
	}
	for i, v := range views {
		reply.Edges = append(reply.Edges, ContentEdge{Cursor: rows[i].Cursor(), Node: v})
	}
	if n := len(rows); n > 0 {
		reply.PageInfo.EndCursor = rows[n-1].Cursor()
	}
	return reply, nil
}

// views are the wire rows of rows in the request's language, with their authors.
func (s *ContentService) views(ctx context.Context, rows []persistence.AdminContentRow) ([]AdminContentRow, error) {
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.AuthorID)
	}
	authors, err := member.Summaries(ctx, s.db, ids...)
	if err != nil {
		return nil, err
	}
	lang := action.NormalizeLang(action.RequestFrom(ctx).Lang)
	views := make([]AdminContentRow, len(rows))
	for i, r := range rows {
		views[i] = contentView(r, lang, authors)
	}
	return views, nil
}
