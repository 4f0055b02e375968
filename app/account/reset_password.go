package account

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/persistence"
)

// ResetPasswordInput is the data of auth.resetPassword.
type ResetPasswordInput struct {
	PhoneOrEmail    string `json:"phoneOrEmail" doc:"as sent to auth.getCode"`
	Type            string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email"`
	Password        string `json:"password" doc:"the new password, 6 to 128 characters"`
	PasswordConfirm string `json:"passwordConfirm,omitempty" doc:"when sent, must equal password"`
	VerificationFields
	CaptchaFields
	Action string `json:"action,omitempty" doc:"forget or repass"`
}

// ResetPasswordReply is the reply of auth.resetPassword.
type ResetPasswordReply struct {
	ResetPassword SuccessReply `json:"resetPassword"`
}

// ResetPassword answers auth.resetPassword: with the code auth.getCode sent
// for forget (or the sign auth.verifyCode answered), it sets the new
// password and ends every session of the account. It does not sign in:
// the login box goes on to log in.
func (s *Service) ResetPassword(ctx context.Context, in ResetPasswordInput) (ResetPasswordReply, error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	if !s.limits.verifyIP.Allow(clientKey(req.ClientIP), now) {
		return ResetPasswordReply{}, ErrRateLimited
	}
	id, err := parseIdentity(in.PhoneOrEmail, in.Type)
	if err != nil {
		return ResetPasswordReply{}, err
	}
	if err := checkPassword(in.Password, in.PasswordConfirm); err != nil {
		return ResetPasswordReply{}, err
	}
	if p, ok := purposeOf(in.Action); in.Action != "" && (!ok || p != purposeReset) {
		return ResetPasswordReply{}, action.BadField("action")
	}
	if !s.limits.verifyTarget.Allow(id.value, now) {
		return ResetPasswordReply{}, ErrRateLimited
	}
	if _, err := s.checkCode(ctx, in.VerificationFields, id.value, purposeReset, true); err != nil {
		return ResetPasswordReply{}, err
	}
	u, err := s.db.Users().GetByLogin(ctx, id.value)
	if errors.Is(err, persistence.ErrNotFound) {
		// No code was sent for nobody; this one was guessed or the account
		// went away meanwhile.
		return ResetPasswordReply{}, ErrCodeExpired
	}
	if err != nil {
		return ResetPasswordReply{}, fmt.Errorf("account: reset password: %w", err)
	}
	hash, err := s.hashPassword(in.Password)
	if err != nil {
		return ResetPasswordReply{}, err
	}
	if err := s.db.Users().SetPasswordHash(ctx, u.ID, hash); err != nil {
		return ResetPasswordReply{}, fmt.Errorf("account: reset password: %w", err)
	}
	if err := s.sessions.endAll(ctx, u.ID); err != nil {
		return ResetPasswordReply{}, err
	}
	s.failures.reset(id.value)
	if req.Viewer.UserID == u.ID {
		req.SignOut()
	}
	return ResetPasswordReply{ResetPassword: SuccessReply{Success: true}}, nil
}
