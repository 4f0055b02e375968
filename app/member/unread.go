package member

import (
	"crypto/rand"
	"encoding/hex"

	"souk/persistence"
)

// Unread are a member's unread counters, counted in the store.
type Unread struct {
	Messages      int `json:"messages" doc:"unread private messages"`
	Notifications int `json:"notifications" doc:"unread notifications"`
}

// UnreadOf keeps the counters of persistence.Counts that every event carries.
func UnreadOf(c persistence.Counts) Unread {
	return Unread{Messages: c.Messages, Notifications: c.Notifications}
}

// ConversationUnread is a conversation's unread count after a change.
type ConversationUnread struct {
	UserID string `json:"userId" doc:"the peer"`
	Unread int    `json:"unread" doc:"unread messages from the peer"`
}

// IdemKey scopes a client's idempotency key to its member, so that no
// member can replay another's; an empty clientID gets a random key. The
// keys are stored (chat events, private messages, notifications) and a
// retry is matched against them, so the format "<userId>:<clientId>" must
// not change.
func IdemKey(userID int64, clientID string) string {
	if clientID == "" {
		b := make([]byte, 12)
		_, _ = rand.Read(b)
		clientID = "r-" + hex.EncodeToString(b)
	}
	return FormatID(userID) + ":" + clientID
}
