package auth

import (
	"context"

	"souk/app/action"
	"souk/app/internal/credential"
)

// CheckSignup checks a sign-up: the caller's rate limits, the identity,
// the password, the terms, and the sign-up code, which it uses up. It
// returns the verified identity and the password's hash.
func (s *Credentials) CheckSignup(ctx context.Context, in credential.Signup) (credential.Identity, string, error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	if !s.limits.verifyIP.Allow(clientKey(req.ClientIP), now) {
		return credential.Identity{}, "", ErrRateLimited
	}
	id, err := parseIdentity(in.PhoneOrEmail, in.Type)
	if err != nil {
		return credential.Identity{}, "", err
	}
	if err := checkPassword(in.Password, in.PasswordConfirm, id); err != nil {
		return credential.Identity{}, "", err
	}
	if in.Agreement != nil && !*in.Agreement {
		return credential.Identity{}, "", ErrTermsNotAgreed
	}
	if p, ok := purposeOf(in.Action); in.Action != "" && (!ok || p != purposeSignup) {
		return credential.Identity{}, "", action.BadField("action")
	}
	if !s.limits.verifyAccount.Allow(accountKey(id.Value, req.ClientIP), now) {
		return credential.Identity{}, "", ErrRateLimited
	}
	codeID, err := s.checkCode(ctx, in.VerificationFields, id.Value, purposeSignup)
	if err != nil {
		return credential.Identity{}, "", err
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return credential.Identity{}, "", err // busy: the code stays valid to retry
	}
	if err := s.consumeCode(ctx, codeID); err != nil {
		return credential.Identity{}, "", err
	}
	return id, hash, nil
}
