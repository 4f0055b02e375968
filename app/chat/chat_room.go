package chat

import (
	"context"
	"strconv"
)

// ChatRoomInput is the websocket's chat_room command.
type ChatRoomInput struct {
	Room     string `json:"room,omitempty" doc:"the room; default chat"`
	Message  string `json:"message"`
	ClientID string `json:"clientId,omitempty" doc:"idempotency key of the send (up to 64 characters): a resend after a lost answer is answered the same way and not stored twice"`
}

// Validate checks the fields that need no database.
func (in *ChatRoomInput) Validate() error {
	return validateClientID(in.ClientID)
}

// ChatAck tells the sender its message was stored.
type ChatAck struct {
	ClientID string `json:"clientId"`
	ID       string `json:"id" doc:"the message's databaseId"`
	Seq      int64  `json:"seq" doc:"the room's sequence number of the message"`
	Room     string `json:"room"`
}

// ChatRoom answers the websocket's chat_room: the same send as utils.chat.
func (s *Service) ChatRoom(ctx context.Context, in ChatRoomInput) (ChatAck, error) {
	ev, err := s.send(ctx, SendChatInput{Text: in.Message, Room: in.Room, ClientID: in.ClientID})
	if err != nil {
		return ChatAck{}, err
	}
	return ChatAck{ClientID: in.ClientID, ID: strconv.FormatInt(ev.GetId(), 10), Seq: ev.GetSeq(), Room: ev.GetRoom()}, nil
}
