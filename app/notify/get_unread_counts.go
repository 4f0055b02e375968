package notify

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// GetUnreadCountsReply is the reply of utils.getUnreadCounts.
type GetUnreadCountsReply struct {
	Unread   member.Unread `json:"unread"`
	InboxSeq int64         `json:"inboxSeq" doc:"the viewer's inbox sequence number, read before the counters"`
}

// GetUnreadCounts answers utils.getUnreadCounts.
func (s *Service) GetUnreadCounts(ctx context.Context, _ struct{}) (GetUnreadCountsReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	seq, err := s.db.Inbox().LastSeq(ctx, viewer.UserID)
	if err != nil {
		return GetUnreadCountsReply{}, err
	}
	counts, err := s.db.Inbox().Counts(ctx, viewer.UserID, 0)
	if err != nil {
		return GetUnreadCountsReply{}, err
	}
	return GetUnreadCountsReply{Unread: member.UnreadOf(counts), InboxSeq: seq}, nil
}
