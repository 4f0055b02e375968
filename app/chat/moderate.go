package chat

import (
	"context"
	"errors"

	"souk/actors"
	"souk/persistence"
)

// DeleteAsModerator deletes chat message id for administrator adminID (a
// report resolved by deleting the content), through the message's room
// grain like delete_chat: the room's members see it go. A message that
// does not exist or was deleted before is no error.
func (s *Service) DeleteAsModerator(ctx context.Context, adminID, id int64) error {
	msg, err := s.db.Chat().Get(ctx, id)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return nil
	case err != nil:
		return err
	case msg.Kind != persistence.ChatKindMessage || msg.DeletedSeq != 0:
		return nil
	}
	user, err := s.author(ctx, adminID)
	if err != nil {
		return err
	}
	_, err = s.rooms.Delete(ctx, actors.DeleteInput{Room: msg.Room, IdemKey: deleteIdemKey(adminID, id), User: user,
		IsAdmin: true, MessageID: id})
	s.history.drop(msg.Room)
	if errors.Is(err, actors.ErrNotFound) {
		return nil
	}
	return roomError(err)
}
