// Package chat holds the chat actions and websocket commands: a room's
// history, sending and deleting a message, joining a room and looking into
// it. Each command's validation, rights, refusals and idempotency live
// here, whichever door (POST /api/request or the websocket) it came
// through; the rooms themselves are grains (souk/actors).
package chat

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/app/internal/signed"
	"souk/persistence"
)

// DefaultRoom is the site's live chat room (SPEC.md §7: join_room "chat").
const DefaultRoom = "chat"

// Chat rules (SPEC.md §9).
const (
	// MaxMessageRunes is the longest message, in characters.
	MaxMessageRunes = 120
	// HistoryPage is how many messages a history page holds.
	HistoryPage = 18
	// DeleteSignatureMaxAge is how long a signature from utils.chatDelete is valid.
	DeleteSignatureMaxAge = 5 * time.Minute
	// capability is what a member's level or VIP tier must give to chat.
	capability = "chat"
)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Rooms reaches the room grains; nil only when the registry is merely described.
	Rooms *actors.Rooms
	// Secret signs deletions; shared by every node.
	Secret []byte
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// MaxRunes is the longest message accepted; zero means MaxMessageRunes.
	MaxRunes int
	// MemberLimit is how many messages a member may send across rooms
	// within an actors.SendInterval; zero means DefaultMemberLimit,
	// negative no limit across rooms (the load test's members write in
	// many rooms at once).
	MemberLimit int
	// Growth awards the growth points of a message sent; nil awards none.
	Growth Growth
	// Logger receives what fails after a message was accepted; nil means slog.Default().
	Logger *slog.Logger
}

// Growth awards members growth points (souk/app/account's Awards implements it).
type Growth interface {
	// Award gives userID the points of reason within the day's cap. It
	// may write them after it returns (account.Awards batches them), and
	// handles its own failures: the message that earned them is sent.
	Award(userID int64, reason string)
}

// GrowthReason is the growth reason of a chat message sent (account.GrowthChat).
const GrowthReason = "chat"

// Service answers the chat actions and commands. It is safe for concurrent use.
type Service struct {
	db        *persistence.DB
	rooms     *actors.Rooms
	deleteKey signed.Key
	now       func() time.Time
	maxRunes  int
	history   *historyCache
	members   *memberLimit
	known     sync.Map // room name → struct{}: rooms seen to exist (rooms are never removed)
	growth    Growth   // nil awards none
	log       *slog.Logger
	// mutes is the node's view of the members muted per room.
	mutes *muteCache
}

// New returns the chat service.
func New(cfg Config) *Service {
	s := &Service{db: cfg.DB, rooms: cfg.Rooms, deleteKey: signed.NewKey(cfg.Secret, deleteKeyLabel), now: cfg.Now,
		maxRunes: cfg.MaxRunes, growth: cfg.Growth, log: cfg.Logger}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.history = newHistoryCache(s.now)
	s.mutes = &muteCache{db: cfg.DB, now: s.now}
	if s.maxRunes <= 0 {
		s.maxRunes = MaxMessageRunes
	}
	switch {
	case cfg.MemberLimit == 0:
		s.members = newMemberLimit(DefaultMemberLimit, actors.SendInterval)
	case cfg.MemberLimit > 0:
		s.members = newMemberLimit(cfg.MemberLimit, actors.SendInterval)
	}
	return s
}

// Register adds the chat actions and websocket commands to r.
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
	action.Register(r, action.Spec{
		Name:    "chat_room",
		Summary: "Sends a chat message, as utils.chat does (same rules and refusals; the error event carries clientId and, as fields, levels, retryAfterMs or max). Answered with chat_ack; the message itself comes as a chat_room event.",
		Access:  action.Member,
		Socket:  true,
	}, s.ChatRoom)
	action.Register(r, action.Spec{
		Name:    "delete_chat",
		Summary: "Deletes a chat message with the signature utils.chatDelete made. The deletion comes to the room as a delete_chat event; a refusal's error event names the message (id).",
		Access:  action.Member,
		Socket:  true,
	}, s.DeleteChat)
	action.Register(r, action.Spec{
		Name:    "join_room",
		Summary: "Joins a room (needs the chat capability): every event after lastSeq is sent first, from the database, then the live ones, each once and in order; without lastSeq only live events follow. The socket token (user, signature, timestamp) may come along instead of a connect. Answered with join_success (self: true).",
		Access:  action.Member,
		Socket:  true,
	}, s.JoinRoom)
	action.Register(r, action.Spec{
		Name:    "show_room",
		Summary: "Who is in a room: answered with a show_room event carrying this result.",
		Access:  action.Public,
		Socket:  true,
	}, s.ShowRoom)
}

// award gives the sender the growth points of a message accepted.
func (s *Service) award(userID int64) {
	if s.growth == nil {
		return
	}
	s.growth.Award(userID, GrowthReason)
}

// author returns what messages show of the viewer.
func (s *Service) author(ctx context.Context, userID int64) (*actors.ChatUser, error) {
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("chat: author: %w", err)
	}
	return &actors.ChatUser{Id: u.ID, Name: u.Name, Slug: u.Slug, AvatarUrl: u.AvatarURL}, nil
}

// room returns the room a call names, DefaultRoom when empty: ErrBadRoom
// for a name that cannot be a room, ErrRoomNotFound for one the site has
// not created. It runs before any grain is touched, so that nobody
// activates a room by naming it. Rooms found are remembered (they are
// never removed); an unknown name costs one indexed read, and the socket's
// command limit bounds those.
func (s *Service) room(ctx context.Context, name string) (string, error) {
	if name == "" {
		name = DefaultRoom
	}
	if !actors.ValidRoom(name) {
		return "", ErrBadRoom
	}
	if _, ok := s.known.Load(name); ok {
		return name, nil
	}
	ok, err := s.db.ChatRooms().Exists(ctx, name)
	switch {
	case err != nil:
		return "", fmt.Errorf("chat: room: %w", err)
	case !ok:
		return "", ErrRoomNotFound
	}
	s.known.Store(name, struct{}{})
	return name, nil
}

// CreateRoom makes a chat room exist (the site's own rooms, a feature's
// live room); creating one that exists does nothing.
func (s *Service) CreateRoom(ctx context.Context, name string) error {
	if !actors.ValidRoom(name) {
		return ErrBadRoom
	}
	if _, err := s.db.ChatRooms().Create(ctx, name); err != nil {
		return fmt.Errorf("chat: create room: %w", err)
	}
	return nil
}
