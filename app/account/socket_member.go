package account

import (
	"context"
	"fmt"

	"souk/app/member"
)

// SocketMember is what the websocket needs of a member: who the chat shows
// and the rights its commands run with.
type SocketMember struct {
	ID        int64
	Name      string
	Slug      string
	AvatarURL string
	// UserCan and IsAdmin are the member's rights now (see loadRights).
	UserCan []string
	IsAdmin bool
}

// SocketMember reads userID for the websocket: cheaper than the viewer (no
// balances, counters or token), as the realtime layer reads it again each
// time the member's rights change. It returns an error wrapping
// persistence.ErrNotFound for an unknown user.
func (s *Service) SocketMember(ctx context.Context, userID int64) (SocketMember, error) {
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil {
		return SocketMember{}, fmt.Errorf("account: socket member: %w", err)
	}
	r, err := loadRights(ctx, s.db, u, s.now())
	if err != nil {
		return SocketMember{}, err
	}
	return SocketMember{ID: u.ID, Name: u.Name, Slug: u.Slug, AvatarURL: member.AvatarURL(u),
		UserCan: r.userCan, IsAdmin: r.isAdmin}, nil
}
