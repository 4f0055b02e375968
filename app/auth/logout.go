package auth

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

// Logout answers auth.logout (POST /api/auth/logout, or the envelope): the
// caller's session ends and the cookies are cleared. The session is the
// refresh token cookie's where the request carries it (under /api/auth),
// and the access token's otherwise (the envelope never sees the refresh
// cookie). Its access tokens and socket tokens are refused from then on:
// at once on this node, within RevocationPoll on the others.
func (s *Credentials) Logout(ctx context.Context, _ struct{}) (LogoutReply, error) {
	req := action.RequestFrom(ctx)
	if err := s.sessions.end(ctx, req.RefreshToken); err != nil {
		return LogoutReply{}, err
	}
	if v := req.Viewer; !v.IsGuest() && v.Session != 0 {
		if err := s.sessions.endSession(ctx, v.UserID, v.Session); err != nil {
			return LogoutReply{}, err
		}
	}
	req.SignOut()
	return LogoutReply{Logout: SuccessReply{Success: true}}, nil
}
