package follow

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// FollowStatsInput names the member.
type FollowStatsInput struct {
	UserID action.ID `json:"userId" doc:"the member"`
}

// FollowStatsReply is the reply of profile.followStats.
type FollowStatsReply struct {
	FollowStats struct {
		UserID       string `json:"userId"`
		Followers    int    `json:"followers"`
		Following    int    `json:"following"`
		IsFollowing  bool   `json:"isFollowing" doc:"the viewer follows the member"`
		IsFollowedBy bool   `json:"isFollowedBy" doc:"the member follows the viewer"`
		IsBlocked    bool   `json:"isBlocked" doc:"the viewer blocks the member (mutates.blockUser)"`
	} `json:"followStats"`
}

// FollowStats answers profile.followStats.
func (s *Service) FollowStats(ctx context.Context, in FollowStatsInput) (FollowStatsReply, error) {
	var reply FollowStatsReply
	viewer := action.RequestFrom(ctx).Viewer
	u, err := s.member(ctx, int64(in.UserID))
	if err != nil {
		return reply, err
	}
	r := &reply.FollowStats
	r.UserID = member.FormatID(u.ID)
	if r.Followers, r.Following, err = s.db.Follows().Counts(ctx, u.ID); err != nil {
		return reply, err
	}
	if viewer.IsGuest() || viewer.UserID == u.ID {
		return reply, nil
	}
	is, err := s.db.Follows().Following(ctx, viewer.UserID, []int64{u.ID})
	if err != nil {
		return reply, err
	}
	by, err := s.db.Follows().Following(ctx, u.ID, []int64{viewer.UserID})
	if err != nil {
		return reply, err
	}
	r.IsFollowing, r.IsFollowedBy = is[u.ID], by[viewer.UserID]
	if r.IsBlocked, err = s.db.Blocks().Blocks(ctx, viewer.UserID, u.ID); err != nil {
		return reply, err
	}
	return reply, nil
}
