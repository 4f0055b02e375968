package account

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"souk/app/action"
	"souk/persistence"
)

// LoginInput is the data of auth.login.
type LoginInput struct {
	EditStatus bool   `json:"editStatus,omitempty" doc:"set by the page builder's login box; no effect"`
	Provider   string `json:"provider" doc:"PASSWORD"`
	Username   string `json:"username" doc:"email, or phone with its +dial code"`
	Password   string `json:"password"`
	CaptchaFields
}

// LoginReply is the reply of auth.login.
type LoginReply struct {
	Login UserReply `json:"login"`
}

// passwordProvider is the only provider auth.login knows; social logins
// have their own actions.
const passwordProvider = "PASSWORD"

// loginCaptchaAction is the action a login captcha is issued for.
const loginCaptchaAction = "login"

// Login answers auth.login. A wrong password and an unknown account get the
// same answer after the same work. After failureThreshold failures for a
// login within failureWindow, a captcha (auth.captcha with action login and
// phoneOrEmail the username) must come with the next attempt, and is used up.
func (s *Service) Login(ctx context.Context, in LoginInput) (LoginReply, error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	if in.Provider != "" && !strings.EqualFold(in.Provider, passwordProvider) {
		return LoginReply{}, action.BadField("provider")
	}
	if strings.TrimSpace(in.Username) == "" {
		return LoginReply{}, ErrRequiredUsername
	}
	if in.Password == "" {
		return LoginReply{}, ErrRequiredPassword
	}
	if !s.limits.loginIP.Allow(clientKey(req.ClientIP), now) {
		return LoginReply{}, ErrRateLimited
	}
	target := looseTarget(in.Username)
	if !s.limits.loginTarget.Allow(target, now) {
		return LoginReply{}, ErrRateLimited
	}
	if s.failures.many(target, now) {
		if in.CaptchaSign == "" {
			return LoginReply{}, ErrCaptchaRequired
		}
		if err := s.useCaptcha(ctx, in.CaptchaFields, target, loginCaptchaAction); err != nil {
			return LoginReply{}, err
		}
	}

	var u persistence.User
	found := false
	if id, err := parseIdentity(in.Username, ""); err == nil {
		u, err = s.db.Users().GetByLogin(ctx, id.value)
		switch {
		case err == nil:
			found = true
		case !errors.Is(err, persistence.ErrNotFound):
			return LoginReply{}, fmt.Errorf("account: login: %w", err)
		}
	}
	if !s.verifyLogin(ctx, u, found, in.Password) {
		s.failures.add(target, now)
		return LoginReply{}, ErrInvalidCredentials
	}
	s.failures.reset(target)
	if err := s.sessions.Start(ctx, u.ID); err != nil {
		return LoginReply{}, err
	}
	v, err := s.viewerOf(ctx, u)
	if err != nil {
		return LoginReply{}, err
	}
	return LoginReply{Login: UserReply{User: v}}, nil
}
