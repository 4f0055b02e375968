package notify

import (
	"context"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// DefaultPage and MaxPage bound the notification pages (SPEC.md §9).
const (
	DefaultPage = 20
	MaxPage     = 50
)

// GetNotificationsInput asks for a page of the viewer's notifications.
type GetNotificationsInput struct {
	First  int    `json:"first,omitempty" doc:"page size, 1-50; default 20"`
	After  string `json:"after,omitempty" doc:"an endCursor: the page of newer notifications"`
	Before string `json:"before,omitempty" doc:"a startCursor: the page of older notifications"`
}

// GetNotificationsReply is the reply of utils.getNotifications.
type GetNotificationsReply struct {
	Notifications NotificationsPage `json:"notifications"`
	Unread        member.Unread     `json:"unread"`
	InboxSeq      int64             `json:"inboxSeq" doc:"the viewer's inbox sequence number, read before the page: resuming the websocket from it may repeat what the page shows, never miss anything"`
}

// NotificationsPage is a page of notifications, oldest first.
type NotificationsPage struct {
	Edges    []NotificationEdge `json:"edges"`
	PageInfo PageInfo           `json:"pageInfo"`
}

// NotificationEdge is one notification and its cursor.
type NotificationEdge struct {
	Cursor string       `json:"cursor" doc:"the notification's id"`
	Node   Notification `json:"node"`
}

// PageInfo says where a page of notifications starts and ends.
type PageInfo struct {
	StartCursor     string `json:"startCursor" doc:"cursor of the oldest of the page; pass it as before; empty for an empty page"`
	EndCursor       string `json:"endCursor" doc:"cursor of the newest of the page; pass it as after"`
	HasPreviousPage bool   `json:"hasPreviousPage" doc:"older notifications exist"`
	HasNextPage     bool   `json:"hasNextPage" doc:"newer notifications exist"`
}

// GetNotifications answers utils.getNotifications.
func (s *Service) GetNotifications(ctx context.Context, in GetNotificationsInput) (GetNotificationsReply, error) {
	var reply GetNotificationsReply
	viewer := action.RequestFrom(ctx).Viewer
	first := in.First
	if first <= 0 || first > MaxPage {
		first = DefaultPage
	}
	after, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	before, ok := member.ParseCursor(in.Before)
	if !ok {
		return reply, action.BadField("before")
	}
	seq, err := s.db.Inbox().LastSeq(ctx, viewer.UserID)
	if err != nil {
		return reply, err
	}
	list, err := s.db.Notifications().List(ctx, viewer.UserID, after, before, first+1)
	if err != nil {
		return reply, err
	}
	more := len(list) > first
	info := PageInfo{}
	switch {
	case after > 0:
		if more {
			list = list[:first]
		}
		info.HasNextPage, info.HasPreviousPage = more, true
	default:
		if more {
			list = list[1:]
		}
		info.HasPreviousPage, info.HasNextPage = more, before > 0
	}
	page, err := s.page(ctx, list)
	if err != nil {
		return reply, err
	}
	page.PageInfo = info
	if n := len(page.Edges); n > 0 {
		page.PageInfo.StartCursor, page.PageInfo.EndCursor = page.Edges[0].Cursor, page.Edges[n-1].Cursor
	}
	counts, err := s.db.Inbox().Counts(ctx, viewer.UserID, 0)
	if err != nil {
		return reply, err
	}
	reply.Notifications, reply.Unread, reply.InboxSeq = page, member.UnreadOf(counts), seq
	return reply, nil
}

func (s *Service) page(ctx context.Context, list []persistence.Notification) (NotificationsPage, error) {
	ids := make([]int64, 0, len(list))
	for _, n := range list {
		ids = append(ids, n.FromID)
	}
	users, err := member.Summaries(ctx, s.db, ids...)
	if err != nil {
		return NotificationsPage{}, err
	}
	page := NotificationsPage{Edges: make([]NotificationEdge, 0, len(list))}
	for _, n := range list {
		var from *member.Summary
		if u, ok := users[n.FromID]; ok {
			from = &u
		}
		page.Edges = append(page.Edges, NotificationEdge{Cursor: member.FormatID(n.ID), Node: NotificationOf(n, from)})
	}
	return page, nil
}
