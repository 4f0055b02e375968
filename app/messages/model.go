package messages

import (
	"context"
	"encoding/json"
	"errors"
	"html"
	"strings"
	"unicode"

	"github.com/microcosm-cc/bluemonday"

	"souk/app/notify"
	"souk/persistence"
)

// PrivateMessage is a private message as the client reads it (SPEC.md §3).
type PrivateMessage struct {
	ID         string             `json:"id" doc:"the databaseId as a decimal string"`
	DatabaseID string             `json:"databaseId"`
	Content    string             `json:"content" doc:"plain text with line breaks (\\n): show it as text, never as HTML"`
	CreatedAt  int64              `json:"createdAt" doc:"epoch milliseconds"`
	From       notify.UserSummary `json:"from"`
	To         notify.UserSummary `json:"to"`
	Read       bool               `json:"read" doc:"the recipient opened the conversation since"`
	Image      string             `json:"image" doc:"always empty until media exists"`
}

func messageOf(m persistence.PrivateMessage, users map[int64]notify.UserSummary) PrivateMessage {
	return PrivateMessage{
		ID: notify.FormatID(m.ID), DatabaseID: notify.FormatID(m.ID), Content: m.Content, CreatedAt: m.CreatedAt,
		From: users[m.FromID], To: users[m.ToID], Read: m.ReadAt != 0, Image: m.Image,
	}
}

// messageEvent is the data of private_message.
type messageEvent struct {
	Message      PrivateMessage            `json:"message"`
	Unread       notify.Unread             `json:"unread"`
	Conversation notify.ConversationUnread `json:"conversation"`
}

// deleteEvent is the data of delete_private_message.
type deleteEvent struct {
	ID           string                    `json:"id"`
	FromID       string                    `json:"fromId"`
	ToID         string                    `json:"toId"`
	Unread       notify.Unread             `json:"unread"`
	Conversation notify.ConversationUnread `json:"conversation"`
}

// writeFor is an inbox event of userID about the conversation with peer.
func writeFor(userID, peer int64, action string, payload func(persistence.Counts) any) persistence.InboxWrite {
	return persistence.InboxWrite{UserID: userID, Action: action, Peer: peer, Payload: func(c persistence.Counts) ([]byte, error) {
		return json.Marshal(payload(c))
	}}
}

func conversationOf(peer int64, c persistence.Counts) notify.ConversationUnread {
	return notify.ConversationUnread{UserID: notify.FormatID(peer), Unread: c.Conversation}
}

// member returns an existing member, or ErrUserNotFound.
func (s *Service) member(ctx context.Context, id int64) (persistence.User, error) {
	u, err := s.db.Users().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return u, ErrUserNotFound
	}
	return u, err
}

var plainText = bluemonday.StrictPolicy()

// cleanContent reduces a message to plain text: markup removed, entities
// decoded, line breaks as \n, other control characters dropped, and the
// ends trimmed.
func cleanContent(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	s = html.UnescapeString(plainText.Sanitize(s))
	s = strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}
