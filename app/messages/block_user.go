package messages

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// BlockUserInput blocks or unblocks a member.
type BlockUserInput struct {
	UserID action.ID `json:"userId" doc:"the member"`
	Block  bool      `json:"block" doc:"true blocks, false unblocks"`
}

// BlockUserReply is the reply of mutates.blockUser.
type BlockUserReply struct {
	GqBlockUser struct {
		UserID  string `json:"userId"`
		Blocked bool   `json:"blocked" doc:"the viewer blocks the member now"`
	} `json:"gqBlockUser"`
}

// BlockUser answers mutates.blockUser.
func (s *Service) BlockUser(ctx context.Context, in BlockUserInput) (BlockUserReply, error) {
	var reply BlockUserReply
	viewer := action.RequestFrom(ctx).Viewer
	other := int64(in.UserID)
	switch {
	case other == 0:
		return reply, action.Required("userId")
	case other == viewer.UserID:
		return reply, ErrBlockSelf
	}
	if _, err := s.member(ctx, other); err != nil {
		return reply, err
	}
	var err error
	if in.Block {
		err = s.db.Blocks().Block(ctx, viewer.UserID, other)
	} else {
		err = s.db.Blocks().Unblock(ctx, viewer.UserID, other)
	}
	if err != nil {
		return reply, err
	}
	reply.GqBlockUser.UserID, reply.GqBlockUser.Blocked = member.FormatID(other), in.Block
	return reply, nil
}
