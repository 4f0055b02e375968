package chat

import (
	"strconv"

	"souk/actors"
)

// ChatMessage is a chat event as the client reads it (SPEC.md §3 Chat
// message) in the history and in the reply of utils.chat.
type ChatMessage struct {
	ID string `json:"id" doc:"the message's databaseId as a decimal string"`
	// Action is chat_room for a message.
	Action    string          `json:"action" doc:"chat_room"`
	Message   string          `json:"message" doc:"the text; empty when deleted"`
	CreatedAt int64           `json:"created_at" doc:"epoch milliseconds"`
	User      ChatMessageUser `json:"user"`
	Room      string          `json:"room"`
	Seq       int64           `json:"seq" doc:"the room's sequence number of the event"`
	Deleted   bool            `json:"deleted,omitempty" doc:"set on a message replayed after its deletion"`
}

// ChatMessageUser is the author of a chat message.
type ChatMessageUser struct {
	Name       string     `json:"name"`
	GqSlug     string     `json:"gqSlug"`
	Avatar     ChatAvatar `json:"avatar"`
	DatabaseID string     `json:"databaseId" doc:"64-bit id as a decimal string"`
}

// ChatAvatar is a member's picture.
type ChatAvatar struct {
	URL string `json:"url"`
}

// NewChatMessage returns the client's view of a message event.
func NewChatMessage(e *actors.ChatEvent) ChatMessage {
	return ChatMessage{
		ID:        strconv.FormatInt(e.GetId(), 10),
		Action:    e.GetKind(),
		Message:   e.GetMessage(),
		CreatedAt: e.GetCreatedAt(),
		User:      NewChatMessageUser(e.GetUser()),
		Room:      e.GetRoom(),
		Seq:       e.GetSeq(),
		Deleted:   e.GetDeleted(),
	}
}

// NewChatMessageUser returns the client's view of a member.
func NewChatMessageUser(u *actors.ChatUser) ChatMessageUser {
	return ChatMessageUser{
		Name:       u.GetName(),
		GqSlug:     u.GetSlug(),
		Avatar:     ChatAvatar{URL: u.GetAvatarUrl()},
		DatabaseID: strconv.FormatInt(u.GetId(), 10),
	}
}
