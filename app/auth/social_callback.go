package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"souk/app/internal/coupons"
	"strings"

	"souk/app/action"
	"souk/persistence"
)

// ErrSocialRefused is returned when the provider refuses the code: it was
// already used, has expired or was made up.
var ErrSocialRefused = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.socialFailed"}

// errSocialCodeRefused marks a provider error that says the code is not good,
// as opposed to the provider being unreachable or answering nonsense.
var errSocialCodeRefused = errors.New("the provider refused the code")

// socialLinkAttempts bounds how often linkOrCreate starts over after losing a
// race (the same person finishing two logins at once, a slug taken meanwhile).
const socialLinkAttempts = 4

// SocialCallbackInput is the data of auth.socialCallback: the query of the
// /authorize page the provider returned to.
type SocialCallbackInput struct {
	Code  string `json:"code" doc:"the code the provider returned"`
	State string `json:"state" doc:"the state utils.socialLogin issued, as returned"`
	Type  string `json:"type,omitempty" doc:"wechat when the WeChat QR login returned; must match the state's provider"`
}

// Validate checks that code and state are present.
func (in *SocialCallbackInput) Validate() error {
	switch {
	case strings.TrimSpace(in.Code) == "":
		return action.Required("code")
	case strings.TrimSpace(in.State) == "":
		return action.Required("state")
	}
	return nil
}

// SocialCallbackReply is the reply of auth.socialCallback.
type SocialCallbackReply[V any] struct {
	SocialLogin SocialLoginResult[V] `json:"socialLogin"`
}

// SocialLoginResult is the member signed in and where to take them.
type SocialLoginResult[V any] struct {
	User     V      `json:"user" doc:"the viewer of the member now signed in"`
	Redirect string `json:"redirect" doc:"the path utils.socialLogin remembered, / when none"`
}

// SocialCallback finishes a social login: it checks and spends the state,
// exchanges the code, links or creates the member, and signs them in.
func (s *Social[V]) SocialCallback(ctx context.Context, in SocialCallbackInput) (SocialCallbackReply[V], error) {
	var reply SocialCallbackReply[V]
	req := action.RequestFrom(ctx)
	claims, err := s.states.verify(strings.TrimSpace(in.State), req.VisitorID, s.now())
	if err != nil {
		slog.InfoContext(ctx, "social login state refused", "request", req.RequestID, "err", err)
		return reply, ErrSocialState
	}
	if in.Type != "" && !strings.EqualFold(in.Type, claims.provider) {
		slog.InfoContext(ctx, "social login state refused", "request", req.RequestID,
			"err", "type does not match the state", "type", in.Type, "provider", claims.provider)
		return reply, ErrSocialState
	}
	p, err := s.provider(ctx, claims.provider)
	if err != nil {
		return reply, err
	}
	err = s.db.Social().UseState(ctx, claims.ID(), persistence.Millis(claims.expires))
	if errors.Is(err, persistence.ErrConflict) {
		slog.InfoContext(ctx, "social login state refused", "request", req.RequestID, "err", "replayed", "provider", claims.provider)
		return reply, ErrSocialState
	}
	if err != nil {
		return reply, fmt.Errorf("social login: %s: %w", claims.provider, err)
	}

	prof, err := p.profile(ctx, s.redirectURI(claims.provider), strings.TrimSpace(in.Code), s.states.flow(claims))
	if err == nil && prof.Subject == "" {
		err = errors.New("the profile has no subject")
	}
	if err != nil {
		return reply, s.providerFailure(ctx, claims.provider, "exchange", err)
	}
	userID, outcome, err := s.linkOrCreate(ctx, claims.provider, prof)
	if err != nil {
		return reply, fmt.Errorf("social login: %s: %w", claims.provider, err)
	}
	if err := s.sessions.Start(ctx, userID); err != nil {
		return reply, fmt.Errorf("social login: %s: start session: %w", claims.provider, err)
	}
	viewer, err := s.viewers.ViewerFor(ctx, userID)
	if err != nil {
		return reply, fmt.Errorf("social login: %s: viewer: %w", claims.provider, err)
	}
	slog.InfoContext(ctx, "social login", "request", req.RequestID, "provider", claims.provider, "user", userID, "outcome", outcome)
	reply.SocialLogin = SocialLoginResult[V]{User: viewer, Redirect: claims.redirect}
	return reply, nil
}

// providerFailure logs a provider's failure and returns what the client sees.
func (s *Social[V]) providerFailure(ctx context.Context, provider, step string, err error) error {
	attrs := []any{"request", action.RequestFrom(ctx).RequestID, "provider", provider, "step", step, "err", err}
	if errors.Is(err, errSocialCodeRefused) {
		slog.InfoContext(ctx, "social login code refused", attrs...)
		return ErrSocialRefused
	}
	slog.WarnContext(ctx, "social login provider failed", attrs...)
	return ErrSocialFailed
}

// linkOrCreate returns the member the provider's person signs in as: the
// one already linked; else the member whose email the provider vouches
// for, now linked; else a new member, linked. outcome says which.
func (s *Social[V]) linkOrCreate(ctx context.Context, provider string, prof socialProfile) (userID int64, outcome string, err error) {
	social := s.db.Social()
	for attempt := range socialLinkAttempts {
		link, err := social.Get(ctx, provider, prof.Subject)
		if err == nil {
			return link.UserID, "returning", nil
		}
		if !errors.Is(err, persistence.ErrNotFound) {
			return 0, "", err
		}
		email := ""
		if prof.EmailVerified && prof.Email != "" {
			owner, err := s.db.Users().GetByLogin(ctx, prof.Email)
			switch {
			case err == nil:
				err := social.Link(ctx, &persistence.SocialAccount{Provider: provider, Subject: prof.Subject, UserID: owner.ID})
				if err == nil {
					return owner.ID, "linked by email", nil
				}
				if !errors.Is(err, persistence.ErrConflict) {
					return 0, "", err
				}
				continue // linked meanwhile: read that link
			case !errors.Is(err, persistence.ErrNotFound):
				return 0, "", err
			}
			email = prof.Email
		}
		u, err := s.socialNewUser(ctx, provider, prof, email, attempt)
		if err != nil {
			return 0, "", err
		}
		err = social.CreateUser(ctx, &u, &persistence.SocialAccount{Provider: provider, Subject: prof.Subject})
		if err == nil {
			// The site's register coupons, once; a failure only costs the
			// gift (account.coupons grants it later).
			if _, err := coupons.RegisterCoupons(ctx, s.db, u.ID, s.now()); err != nil {
				slog.Warn("auth: register coupons", "user", u.ID, "error", err)
			}
			return u.ID, "created", nil
		}
		if !errors.Is(err, persistence.ErrConflict) {
			return 0, "", err
		}
	}
	return 0, "", fmt.Errorf("link or create: still conflicting after %d attempts", socialLinkAttempts)
}
