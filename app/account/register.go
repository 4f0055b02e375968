package account

import (
	"context"
	"errors"
	"fmt"
	"souk/app/internal/coupons"

	"souk/app/internal/credential"
	"souk/persistence"
)

// RegisterInput is the data of auth.register.
type RegisterInput struct {
	EditStatus      bool   `json:"editStatus,omitempty" doc:"set by the page builder's login box; no effect"`
	PhoneOrEmail    string `json:"phoneOrEmail" doc:"phone with its +dial code, or email; as sent to auth.getCode"`
	Type            string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email; picks the message for an empty phoneOrEmail"`
	Password        string `json:"password" doc:"8 to 128 characters, not a common password, nor the account's email or phone"`
	PasswordConfirm string `json:"passwordConfirm,omitempty" doc:"when sent, must equal password"`
	Agreement       *bool  `json:"agreement,omitempty" doc:"whether the terms were agreed to; false is refused"`
	credential.VerificationFields
	credential.CaptchaFields
	Action     string `json:"action,omitempty" doc:"signup"`
	InviteCode string `json:"inviteCode,omitempty" doc:"the referral code (?ref=) the visitor came with: a member's slug or databaseId; unknown codes are ignored"`
}

// RegisterReply is the reply of auth.register.
type RegisterReply struct {
	RegisterUser credential.UserReply[Viewer] `json:"registerUser"`
}

// RegisterUser answers auth.register: with the code auth.getCode sent (the
// captcha fields are accepted and not needed, as that code was only sent
// after a captcha), it creates the account at the lowest growth level,
// with its profile still to complete, and signs it in.
func (s *Service) RegisterUser(ctx context.Context, in RegisterInput) (RegisterReply, error) {
	id, hash, err := s.signups.CheckSignup(ctx, credential.Signup{PhoneOrEmail: in.PhoneOrEmail, Type: in.Type,
		Password: in.Password, PasswordConfirm: in.PasswordConfirm, Agreement: in.Agreement, Action: in.Action,
		VerificationFields: in.VerificationFields})
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
	if id.Kind == credential.KindEmail {
		u.Email = id.Value
	} else {
		u.Phone = id.Value
	}
	if err := s.createWithSlug(ctx, &u, baseSlug(id)); err != nil {
		return RegisterReply{}, err
	}
	// The site's register coupons, once; a failure only costs the gift.
	if _, err := coupons.RegisterCoupons(ctx, s.db, u.ID, s.now()); err != nil {
		s.log.Warn("account: register coupons", "user", u.ID, "error", err)
	}
	if err := s.signups.Start(ctx, u.ID); err != nil {
		return RegisterReply{}, err
	}
	v, err := s.ViewerOf(ctx, u)
	if err != nil {
		return RegisterReply{}, err
	}
	return RegisterReply{RegisterUser: credential.UserReply[Viewer]{User: v}}, nil
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
