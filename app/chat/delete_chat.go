package chat

import (
	"context"
	"errors"

	"souk/actors"
	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// DeleteChatInput is the websocket's delete_chat command.
type DeleteChatInput struct {
	ID        action.ID `json:"id" doc:"the message's databaseId"`
	Room      string    `json:"room,omitempty" doc:"the message's room; read from the message when absent"`
	Signature string    `json:"signature" doc:"from utils.chatDelete"`
	Timestamp string    `json:"timestamp" doc:"from utils.chatDelete"`
}

// Validate checks the id.
func (in *DeleteChatInput) Validate() error {
	if in.ID <= 0 {
		return action.BadField("id")
	}
	return nil
}

// DeleteChatReply is empty: the deletion comes to the room's members as a
// delete_chat event.
type DeleteChatReply struct{}

// DeleteChat answers the websocket's delete_chat: the signature binds the
// deletion to the viewer and the message; the room's grain checks again
// that the viewer may delete it.
func (s *Service) DeleteChat(ctx context.Context, in DeleteChatInput) (DeleteChatReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	id := int64(in.ID)
	if !verifyDelete(s.deleteKey, viewer.UserID, id, in.Signature, in.Timestamp, s.now()) {
		return DeleteChatReply{}, ErrBadSignature
	}
	room := in.Room
	if room == "" {
		msg, err := s.db.Chat().Get(ctx, id)
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			return DeleteChatReply{}, ErrNotFound
		case err != nil:
			return DeleteChatReply{}, err
		}
		room = msg.Room
	}
	room, err := s.room(ctx, room)
	if err != nil {
		return DeleteChatReply{}, err
	}
	user, err := s.author(ctx, viewer.UserID)
	if err != nil {
		return DeleteChatReply{}, err
	}
	_, err = s.rooms.Delete(ctx, actors.DeleteInput{
		Room:      room,
		IdemKey:   deleteIdemKey(viewer.UserID, id),
		User:      user,
		IsAdmin:   viewer.IsAdmin,
		MessageID: id,
	})
	s.history.drop(room)
	if err != nil {
		return DeleteChatReply{}, roomError(err)
	}
	return DeleteChatReply{}, nil
}

// deleteIdemKey is the idempotency key of userID's deletion of message id:
// one per member and message, so that a retried or repeated delete_chat
// is answered by the first. Its format is stored with every deletion
// (chat_events.idem_key, read back by the room's grain after a move), so
// it must not change: "<userId>:delete:<id>".
func deleteIdemKey(userID, id int64) string {
	return member.FormatID(userID) + ":delete:" + member.FormatID(id)
}
