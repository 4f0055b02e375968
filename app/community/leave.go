package community

import (
	"context"
	"fmt"

	"souk/app/action"
)

// Leave answers community.leave: the member leaves the node; leaving a
// node one is not a member of changes nothing. Nothing is refunded.
func (s *Service) Leave(ctx context.Context, in JoinInput) (JoinReply, error) {
	n, err := s.node(ctx, int64(in.NodeID))
	if err != nil {
		return JoinReply{}, err
	}
	if _, err := s.db.Community().Leave(ctx, n.ID, action.RequestFrom(ctx).Viewer.UserID); err != nil {
		return JoinReply{}, fmt.Errorf("community: %w", err)
	}
	return s.joinReply(ctx, n.ID)
}
