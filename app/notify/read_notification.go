package notify

import (
	"context"
	"errors"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// ReadNotificationInput names the notification to mark read.
type ReadNotificationInput struct {
	ID   action.ID `json:"id,omitempty" doc:"the notification; required unless all"`
	ToID action.ID `json:"toId,omitempty" doc:"the viewer's databaseId, as the client sends it; another member's is refused"`
	All  bool      `json:"all,omitempty" doc:"mark every notification of the viewer read"`
}

// ReadNotificationReply is the reply of utils.readNotification.
type ReadNotificationReply struct {
	ReadNotification struct {
		Read   int           `json:"read" doc:"how many notifications this call marked read"`
		Unread member.Unread `json:"unread" doc:"the counters after the call"`
	} `json:"readNotification"`
}

// ReadNotification answers utils.readNotification.
func (s *Service) ReadNotification(ctx context.Context, in ReadNotificationInput) (ReadNotificationReply, error) {
	var reply ReadNotificationReply
	viewer := action.RequestFrom(ctx).Viewer
	if in.ToID != 0 && int64(in.ToID) != viewer.UserID {
		return reply, action.ErrForbidden
	}
	id := int64(in.ID)
	switch {
	case in.All:
		id = 0
	case id == 0:
		return reply, action.Required("id")
	default:
		n, err := s.db.Notifications().Get(ctx, id)
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			return reply, ErrNotFound
		case err != nil:
			return reply, err
		case n.ToID != viewer.UserID:
			return reply, ErrNotFound
		}
	}
	events, marked, err := s.db.Notifications().MarkRead(ctx, viewer.UserID, id, NotificationsReadWrite(viewer.UserID, id))
	if err != nil {
		return reply, err
	}
	s.Push(ctx, events)
	counts, err := s.db.Inbox().Counts(ctx, viewer.UserID, 0)
	if err != nil {
		return reply, err
	}
	reply.ReadNotification.Read, reply.ReadNotification.Unread = marked, member.UnreadOf(counts)
	return reply, nil
}
