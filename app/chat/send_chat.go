package chat

import (
	"context"
	"unicode/utf8"

	"souk/actors"
	"souk/app/action"
	"souk/app/member"
)

// SendChatInput is a message to send.
type SendChatInput struct {
	Text     string `json:"text" doc:"plain text with line breaks, stored as typed (markup is not interpreted)"`
	Room     string `json:"room,omitempty" doc:"the room; default chat"`
	ClientID string `json:"clientId,omitempty" doc:"idempotency key chosen by the client (up to 64 characters); a retry with the same key returns the first result and sends nothing"`
}

// Validate checks the fields that need no database.
func (in *SendChatInput) Validate() error {
	return validateClientID(in.ClientID)
}

func validateClientID(clientID string) error {
	if len(clientID) > 64 {
		return action.BadField("clientId")
	}
	return nil
}

// SendChatReply is the reply of utils.chat.
type SendChatReply struct {
	Guaqi struct {
		Utils struct {
			SendChat ChatMessage `json:"sendChat"`
		} `json:"utils"`
	} `json:"guaqi"`
}

// SendChat answers utils.chat.
func (s *Service) SendChat(ctx context.Context, in SendChatInput) (SendChatReply, error) {
	var reply SendChatReply
	ev, err := s.send(ctx, in)
	if err != nil {
		return reply, err
	}
	reply.Guaqi.Utils.SendChat = NewChatMessage(ev)
	return reply, nil
}

// send is the one path of a chat message, whichever door it came through:
// the room's name, the viewer's right to chat (before the text: a member
// who may not chat is told so first), the text's rules, the member's send
// limit across rooms and the idempotency key are checked and built here,
// the send throttle of each room by the room's grain.
func (s *Service) send(ctx context.Context, in SendChatInput) (*actors.ChatEvent, error) {
	viewer := action.RequestFrom(ctx).Viewer
	room, err := s.room(ctx, in.Room)
	if err != nil {
		return nil, roomError(err)
	}
	if err := s.checkAccess(ctx); err != nil {
		return nil, err
	}
	if err := s.checkMuted(ctx, room); err != nil {
		return nil, err
	}
	text := member.PlainText(in.Text, true)
	switch {
	case text == "":
		return nil, ErrEmpty
	case utf8.RuneCountInString(text) > s.maxRunes:
		return nil, tooLong(s.maxRunes)
	}
	// The key is stored with the message (chat_events.idem_key):
	// member.IdemKey's "<userId>:<clientId>" is the format chat's stored
	// keys were made with.
	key := member.IdemKey(viewer.UserID, in.ClientID)
	if wait := s.members.take(viewer.UserID, s.now()); wait > 0 {
		// A resend of a message already stored is answered with it.
		if in.ClientID != "" {
			if stored, err := s.db.Chat().ByIdemKey(ctx, key); err == nil {
				return actors.EventFromStore(stored), nil
			}
		}
		return nil, throttled(wait)
	}
	user, err := s.author(ctx, viewer.UserID)
	if err != nil {
		s.members.refund(viewer.UserID, s.now())
		return nil, roomError(err)
	}
	ev, err := s.rooms.Send(ctx, actors.SendInput{
		Room:    room,
		IdemKey: key,
		User:    user,
		Text:    text,
	})
	// Even a failed command may have been stored (a reply lost in a move).
	s.history.drop(room)
	if err != nil {
		// Refused by the room, or not acknowledged (most likely not
		// stored): the client resends it, and the resend must not be
		// held back by this try.
		s.members.refund(viewer.UserID, s.now())
		return nil, roomError(err)
	}
	// A resend the room answered from its log earns again, within the
	// day's cap: the room's reply does not tell a resend apart.
	s.award(viewer.UserID)
	return ev, nil
}
