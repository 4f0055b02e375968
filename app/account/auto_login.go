package account

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"souk/app/action"
	"souk/persistence"
)

// AutoLoginInput is the data of mutates.autoLogin.
type AutoLoginInput struct {
	Token string `json:"token" doc:"the ?token= of the login link"`
}

// AutoLoginReply is the reply of mutates.autoLogin.
type AutoLoginReply struct {
	GqAutoLogin UserReply `json:"gqAutoLogin"`
}

// AutoLogin answers mutates.autoLogin: a login token made by
// admin.loginToken signs its member in, once.
func (s *Service) AutoLogin(ctx context.Context, in AutoLoginInput) (AutoLoginReply, error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	token := strings.TrimSpace(in.Token)
	if token == "" {
		return AutoLoginReply{}, action.Required("token")
	}
	if !s.limits.loginIP.Allow(clientKey(req.ClientIP), now) {
		return AutoLoginReply{}, ErrRateLimited
	}
	userID, err := s.db.Sessions().ConsumeLoginToken(ctx, hashToken(token), persistence.Millis(now))
	if errors.Is(err, persistence.ErrNotFound) {
		return AutoLoginReply{}, ErrAutoLoginFailed
	}
	if err != nil {
		return AutoLoginReply{}, fmt.Errorf("account: auto login: %w", err)
	}
	if err := s.sessions.Start(ctx, userID); err != nil {
		if errors.Is(err, persistence.ErrNotFound) {
			return AutoLoginReply{}, ErrAutoLoginFailed
		}
		return AutoLoginReply{}, err
	}
	v, err := s.ViewerFor(ctx, userID)
	if err != nil {
		return AutoLoginReply{}, err
	}
	return AutoLoginReply{GqAutoLogin: UserReply{User: v}}, nil
}
