package content

import (
	"context"

	"souk/app/action"
	"souk/app/internal/live"
	"souk/app/member"
	"souk/persistence"
)

// LivePublisher sends the live events of the pages (see
// souk/app/internal/live): souk/transport/realtime's LiveBus is one.
type LivePublisher = live.Publisher

// The data of content's live events, sent on the channel of the page the
// target is on (Access.Channel): article:<id>, or topic:<id> for a topic
// and its answers. A gated target's comments never come in one.

// CommentCreatedEvent is the data of comment_created.
type CommentCreatedEvent struct {
	TargetType   string       `json:"targetType" doc:"article, topic or answer"`
	TargetID     string       `json:"targetId"`
	CommentCount int64        `json:"commentCount" doc:"the target's comments after"`
	Comment      *CommentNode `json:"comment,omitempty" doc:"as a guest sees it (isLiked false); absent when the target is gated"`
}

// LikeCountEvent is the data of like_count.
type LikeCountEvent struct {
	TargetType string `json:"targetType" doc:"article, topic, answer or comment"`
	TargetID   string `json:"targetId"`
	LikeCount  int64  `json:"likeCount"`
}

// DeletedEvent is the data of deleted: a comment or an article was deleted.
type DeletedEvent struct {
	TargetType string `json:"targetType"`
	ID         string `json:"id"`
}

// commentCreated tells the target's page of c.
func (s *Service) commentCreated(ctx context.Context, c persistence.Comment, access Access) {
	if !s.live.Enabled() || access.Channel == "" {
		return
	}
	event := CommentCreatedEvent{TargetType: c.TargetType, TargetID: member.FormatID(c.TargetID)}
	counts, err := s.db.Counters().Get(ctx, c.TargetType, []int64{c.TargetID})
	if err == nil {
		event.CommentCount = counts[c.TargetID].Comments
		var guest Access
		guest, err = s.access(ctx, action.Viewer{}, c.TargetType, c.TargetID)
		if err == nil && guest.Read {
			var nodes []CommentNode
			if nodes, err = s.commentNodes(ctx, 0, []persistence.Comment{c}); err == nil {
				event.Comment = &nodes[0]
			}
		}
	}
	if err != nil {
		s.log.WarnContext(ctx, "live event not built", "comment", c.ID, "error", err)
		return
	}
	s.live.Send(ctx, live.CommentCreated, event, access.Channel)
}

// likeCounted tells the target's page of its likes.
func (s *Service) likeCounted(ctx context.Context, targetType string, id, likes int64, access Access) {
	if access.Channel == "" {
		return
	}
	s.live.Send(ctx, live.LikeCount, LikeCountEvent{TargetType: targetType, TargetID: member.FormatID(id), LikeCount: likes},
		access.Channel)
}

// deleted tells the page that a comment or an article is gone.
func (s *Service) deleted(ctx context.Context, targetType string, id int64, channel string) {
	s.live.Send(ctx, live.Deleted, DeletedEvent{TargetType: targetType, ID: member.FormatID(id)}, channel)
}
