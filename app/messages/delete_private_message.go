package messages

import (
	"context"
	"errors"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// DeletePrivateMessageInput names the message to delete.
type DeletePrivateMessageInput struct {
	ID   action.ID `json:"id" doc:"the message"`
	ToID action.ID `json:"toId,omitempty" doc:"its recipient; when given it must match"`
}

// DeletePrivateMessageReply is the reply of mutates.deletePrivateMessage.
type DeletePrivateMessageReply struct {
	GqDeletePrivateMessage struct {
		ID string `json:"id" doc:"the deleted message"`
	} `json:"gqDeletePrivateMessage"`
}

// DeletePrivateMessage answers mutates.deletePrivateMessage.
func (s *Service) DeletePrivateMessage(ctx context.Context, in DeletePrivateMessageInput) (DeletePrivateMessageReply, error) {
	var reply DeletePrivateMessageReply
	viewer := action.RequestFrom(ctx).Viewer
	if in.ID == 0 {
		return reply, action.Required("id")
	}
	m, err := s.db.Messages().Get(ctx, int64(in.ID))
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return reply, ErrNotFound
	case err != nil:
		return reply, err
	case m.FromID != viewer.UserID && m.ToID == viewer.UserID && m.DeletedAt == 0:
		return reply, ErrForbidden
	case m.FromID != viewer.UserID, in.ToID != 0 && int64(in.ToID) != m.ToID:
		return reply, ErrNotFound
	}
	event := func(peer int64) func(persistence.Counts) any {
		return func(c persistence.Counts) any {
			return deletePrivateMessageEvent{ID: member.FormatID(m.ID), FromID: member.FormatID(m.FromID), ToID: member.FormatID(m.ToID),
				Unread: member.UnreadOf(c), Conversation: conversationOf(peer, c)}
		}
	}
	events, _, err := s.db.Messages().Delete(ctx, m.ID, viewer.UserID,
		writeFor(m.ToID, m.FromID, EventDelete, event(m.FromID)),
		writeFor(m.FromID, m.ToID, EventDelete, event(m.ToID)))
	if err != nil {
		return reply, err
	}
	s.notify.Push(ctx, events)
	reply.GqDeletePrivateMessage.ID = member.FormatID(m.ID)
	return reply, nil
}
