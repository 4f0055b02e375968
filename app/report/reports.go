package report

import (
	"context"

	"souk/app/member"
	"souk/persistence"
)

// ReportsInput asks for a page of the moderation queue.
type ReportsInput struct {
	Status string `json:"status,omitempty" doc:"open (the default) or resolved"`
	First  int    `json:"first,omitempty" doc:"page size, 1-50; default 20"`
	After  string `json:"after,omitempty" doc:"an endCursor: the page after it"`
}

// ReportsReply is the reply of admin.reports.
type ReportsReply struct {
	Reports ReportsPage `json:"reports"`
}

// ReportsPage is a page of reports, the oldest first.
type ReportsPage struct {
	Edges    []ReportEdge `json:"edges"`
	PageInfo PageInfo     `json:"pageInfo"`
}

// ReportEdge is one report and its cursor.
type ReportEdge struct {
	Cursor string `json:"cursor" doc:"the report's id"`
	Node   Report `json:"node"`
}

// PageInfo says where a page ends.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"pass it as after for the next page; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage"`
}

// Reports answers admin.reports.
func (s *Service) Reports(ctx context.Context, in ReportsInput) (ReportsReply, error) {
	var reply ReportsReply
	status := in.Status
	switch status {
	case "":
		status = persistence.ReportOpen
	case persistence.ReportOpen, persistence.ReportResolved:
	default:
		return reply, ErrBadStatus
	}
	first := in.First
	if first <= 0 || first > MaxPage {
		first = DefaultPage
	}
	after, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	list, err := s.db.Reports().List(ctx, status, after, first+1)
	if err != nil {
		return reply, err
	}
	more := len(list) > first
	if more {
		list = list[:first]
	}
	views, err := s.views(ctx, list)
	if err != nil {
		return reply, err
	}
	page := ReportsPage{Edges: make([]ReportEdge, 0, len(views)), PageInfo: PageInfo{HasNextPage: more}}
	for _, v := range views {
		page.Edges = append(page.Edges, ReportEdge{Cursor: v.ID, Node: v})
	}
	if n := len(page.Edges); n > 0 {
		page.PageInfo.EndCursor = page.Edges[n-1].Cursor
	}
	reply.Reports = page
	return reply, nil
}
