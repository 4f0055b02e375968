package account

import (
	"context"

	"souk/app/action"
)

// LogoutReply is the reply of auth.logout.
type LogoutReply struct {
	Logout SuccessReply `json:"logout"`
}

// SuccessReply says an action succeeded.
type SuccessReply struct {
	Success bool `json:"success"`
}

// Logout answers auth.logout (GET /api/auth/logout): the session of the
// refresh token cookie ends and the cookies are cleared. The access token
// stays valid until it expires (at most AccessTokenTTL), as it is checked
// without the database; the client forgets it.
func (s *Service) Logout(ctx context.Context, _ struct{}) (LogoutReply, error) {
	req := action.RequestFrom(ctx)
	if err := s.sessions.end(ctx, req.RefreshToken); err != nil {
		return LogoutReply{}, err
	}
	req.SignOut()
	return LogoutReply{Logout: SuccessReply{Success: true}}, nil
}
