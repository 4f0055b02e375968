package auth

import (
	"context"

	"souk/app/action"
)

// RefreshReply is the reply of auth.refresh.
type RefreshReply struct {
	Refresh struct {
		AuthToken           string `json:"authToken" doc:"the new access token; also set as a cookie"`
		AuthTokenExpiration int64  `json:"authTokenExpiration" doc:"when it expires, epoch seconds (the authTokenExpiration cookie)"`
	} `json:"refresh"`
}

// Refresh answers auth.refresh (POST /api/auth/refresh): the refresh token
// cookie is exchanged for a new session. A refused token also clears the
// cookies, so the client falls back to a guest; a dependency failure (the
// database away) keeps them, and the client tries again later
// (action.ErrUnavailable): the member is not signed out by an outage.
func (s *Credentials) Refresh(ctx context.Context, _ struct{}) (RefreshReply, error) {
	req := action.RequestFrom(ctx)
	session, err := s.sessions.rotate(ctx, req.RefreshToken)
	if err != nil {
		if action.AsError(err) != action.ErrUnavailable {
			req.SignOut()
		}
		return RefreshReply{}, err
	}
	req.SignIn(session)
	var reply RefreshReply
	reply.Refresh.AuthToken = session.AccessToken
	reply.Refresh.AuthTokenExpiration = session.AccessExpires.Unix()
	return reply, nil
}
