package messages

import (
	"context"
	"errors"

	"souk/app/member"
	"souk/persistence"
)

// DeleteAsModerator deletes private message id for an administrator (a
// report resolved by deleting the content), as its sender's deletion
// would: both sides get the delete event. A message that does not exist
// or was deleted before is no error.
func (s *Service) DeleteAsModerator(ctx context.Context, id int64) error {
	m, err := s.db.Messages().Get(ctx, id)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return nil
	case err != nil:
		return err
	case m.DeletedAt != 0:
		return nil
	}
	event := func(peer int64) func(persistence.Counts) any {
		return func(c persistence.Counts) any {
			return deletePrivateMessageEvent{ID: member.FormatID(m.ID), FromID: member.FormatID(m.FromID), ToID: member.FormatID(m.ToID),
				Unread: member.UnreadOf(c), Conversation: conversationOf(peer, c)}
		}
	}
	events, _, err := s.db.Messages().Delete(ctx, m.ID, m.FromID,
		writeFor(m.ToID, m.FromID, EventDelete, event(m.FromID)),
		writeFor(m.FromID, m.ToID, EventDelete, event(m.ToID)))
	if err != nil {
		return err
	}
	s.notify.Push(ctx, events)
	return nil
}
