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

// LoginInput is the data of auth.login.
type LoginInput struct {
	EditStatus bool   `json:"editStatus,omitempty" doc:"set by the page builder's login box; no effect"`
	Provider   string `json:"provider" doc:"PASSWORD"`
	Username   string `json:"username" doc:"email, or phone with its +dial code"`
	Password   string `json:"password"`
	credential.CaptchaFields
}

// LoginReply is the reply of auth.login; V is the viewer.
type LoginReply[V any] struct {
	Login credential.UserReply[V] `json:"login"`
}

// passwordProvider is the only provider auth.login knows; social logins
// have their own actions.
const passwordProvider = "PASSWORD"

// loginCaptchaAction is the action a login captcha is issued for.
const loginCaptchaAction = "login"

// Login answers auth.login. A wrong password and an unknown account get the
// same answer after the same work. After failureThreshold failures for a
// login within failureWindow, from any address, a captcha (auth.captcha
// with action login and phoneOrEmail the username) must come with the next
// attempt, and is used up. The rate limits are the caller's address's and
// the account's at that address (limits.go).
func (s *Service[V]) Login(ctx context.Context, in LoginInput) (LoginReply[V], error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	if in.Provider != "" && !strings.EqualFold(in.Provider, passwordProvider) {
		return LoginReply[V]{}, action.BadField("provider")
	}
	if strings.TrimSpace(in.Username) == "" {
		return LoginReply[V]{}, ErrRequiredUsername
	}
	if in.Password == "" {
		return LoginReply[V]{}, ErrRequiredPassword
	}
	if !s.limits.loginIP.Allow(clientKey(req.ClientIP), now) {
		return LoginReply[V]{}, ErrRateLimited
	}
	target := looseTarget(in.Username)
	if s.failures.many(target, now) {
		if in.CaptchaSign == "" {
			return LoginReply[V]{}, ErrCaptchaRequired
		}
		if err := s.useCaptcha(ctx, in.CaptchaFields, target, loginCaptchaAction); err != nil {
			return LoginReply[V]{}, err
		}
	}
	// Per account and address, so that wrong logins from elsewhere never
	// lock the owner out: past the failures, a solved captcha gets in.
	if !s.limits.loginAccount.Allow(accountKey(target, req.ClientIP), now) {
		return LoginReply[V]{}, ErrRateLimited
	}

	var u persistence.User
	found := false
	if id, err := parseIdentity(in.Username, ""); err == nil {
		u, err = s.db.Users().GetByLogin(ctx, id.Value)
		switch {
		case err == nil:
			found = true
		case !errors.Is(err, persistence.ErrNotFound):
			return LoginReply[V]{}, fmt.Errorf("auth: login: %w", err)
		}
	}
	ok, err := s.verifyLogin(ctx, u, found, in.Password)
	if err != nil {
		return LoginReply[V]{}, err
	}
	if !ok {
		s.failures.add(target, now)
		return LoginReply[V]{}, ErrInvalidCredentials
	}
	s.failures.reset(target)
	if err := s.sessions.Start(ctx, u.ID); err != nil {
		return LoginReply[V]{}, err
	}
	v, err := s.viewers.ViewerOf(ctx, u)
	if err != nil {
		return LoginReply[V]{}, err
	}
	return LoginReply[V]{Login: credential.UserReply[V]{User: v}}, nil
}
