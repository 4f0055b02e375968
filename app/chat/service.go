// Package chat holds the chat actions: a room's history, sending a
// message, and signing a deletion that the client then sends over the
// websocket. The rooms themselves are grains (souk/actors).
package chat

import (
	"context"
	"fmt"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/persistence"
)

// DefaultRoom is the site's live chat room (SPEC.md §7: join_room "chat").
const DefaultRoom = "chat"

// DeleteSignatureMaxAge is how long a signature from utils.chatDelete is valid.
const DeleteSignatureMaxAge = 5 * time.Minute

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Rooms reaches the room grains; nil only when the registry is merely described.
	Rooms *actors.Rooms
	// Secret signs deletions; shared by every node.
	Secret []byte
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Service answers the chat actions.
type Service struct {
	db     *persistence.DB
	rooms  *actors.Rooms
	secret []byte
	now    func() time.Time
}

// New returns the chat service.
func New(cfg Config) *Service {
	s := &Service{db: cfg.DB, rooms: cfg.Rooms, secret: cfg.Secret, now: cfg.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Register adds the chat actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "utils.getChatMessages",
		Summary: "A page of a chat room's history, newest last; before pages back. Each message carries the room's sequence number (seq), which the websocket's join_room takes as lastSeq to resume.",
		Access:  action.Public,
	}, s.GetMessages)
	action.Register(r, action.Spec{
		Name:    "utils.chat",
		Summary: "Sends a chat message (at most 120 characters, one every 2 seconds; needs the chat capability). The room broadcasts it as a chat_room event.",
		Access:  action.Member,
	}, s.SendChat)
	action.Register(r, action.Spec{
		Name:    "utils.chatDelete",
		Summary: "Signs the deletion of a chat message (admins: any message; others: their own); the client sends the signature with the websocket's delete_chat within 5 minutes.",
		Access:  action.Member,
	}, s.ChatDelete)
}

// author returns what messages show of the viewer.
func (s *Service) author(ctx context.Context, userID int64) (*actors.ChatUser, error) {
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("chat: author: %w", err)
	}
	return &actors.ChatUser{Id: u.ID, Name: u.Name, Slug: u.Slug, AvatarUrl: u.AvatarURL}, nil
}
