package auth

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/internal/credential"
	"souk/persistence"
)

// ResetPasswordInput is the data of auth.resetPassword.
type ResetPasswordInput struct {
	PhoneOrEmail    string `json:"phoneOrEmail" doc:"as sent to auth.getCode"`
	Type            string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email"`
	Password        string `json:"password" doc:"the new password: 8 to 128 characters, not a common password, nor the account's email, phone or name"`
	PasswordConfirm string `json:"passwordConfirm,omitempty" doc:"when sent, must equal password"`
	credential.VerificationFields
	credential.CaptchaFields
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
func (s *Credentials) ResetPassword(ctx context.Context, in ResetPasswordInput) (ResetPasswordReply, error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	if !s.limits.verifyIP.Allow(clientKey(req.ClientIP), now) {
		return ResetPasswordReply{}, ErrRateLimited
	}
	id, err := parseIdentity(in.PhoneOrEmail, in.Type)
	if err != nil {
		return ResetPasswordReply{}, err
	}
	if err := checkPassword(in.Password, in.PasswordConfirm, id); err != nil {
		return ResetPasswordReply{}, err
	}
	if p, ok := purposeOf(in.Action); in.Action != "" && (!ok || p != purposeReset) {
		return ResetPasswordReply{}, action.BadField("action")
	}
	if !s.limits.verifyAccount.Allow(accountKey(id.Value, req.ClientIP), now) {
		return ResetPasswordReply{}, ErrRateLimited
	}
	codeID, err := s.checkCode(ctx, in.VerificationFields, id.Value, purposeReset)
	if err != nil {
		return ResetPasswordReply{}, err
	}
	u, err := s.db.Users().GetByLogin(ctx, id.Value)
	if errors.Is(err, persistence.ErrNotFound) {
		// No code was sent for nobody; this one was guessed or the account
		// went away meanwhile.
		return ResetPasswordReply{}, ErrCodeExpired
	}
	if err != nil {
		return ResetPasswordReply{}, fmt.Errorf("auth: reset password: %w", err)
	}
	// Only the code's holder learns that the password is the account's
	// name, and the code stays valid to try another.
	if err := checkPassword(in.Password, in.PasswordConfirm, id, u.Name, u.Slug); err != nil {
		return ResetPasswordReply{}, err
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return ResetPasswordReply{}, err // busy: the code stays valid to retry
	}
	if err := s.consumeCode(ctx, codeID); err != nil {
		return ResetPasswordReply{}, err
	}
	if err := s.db.Users().SetPasswordHash(ctx, u.ID, hash); err != nil {
		return ResetPasswordReply{}, fmt.Errorf("auth: reset password: %w", err)
	}
	if err := s.sessions.endAll(ctx, u.ID); err != nil {
		return ResetPasswordReply{}, err
	}
	s.failures.reset(id.Value)
	if req.Viewer.UserID == u.ID {
		req.SignOut()
	}
	return ResetPasswordReply{ResetPassword: SuccessReply{Success: true}}, nil
}
