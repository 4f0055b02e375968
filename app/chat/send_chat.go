package chat

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strconv"

	"souk/actors"
	"souk/app/action"
)

// SendChatInput is a message to send.
type SendChatInput struct {
	Text     string `json:"text"`
	Room     string `json:"room,omitempty" doc:"the room; default chat"`
	ClientID string `json:"clientId,omitempty" doc:"idempotency key chosen by the client (up to 64 characters); a retry with the same key returns the first result and sends nothing"`
}

// Validate checks the fields that need no database.
func (in *SendChatInput) Validate() error {
	if len(in.ClientID) > 64 {
		return action.BadField("clientId")
	}
	return nil
}

// SendChatReply is the reply of utils.chat.
type SendChatReply struct {
	Guaqi struct {
		Utils struct {
			SendChat actors.ChatMessage `json:"sendChat"`
		} `json:"utils"`
	} `json:"guaqi"`
}

// SendChat answers utils.chat.
func (s *Service) SendChat(ctx context.Context, in SendChatInput) (SendChatReply, error) {
	var reply SendChatReply
	viewer := action.RequestFrom(ctx).Viewer
	room := in.Room
	if room == "" {
		room = DefaultRoom
	}
	user, err := s.author(ctx, viewer.UserID)
	if err != nil {
		return reply, err
	}
	ev, err := s.rooms.Send(ctx, actors.SendInput{
		Room:    room,
		IdemKey: IdemKey(viewer.UserID, in.ClientID),
		User:    user,
		UserCan: viewer.UserCan,
		IsAdmin: viewer.IsAdmin,
		Text:    in.Text,
	})
	if err != nil {
		return reply, s.clientError(ctx, err)
	}
	reply.Guaqi.Utils.SendChat = actors.NewChatMessage(ev)
	return reply, nil
}

// IdemKey scopes a client's idempotency key to its author, so that no
// member can replay another's; an empty clientID gets a random key.
func IdemKey(userID int64, clientID string) string {
	if clientID == "" {
		b := make([]byte, 12)
		_, _ = rand.Read(b)
		clientID = "r-" + hex.EncodeToString(b)
	}
	return strconv.FormatInt(userID, 10) + ":" + clientID
}
