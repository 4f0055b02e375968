package ticket

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// ListInput selects a page of tickets.
type ListInput struct {
	Status string `json:"status,omitempty" doc:"open, answered or closed; empty: all"`
	Scope  string `json:"scope,omitempty" doc:"mine (default) or all (administrators only)"`
	After  string `json:"after,omitempty" doc:"the endCursor of the page before; empty: the first page"`
}

// Validate checks what needs no database.
func (in *ListInput) Validate() error {
	switch in.Status {
	case "", persistence.TicketOpen, persistence.TicketAnswered, persistence.TicketClosed:
	default:
		return action.BadField("status")
	}
	switch in.Scope {
	case "", "mine", "all":
	default:
		return action.BadField("scope")
	}
	if _, ok := parseTicketCursor(in.After); !ok {
		return action.BadField("after")
	}
	return nil
}

// parseTicketCursor reads "<updatedAt>.<id>"; "" is the first page.
func parseTicketCursor(s string) (persistence.TicketCursor, bool) {
	if s == "" {
		return persistence.TicketCursor{}, true
	}
	at, id, ok := strings.Cut(s, ".")
	a, err1 := strconv.ParseInt(at, 10, 64)
	b, err2 := strconv.ParseInt(id, 10, 64)
	if !ok || err1 != nil || err2 != nil || a <= 0 || b <= 0 {
		return persistence.TicketCursor{}, false
	}
	return persistence.TicketCursor{UpdatedAt: a, ID: b}, true
}

// PageInfo is a Relay page's info.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"pass as after for the next page"`
	HasNextPage bool   `json:"hasNextPage" doc:"more follow"`
}

// TicketEdge is one ticket of a list.
type TicketEdge struct {
	Node TicketView `json:"node" doc:"the ticket"`
}

// TicketList is a page of tickets.
type TicketList struct {
	Edges    []TicketEdge `json:"edges" doc:"the tickets, most recently updated first"`
	PageInfo PageInfo     `json:"pageInfo" doc:"where the next page starts"`
}

// ListReply is the reply of ticket.list.
type ListReply struct {
	Tickets TicketList `json:"tickets" doc:"a page of tickets"`
}

// List answers ticket.list.
func (s *Service) List(ctx context.Context, in ListInput) (ListReply, error) {
	v := action.RequestFrom(ctx).Viewer
	owner := v.UserID
	if in.Scope == "all" {
		if !v.IsAdmin {
			return ListReply{}, action.Errorf(http.StatusForbidden, "ticket.error.forbidden")
		}
		owner = 0
	}
	after, _ := parseTicketCursor(in.After)
	list, err := s.db.Tickets().List(ctx, owner, in.Status, after, pageSize+1)
	if err != nil {
		return ListReply{}, fmt.Errorf("ticket: %w", err)
	}
	more := len(list) > pageSize
	if more {
		list = list[:pageSize]
	}
	vs, err := views(ctx, s.db, v.UserID, list)
	if err != nil {
		return ListReply{}, err
	}
	reply := ListReply{Tickets: TicketList{Edges: make([]TicketEdge, 0, len(vs)), PageInfo: PageInfo{HasNextPage: more}}}
	for _, t := range vs {
		reply.Tickets.Edges = append(reply.Tickets.Edges, TicketEdge{Node: t})
	}
	if n := len(list); n > 0 {
		reply.Tickets.PageInfo.EndCursor = strconv.FormatInt(list[n-1].UpdatedAt, 10) + "." + member.FormatID(list[n-1].ID)
	}
	return reply, nil
}

// ThreadInput names a ticket and a page of its thread.
type ThreadInput struct {
	TicketID action.ID `json:"ticketId" doc:"the ticket's databaseId"`
	After    string    `json:"after,omitempty" doc:"the endCursor of the page before; empty: the first messages"`
}

// Validate checks what needs no database.
func (in *ThreadInput) Validate() error {
	if in.TicketID <= 0 {
		return action.Required("ticketId")
	}
	if _, ok := member.ParseCursor(in.After); !ok {
		return action.BadField("after")
	}
	return nil
}

// MessageEdge is one message of a thread.
type MessageEdge struct {
	Node TicketMessage `json:"node" doc:"the message"`
}

// MessageList is a page of a thread.
type MessageList struct {
	Edges    []MessageEdge `json:"edges" doc:"the messages, oldest first"`
	PageInfo PageInfo      `json:"pageInfo" doc:"where the next page starts"`
}

// ThreadReply is the reply of ticket.thread.
type ThreadReply struct {
	Ticket   TicketView  `json:"ticket" doc:"the ticket"`
	Messages MessageList `json:"messages" doc:"a page of its messages, oldest first"`
}

// Thread answers ticket.thread; the owner reading it marks it read.
func (s *Service) Thread(ctx context.Context, in ThreadInput) (ThreadReply, error) {
	v := action.RequestFrom(ctx).Viewer
	t, err := s.ticketFor(ctx, int64(in.TicketID))
	if err != nil {
		return ThreadReply{}, err
	}
	after, _ := member.ParseCursor(in.After)
	list, err := s.db.Tickets().Messages(ctx, t.ID, after, threadPage+1)
	if err != nil {
		return ThreadReply{}, fmt.Errorf("ticket: %w", err)
	}
	more := len(list) > threadPage
	if more {
		list = list[:threadPage]
	}
	if t.UserID == v.UserID {
		now := s.now().UnixMilli()
		if err := s.db.Tickets().MarkRead(ctx, t.ID, now); err != nil {
			return ThreadReply{}, fmt.Errorf("ticket: %w", err)
		}
		t.OwnerReadAt = max(t.OwnerReadAt, now)
	}
	tv, err := views(ctx, s.db, v.UserID, []persistence.Ticket{t})
	if err != nil {
		return ThreadReply{}, err
	}
	ms, err := messageViews(ctx, s.db, list)
	if err != nil {
		return ThreadReply{}, err
	}
	reply := ThreadReply{Ticket: tv[0], Messages: MessageList{Edges: make([]MessageEdge, 0, len(ms)),
		PageInfo: PageInfo{HasNextPage: more}}}
	for _, m := range ms {
		reply.Messages.Edges = append(reply.Messages.Edges, MessageEdge{Node: m})
	}
	if n := len(list); n > 0 {
		reply.Messages.PageInfo.EndCursor = member.FormatID(list[n-1].ID)
	}
	return reply, nil
}
