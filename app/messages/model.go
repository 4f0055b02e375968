package messages

import (
	"context"
	"encoding/json"
	"errors"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// PrivateMessage is a private message as the client reads it (SPEC.md §3).
type PrivateMessage struct {
	ID         string         `json:"id" doc:"the databaseId as a decimal string"`
	DatabaseID string         `json:"databaseId"`
	Content    string         `json:"content" doc:"plain text with line breaks (\\n): show it as text, never as HTML"`
	CreatedAt  int64          `json:"createdAt" doc:"epoch milliseconds"`
	From       member.Summary `json:"from"`
	To         member.Summary `json:"to"`
	Read       bool           `json:"read" doc:"the recipient opened the conversation since"`
	Image      *MessageImage  `json:"image" doc:"the image sent with the message; null for none"`
}

// MessageImage is a private message's image: a media item of its sender, as it
// was when the message was sent.
type MessageImage struct {
	ID        string `json:"id" doc:"the media item's databaseId"`
	SourceURL string `json:"sourceUrl" doc:"where the file is served (GET /api/media/{id}/{name})"`
	Width     int    `json:"width" doc:"pixels"`
	Height    int    `json:"height" doc:"pixels"`
}

// imageOf is a message's stored image (JSON of MessageImage); nil for none or
// a value that is not one.
func imageOf(stored string) *MessageImage {
	if stored == "" {
		return nil
	}
	var img MessageImage
	if err := json.Unmarshal([]byte(stored), &img); err != nil || img.ID == "" {
		return nil
	}
	return &img
}

func messageOf(m persistence.PrivateMessage, users map[int64]member.Summary) PrivateMessage {
	return PrivateMessage{
		ID: member.FormatID(m.ID), DatabaseID: member.FormatID(m.ID), Content: m.Content, CreatedAt: m.CreatedAt,
		From: users[m.FromID], To: users[m.ToID], Read: m.ReadAt != 0, Image: imageOf(m.Image),
	}
}

// privateMessageEvent is the data of private_message.
type privateMessageEvent struct {
	Message      PrivateMessage            `json:"message"`
	Unread       member.Unread             `json:"unread"`
	Conversation member.ConversationUnread `json:"conversation"`
}

// deletePrivateMessageEvent is the data of delete_private_message.
type deletePrivateMessageEvent struct {
	ID           string                    `json:"id"`
	FromID       string                    `json:"fromId"`
	ToID         string                    `json:"toId"`
	Unread       member.Unread             `json:"unread"`
	Conversation member.ConversationUnread `json:"conversation"`
}

// Events describes the inbox events this package writes, for the client's
// generated wire types (souk tstypes).
var Events = []action.Event{
	action.InboxEventOf[privateMessageEvent](EventMessage, "A private message to or from the viewer, with the counters after it."),
	action.InboxEventOf[deletePrivateMessageEvent](EventDelete, "Its sender deleted a private message to or from the viewer."),
}

// writeFor is an inbox event of userID about the conversation with peer.
func writeFor(userID, peer int64, action string, payload func(persistence.Counts) any) persistence.InboxWrite {
	return persistence.InboxWrite{UserID: userID, Action: action, Peer: peer, Payload: func(c persistence.Counts) ([]byte, error) {
		return json.Marshal(payload(c))
	}}
}

func conversationOf(peer int64, c persistence.Counts) member.ConversationUnread {
	return member.ConversationUnread{UserID: member.FormatID(peer), Unread: c.Conversation}
}

// member returns an existing member, or ErrUserNotFound.
func (s *Service) member(ctx context.Context, id int64) (persistence.User, error) {
	u, err := s.db.Users().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return u, ErrUserNotFound
	}
	return u, err
}
