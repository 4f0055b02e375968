package chat

import (
	"context"
	"fmt"
	"strconv"

	"souk/actors"
)

// GetMessagesInput asks for a page of a room's history.
type GetMessagesInput struct {
	Room   string `json:"room,omitempty" doc:"the room; default chat"`
	First  int    `json:"first,omitempty" doc:"page size, 1-50; default 18"`
	Before string `json:"before,omitempty" doc:"a cursor (startCursor of the page shown); absent: the newest page"`
}

// GetMessagesReply is the reply of utils.getChatMessages.
type GetMessagesReply struct {
	Guaqi struct {
		Utils struct {
			GetChatMessages MessagesPage `json:"getChatMessages"`
		} `json:"utils"`
	} `json:"guaqi"`
}

// MessagesPage is a page of messages, oldest first.
type MessagesPage struct {
	Edges    []MessageEdge `json:"edges"`
	PageInfo PageInfo      `json:"pageInfo"`
}

// MessageEdge is one message and its cursor.
type MessageEdge struct {
	Cursor string      `json:"cursor" doc:"the message's seq as a decimal string"`
	Node   ChatMessage `json:"node"`
}

// PageInfo says where the page starts and whether older messages exist.
type PageInfo struct {
	StartCursor string `json:"startCursor" doc:"cursor of the oldest message of the page; pass it as before for the previous page; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage" doc:"older messages exist"`
}

// GetMessages answers utils.getChatMessages.
func (s *Service) GetMessages(ctx context.Context, in GetMessagesInput) (GetMessagesReply, error) {
	var reply GetMessagesReply
	room, err := s.room(ctx, in.Room)
	if err != nil {
		return reply, err
	}
	first := in.First
	if first <= 0 || first > 50 {
		first = HistoryPage
	}
	var before int64
	if in.Before != "" {
		n, err := strconv.ParseInt(in.Before, 10, 64)
		if err != nil || n <= 0 {
			return reply, ErrBadCursor
		}
		before = n
	}
	list, more, err := s.readHistory(ctx, room, before, first)
	if err != nil {
		return reply, err
	}
	page := MessagesPage{Edges: make([]MessageEdge, 0, len(list)), PageInfo: PageInfo{HasNextPage: more}}
	for _, e := range list {
		page.Edges = append(page.Edges, MessageEdge{Cursor: strconv.FormatInt(e.GetSeq(), 10), Node: NewChatMessage(e)})
	}
	if len(page.Edges) > 0 {
		page.PageInfo.StartCursor = page.Edges[0].Cursor
	}
	reply.Guaqi.Utils.GetChatMessages = page
	return reply, nil
}

// readHistory returns up to limit standing messages with a sequence number
// below before (0: the newest), oldest first, and whether older ones exist.
// The newest page may come from this node's copy (see HistoryTTL); the
// events are shared and must not be changed.
func (s *Service) readHistory(ctx context.Context, room string, before int64, limit int) ([]*actors.ChatEvent, bool, error) {
	if before == 0 {
		return s.history.get(ctx, room, limit, func(ctx context.Context) ([]*actors.ChatEvent, bool, error) {
			return s.loadHistory(ctx, room, 0, limit)
		})
	}
	return s.loadHistory(ctx, room, before, limit)
}

func (s *Service) loadHistory(ctx context.Context, room string, before int64, limit int) ([]*actors.ChatEvent, bool, error) {
	list, err := s.db.Chat().History(ctx, room, before, limit+1)
	if err != nil {
		return nil, false, fmt.Errorf("chat: history: %w", err)
	}
	more := len(list) > limit
	if more {
		list = list[1:]
	}
	out := make([]*actors.ChatEvent, len(list))
	for i, e := range list {
		out[i] = actors.EventFromStore(e)
	}
	return out, more, nil
}
