package follow

import (
	"context"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// FollowUserInput follows or unfollows a member.
type FollowUserInput struct {
	UserID action.ID `json:"userId" doc:"the member"`
	Follow bool      `json:"follow" doc:"true follows, false unfollows"`
}

// FollowUserReply is the reply of profile.followUser.
type FollowUserReply struct {
	GqFollowUser struct {
		UserID      string `json:"userId"`
		IsFollowing bool   `json:"isFollowing" doc:"the viewer follows the member now"`
		Followers   int    `json:"followers" doc:"the member's followers"`
		Following   int    `json:"following" doc:"how many members the viewer follows"`
	} `json:"gqFollowUser"`
}

// FollowUser answers profile.followUser.
func (s *Service) FollowUser(ctx context.Context, in FollowUserInput) (FollowUserReply, error) {
	var reply FollowUserReply
	viewer := action.RequestFrom(ctx).Viewer
	if int64(in.UserID) == viewer.UserID {
		return reply, ErrSelf
	}
	followee, err := s.member(ctx, int64(in.UserID))
	if err != nil {
		return reply, err
	}
	if in.Follow {
		follower, err := s.member(ctx, viewer.UserID)
		if err != nil {
			return reply, err
		}
		from := member.SummaryOf(follower)
		n := persistence.Notification{ToID: followee.ID, FromID: follower.ID, Type: TypeFollow, Title: follower.Name,
			IdemKey: "follow:" + member.FormatID(follower.ID) + ":" + member.FormatID(followee.ID)}
		if n.Content, err = jsonOf(FollowContent{UserID: from.ID}); err != nil {
			return reply, err
		}
		events, _, err := s.db.Follows().Follow(ctx, follower.ID, followee.ID, &n, s.notify.NotificationWrite(&n, &from))
		if err != nil {
			return reply, err
		}
		s.notify.Push(ctx, events)
	} else if _, err := s.db.Follows().Unfollow(ctx, viewer.UserID, followee.ID); err != nil {
		return reply, err
	}
	followers, _, err := s.db.Follows().Counts(ctx, followee.ID)
	if err != nil {
		return reply, err
	}
	_, following, err := s.db.Follows().Counts(ctx, viewer.UserID)
	if err != nil {
		return reply, err
	}
	r := &reply.GqFollowUser
	r.UserID, r.IsFollowing, r.Followers, r.Following = member.FormatID(followee.ID), in.Follow, followers, following
	return reply, nil
}
