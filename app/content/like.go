package content

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// LikeInput likes or unlikes a target.
type LikeInput struct {
	TargetType string    `json:"targetType" doc:"article, topic, answer or comment"`
	TargetID   action.ID `json:"targetId"`
	Like       bool      `json:"like" doc:"true likes, false takes the like back"`
}

// Validate checks the input's shape.
func (in *LikeInput) Validate() error {
	switch {
	case !validTargetType(in.TargetType):
		return action.BadField("targetType")
	case in.TargetID <= 0:
		return action.Required("targetId")
	}
	return nil
}

// LikeResult is the target's like state after the call.
type LikeResult struct {
	Success   bool  `json:"success"`
	IsLiked   bool  `json:"isLiked"`
	LikeCount int64 `json:"likeCount"`
}

// LikeReply is the reply of mutates.like.
type LikeReply struct {
	GqLike LikeResult `json:"gqLike"`
}

// Like answers mutates.like.
func (s *Service) Like(ctx context.Context, in LikeInput) (LikeReply, error) {
	var reply LikeReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	viewer := action.RequestFrom(ctx).Viewer
	id := int64(in.TargetID)
	access, err := s.access(ctx, viewer, in.TargetType, id)
	if err != nil {
		return reply, err
	}
	if !access.Read {
		return reply, ErrGated
	}
	summaries, err := member.Summaries(ctx, s.db, viewer.UserID)
	if err != nil {
		return reply, err
	}
	notice, err := s.likeNotice(summaries[viewer.UserID], viewer.UserID, in.TargetType, id, access.AuthorID)
	if err != nil {
		return reply, err
	}
	_, events, err := s.db.Likes().SetNotifying(ctx, in.TargetType, id, viewer.UserID, in.Like, notice)
	if err != nil {
		return reply, err
	}
	if len(events) > 0 {
		s.notify.Push(ctx, events)
	}
	counts, err := s.db.Counters().Get(ctx, in.TargetType, []int64{id})
	if err != nil {
		return reply, err
	}
	s.likeCounted(ctx, in.TargetType, id, counts[id].Likes, access)
	reply.GqLike = LikeResult{Success: true, IsLiked: in.Like, LikeCount: counts[id].Likes}
	return reply, nil
}
