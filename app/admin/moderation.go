package admin

import (
	"context"
	"net/http"
	"time"

	"souk/app/action"
	"souk/persistence"
)

// Chat moderation for the operators: the rooms, their messages (deleted
// ones too), deleting messages and muting members per room. Deletions
// and mutes go through the chat feature (ChatModerator), which tells the
// room's members and refuses a muted member's messages on every node.

// ChatModerator is the chat feature's side of moderation (souk/app/chat
// implements it).
type ChatModerator interface {
	// DeleteAsModerator deletes message id as administrator adminID,
	// through the message's room: its members see it go.
	DeleteAsModerator(ctx context.Context, adminID, id int64) error
	// Mute mutes m.UserID in m.Room until m.Until and returns the mute
	// it replaced (found false when none was active).
	Mute(ctx context.Context, m persistence.ChatMute) (before persistence.ChatMute, found bool, err error)
	// Unmute ends userID's mute in room and returns it.
	Unmute(ctx context.Context, room string, userID int64) (before persistence.ChatMute, found bool, err error)
}

// ModerationConfig wires a ModerationService.
type ModerationConfig struct {
	DB   *persistence.DB
	Chat ChatModerator
	// Translator writes the failures' messages; nil sends their keys.
	Translator ContentTranslator
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// ModerationService answers the chat moderation actions.
type ModerationService struct {
	db   *persistence.DB
	chat ChatModerator
	tr   ContentTranslator
	now  func() time.Time
}

// NewModeration returns the chat moderation service.
func NewModeration(cfg ModerationConfig) *ModerationService {
	s := &ModerationService{db: cfg.DB, chat: cfg.Chat, tr: cfg.Translator, now: cfg.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// The moderation refusals.
var (
	// ErrMuteAdmin is a mute of an administrator: administrators are never muted.
	ErrMuteAdmin = action.Errorf(http.StatusConflict, "admin.error.chat.muteAdmin")
	// ErrChatMessageNotFound is a deletion of no chat message.
	ErrChatMessageNotFound = action.Errorf(http.StatusNotFound, "admin.error.chat.messageNotFound")
)

// Mute bounds.
const (
	maxMuteMinutes = 43200
	maxMuteReason  = 500
	maxRoomName    = 64
)

// Register adds the chat moderation actions to r.
func (s *ModerationService) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "admin.chatRooms",
		Summary: "Lists the chat rooms by name, with how many members wrote there, how many messages they hold and when the last was sent.",
		Access:  action.Admin,
	}, s.ChatRooms)
	action.Register(r, action.Spec{
		Name:    "admin.chatMessages",
		Summary: "A page of a chat room's messages, newest first, deleted ones too (flagged).",
		Access:  action.Admin,
	}, s.ChatMessages)
	action.Register(r, action.Spec{
		Name:    "admin.chatDelete",
		Summary: "Deletes up to 100 chat messages through their rooms (the rooms' members see them go); each succeeds or fails on its own.",
		Access:  action.Admin,
	}, s.ChatDelete)
	action.Register(r, action.Spec{
		Name:    "admin.chatMute",
		Summary: "Mutes a member in a chat room for 1 to 43200 minutes: their messages there are refused (chat.error.muted) on every node within a second. Administrators cannot be muted.",
		Access:  action.Admin,
	}, s.ChatMute)
	action.Register(r, action.Spec{
		Name:    "admin.chatUnmute",
		Summary: "Ends a member's mute in a chat room.",
		Access:  action.Admin,
	}, s.ChatUnmute)
	action.Register(r, action.Spec{
		Name:    "admin.chatMutes",
		Summary: "The mutes in force, of one room or of every room, newest first.",
		Access:  action.Admin,
	}, s.ChatMutes)
}
