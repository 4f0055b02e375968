package account

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/persistence"
)

// RegisterInput is the data of auth.register.
type RegisterInput struct {
	EditStatus      bool   `json:"editStatus,omitempty" doc:"set by the page builder's login box; no effect"`
	PhoneOrEmail    string `json:"phoneOrEmail" doc:"phone with its +dial code, or email; as sent to auth.getCode"`
	Type            string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email; picks the message for an empty phoneOrEmail"`
	Password        string `json:"password" doc:"6 to 128 characters"`
	PasswordConfirm string `json:"passwordConfirm,omitempty" doc:"when sent, must equal password"`
	Agreement       *bool  `json:"agreement,omitempty" doc:"whether the terms were agreed to; false is refused"`
	VerificationFields
	CaptchaFields
	Action     string `json:"action,omitempty" doc:"signup"`
	InviteCode string `json:"inviteCode,omitempty" doc:"the referral code (?ref=) the visitor came with: a member's slug or databaseId; unknown codes are ignored"`
}

// UserReply wraps the viewer of the member an action signed in or changed.
type UserReply struct {
	User Viewer `json:"user"`
}

// RegisterReply is the reply of auth.register.
type RegisterReply struct {
	RegisterUser UserReply `json:"registerUser"`
}

// RegisterUser answers auth.register: with the code auth.getCode sent (the
// captcha fields are accepted and not needed, as that code was only sent
// after a captcha), it creates the account at the lowest growth level,
// with its profile still to complete, and signs it in.
func (s *Service) RegisterUser(ctx context.Context, in RegisterInput) (RegisterReply, error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	if !s.limits.verifyIP.Allow(clientKey(req.ClientIP), now) {
		return RegisterReply{}, ErrRateLimited
	}
	id, err := parseIdentity(in.PhoneOrEmail, in.Type)
	if err != nil {
		return RegisterReply{}, err
	}
	if err := checkPassword(in.Password, in.PasswordConfirm); err != nil {
		return RegisterReply{}, err
	}
	if in.Agreement != nil && !*in.Agreement {
		return RegisterReply{}, ErrTermsNotAgreed
	}
	if p, ok := purposeOf(in.Action); in.Action != "" && (!ok || p != purposeSignup) {
		return RegisterReply{}, action.BadField("action")
	}
	if !s.limits.verifyTarget.Allow(id.value, now) {
		return RegisterReply{}, ErrRateLimited
	}
	if _, err := s.checkCode(ctx, in.VerificationFields, id.value, purposeSignup, true); err != nil {
		return RegisterReply{}, err
	}

	hash, err := s.hashPassword(in.Password)
	if err != nil {
		return RegisterReply{}, err
	}
	level, err := s.lowestLevel(ctx)
	if err != nil {
		return RegisterReply{}, err
	}
	referrer, err := s.referrerOf(ctx, in.InviteCode)
	if err != nil {
		return RegisterReply{}, err
	}
	u := persistence.User{Name: defaultName(id), PasswordHash: hash, LevelKey: level, ReferrerID: referrer}
	if id.kind == kindEmail {
		u.Email = id.value
	} else {
		u.Phone = id.value
	}
	if err := s.createWithSlug(ctx, &u, baseSlug(id)); err != nil {
		return RegisterReply{}, err
	}
	if err := s.sessions.Start(ctx, u.ID); err != nil {
		return RegisterReply{}, err
	}
	v, err := s.viewerOf(ctx, u)
	if err != nil {
		return RegisterReply{}, err
	}
	return RegisterReply{RegisterUser: UserReply{User: v}}, nil
}

// createWithSlug creates u with the first free slug derived from base. It
// returns ErrAccountExists when u's email or phone is taken.
func (s *Service) createWithSlug(ctx context.Context, u *persistence.User, base string) error {
	for attempt := range slugAttempts {
		slug, err := slugCandidate(base, attempt)
		if err != nil {
			return err
		}
		u.ID, u.Slug = 0, slug
		err = s.db.Users().Create(ctx, u)
		if err == nil {
			return nil
		}
		if !errors.Is(err, persistence.ErrConflict) {
			return fmt.Errorf("account: register: %w", err)
		}
		login := u.Email
		if login == "" {
			login = u.Phone
		}
		if _, err := s.db.Users().GetByLogin(ctx, login); err == nil {
			return ErrAccountExists
		} else if !errors.Is(err, persistence.ErrNotFound) {
			return fmt.Errorf("account: register: %w", err)
		}
	}
	return fmt.Errorf("account: register: no free slug after %d attempts", slugAttempts)
}
