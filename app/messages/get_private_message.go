package messages

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// GetPrivateMessageInput asks for a page of a conversation.
type GetPrivateMessageInput struct {
	ToID     action.ID `json:"toId" doc:"the other member"`
	First    int       `json:"first,omitempty" doc:"page size, 1-50; default 20"`
	After    string    `json:"after,omitempty" doc:"an endCursor: the page of older messages"`
	MarkRead bool      `json:"markRead,omitempty" doc:"mark the conversation read first"`
}

// GetPrivateMessageReply is the reply of utils.getPrivateMessage.
type GetPrivateMessageReply struct {
	PrivateMessages MessagesPage              `json:"privateMessages"`
	User            member.Summary            `json:"user" doc:"the other member"`
	Unread          member.Unread             `json:"unread" doc:"the viewer's counters"`
	Conversation    member.ConversationUnread `json:"conversation" doc:"unread messages from the other member"`
	InboxSeq        int64                     `json:"inboxSeq" doc:"the viewer's inbox sequence number, read before the page"`
}

// MessagesPage is a page of a conversation, newest first.
type MessagesPage struct {
	Edges    []MessageEdge `json:"edges"`
	PageInfo PageInfo      `json:"pageInfo"`
}

// MessageEdge is one message and its cursor.
type MessageEdge struct {
	Cursor string         `json:"cursor" doc:"the message's id"`
	Node   PrivateMessage `json:"node"`
}

// PageInfo says where a page ends and whether more follow.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"cursor of the last entry of the page; pass it as after; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage" doc:"more (older) entries exist"`
}

func pageSize(first int) int {
	if first <= 0 || first > MaxPage {
		return DefaultPage
	}
	return first
}

// GetPrivateMessage answers utils.getPrivateMessage.
func (s *Service) GetPrivateMessage(ctx context.Context, in GetPrivateMessageInput) (GetPrivateMessageReply, error) {
	var reply GetPrivateMessageReply
	viewer := action.RequestFrom(ctx).Viewer
	peerID := int64(in.ToID)
	if peerID == 0 {
		return reply, ErrRecipientRequired
	}
	after, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	first := pageSize(in.First)
	peer, err := s.member(ctx, peerID)
	if err != nil {
		return reply, err
	}
	if in.MarkRead {
		if _, err := s.markRead(ctx, viewer.UserID, peerID); err != nil {
			return reply, err
		}
	}
	seq, err := s.db.Inbox().LastSeq(ctx, viewer.UserID)
	if err != nil {
		return reply, err
	}
	list, err := s.db.Messages().Conversation(ctx, viewer.UserID, peerID, after, first+1)
	if err != nil {
		return reply, err
	}
	more := len(list) > first
	if more {
		list = list[:first]
	}
	users, err := member.Summaries(ctx, s.db, viewer.UserID)
	if err != nil {
		return reply, err
	}
	users[peer.ID] = member.SummaryOf(peer)
	page := MessagesPage{Edges: make([]MessageEdge, 0, len(list)), PageInfo: PageInfo{HasNextPage: more}}
	for _, m := range list {
		page.Edges = append(page.Edges, MessageEdge{Cursor: member.FormatID(m.ID), Node: messageOf(m, users)})
	}
	if n := len(page.Edges); n > 0 {
		page.PageInfo.EndCursor = page.Edges[n-1].Cursor
	}
	counts, err := s.db.Inbox().Counts(ctx, viewer.UserID, peerID)
	if err != nil {
		return reply, err
	}
	reply.PrivateMessages, reply.User, reply.InboxSeq = page, users[peer.ID], seq
	reply.Unread, reply.Conversation = member.UnreadOf(counts), conversationOf(peerID, counts)
	return reply, nil
}
