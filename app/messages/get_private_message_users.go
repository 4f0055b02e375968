package messages

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// RecentsType is the only type of utils.getPrivateMessageUsers.
const RecentsType = "MESSAGE"

// GetPrivateMessageUsersInput asks for a page of the recents list.
type GetPrivateMessageUsersInput struct {
	UserID action.ID `json:"userId,omitempty" doc:"the viewer's databaseId; another member's is refused"`
	Type   string    `json:"type,omitempty" doc:"MESSAGE (the default)"`
	First  int       `json:"first,omitempty" doc:"page size, 1-50; default 20"`
	After  string    `json:"after,omitempty" doc:"an endCursor: the page of older conversations"`
}

// GetPrivateMessageUsersReply is the reply of utils.getPrivateMessageUsers.
type GetPrivateMessageUsersReply struct {
	PrivateMessageUsers RecentsPage   `json:"privateMessageUsers"`
	Unread              member.Unread `json:"unread" doc:"the viewer's counters"`
	InboxSeq            int64         `json:"inboxSeq" doc:"the viewer's inbox sequence number, read before the page"`
}

// RecentsPage is a page of conversations, the most recent first.
type RecentsPage struct {
	Edges    []RecentEdge `json:"edges"`
	PageInfo PageInfo     `json:"pageInfo"`
}

// RecentEdge is one conversation and its cursor.
type RecentEdge struct {
	Cursor string `json:"cursor" doc:"the id of the conversation's last message"`
	Node   Recent `json:"node"`
}

// Recent is one conversation of the recents list.
type Recent struct {
	User        member.Summary `json:"user" doc:"the other member"`
	LastMessage PrivateMessage `json:"lastMessage"`
	Unread      int            `json:"unread" doc:"unread messages from the other member"`
}

// GetPrivateMessageUsers answers utils.getPrivateMessageUsers.
func (s *Service) GetPrivateMessageUsers(ctx context.Context, in GetPrivateMessageUsersInput) (GetPrivateMessageUsersReply, error) {
	var reply GetPrivateMessageUsersReply
	viewer := action.RequestFrom(ctx).Viewer
	switch {
	case in.UserID != 0 && int64(in.UserID) != viewer.UserID:
		return reply, action.ErrForbidden
	case in.Type != "" && in.Type != RecentsType:
		return reply, ErrBadType
	}
	after, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	first := pageSize(in.First)
	seq, err := s.db.Inbox().LastSeq(ctx, viewer.UserID)
	if err != nil {
		return reply, err
	}
	list, err := s.db.Messages().Recents(ctx, viewer.UserID, after, first+1)
	if err != nil {
		return reply, err
	}
	more := len(list) > first
	if more {
		list = list[:first]
	}
	ids := []int64{viewer.UserID}
	for _, r := range list {
		ids = append(ids, r.PeerID)
	}
	users, err := member.Summaries(ctx, s.db, ids...)
	if err != nil {
		return reply, err
	}
	page := RecentsPage{Edges: make([]RecentEdge, 0, len(list)), PageInfo: PageInfo{HasNextPage: more}}
	for _, r := range list {
		page.Edges = append(page.Edges, RecentEdge{Cursor: member.FormatID(r.Last.ID),
			Node: Recent{User: users[r.PeerID], LastMessage: messageOf(r.Last, users), Unread: r.Unread}})
	}
	if n := len(page.Edges); n > 0 {
		page.PageInfo.EndCursor = page.Edges[n-1].Cursor
	}
	counts, err := s.db.Inbox().Counts(ctx, viewer.UserID, 0)
	if err != nil {
		return reply, err
	}
	reply.PrivateMessageUsers, reply.Unread, reply.InboxSeq = page, member.UnreadOf(counts), seq
	return reply, nil
}
