package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"souk/app/action"
	"souk/app/internal/credential"
	"souk/persistence"
)

// AutoLoginInput is the data of mutates.autoLogin.
type AutoLoginInput struct {
	Token string `json:"token" doc:"the ?token= of the login link"`
}

// AutoLoginReply is the reply of mutates.autoLogin.
type AutoLoginReply[V any] struct {
	GqAutoLogin credential.UserReply[V] `json:"gqAutoLogin"`
}

// AutoLogin answers mutates.autoLogin: a login token made by
// admin.loginToken signs its member in, once.
func (s *Service[V]) AutoLogin(ctx context.Context, in AutoLoginInput) (AutoLoginReply[V], error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	token := strings.TrimSpace(in.Token)
	if token == "" {
		return AutoLoginReply[V]{}, action.Required("token")
	}
	if !s.limits.autoLoginIP.Allow(clientKey(req.ClientIP), now) {
		return AutoLoginReply[V]{}, ErrRateLimited
	}
	userID, err := s.db.Sessions().ConsumeLoginToken(ctx, hashToken(token), persistence.Millis(now))
	if errors.Is(err, persistence.ErrNotFound) {
		return AutoLoginReply[V]{}, ErrAutoLoginFailed
	}
	if err != nil {
		return AutoLoginReply[V]{}, fmt.Errorf("auth: auto login: %w", err)
	}
	if err := s.sessions.Start(ctx, userID); err != nil {
		if errors.Is(err, persistence.ErrNotFound) {
			return AutoLoginReply[V]{}, ErrAutoLoginFailed
		}
		return AutoLoginReply[V]{}, err
	}
	v, err := s.viewers.ViewerFor(ctx, userID)
	if err != nil {
		return AutoLoginReply[V]{}, err
	}
	return AutoLoginReply[V]{GqAutoLogin: credential.UserReply[V]{User: v}}, nil
}
