// Package auth signs members in and keeps them signed in: password login,
// captchas, verification codes and password resets, sessions (short-lived
// access tokens any node verifies alone, rotated refresh tokens with reuse
// detection, one-time login links), the websocket's socket token, and
// social login through GitHub, Google and WeChat.
//
// The viewer a sign-in answers with belongs to souk/app/account: a
// Service is generic over it and builds it through Viewers. Account's
// registration and viewer use Credentials (codes, passwords, sessions,
// socket tokens), which holds no viewer, through interfaces of their own.
// Neither package imports the other: the types both speak (the captcha
// and code fields, the sign-up and its identity, the rights of an access
// token, the reply around a viewer) are souk/app/internal/credential's,
// and cmd/souk wires the two together.
//
// Concurrency: Credentials, Service and Sessions are safe for concurrent
// use. The state that must hold across nodes (used captchas, codes and
// their wrong tries, refresh tokens) lives in the database and changes by
// conditional statements; only the rate limiters and the login-failure
// counters are per node, in memory (see limits.go).
package auth

import (
	"context"

	"souk/app/action"
	"souk/persistence"
)

// Viewers builds the viewer a sign-in answers with (souk/app/account
// implements it).
type Viewers[V any] interface {
	// ViewerFor builds the viewer of userID; an unknown user is an error
	// wrapping persistence.ErrNotFound.
	ViewerFor(ctx context.Context, userID int64) (V, error)
	// ViewerOf builds the viewer of u, read just now.
	ViewerOf(ctx context.Context, u persistence.User) (V, error)
}

// Service answers the auth actions; V is the viewer a sign-in answers
// with. It is safe for concurrent use.
type Service[V any] struct {
	*Credentials
	viewers Viewers[V]
}

// New returns the auth service of creds, answering sign-ins with the
// viewers of viewers.
func New[V any](creds *Credentials, viewers Viewers[V]) *Service[V] {
	return &Service[V]{Credentials: creds, viewers: viewers}
}

// Register adds// Register adds the auth actions to r.
func (s *Service[V]) Register(r *action.Registry) {
	action.Register(r, action.Spec{Name: "auth.captcha", Access: action.Public,
		Summary: "A new captcha picture; its signed answer expires in 5 minutes and passes once."}, s.Captcha)
	action.Register(r, action.Spec{Name: "auth.captchaVerify", Access: action.Public,
		Summary: "Checks a captcha answer without using the captcha up (auth.getCode uses it); a wrong answer voids it."}, s.CaptchaVerify)
	action.Register(r, action.Spec{Name: "auth.getCode", Access: action.Public,
		Summary: "Uses a solved captcha to send a 6-digit code (valid 10 minutes, one per target per 60 s) by email or SMS. Answers alike whether or not an account exists."}, s.GetCode)
	action.Register(r, action.Spec{Name: "auth.verifyCode", Access: action.Public,
		Summary: "Checks a code without using it up and answers a sign auth.resetPassword accepts instead of the code; 5 wrong codes lock it."}, s.VerifyCode)
	action.Register(r, action.Spec{Name: "auth.login", Access: action.Public,
		Summary: "Signs in with an email or phone and a password; after 3 failures a solved captcha is also required."}, s.Login)
	action.Register(r, action.Spec{Name: "auth.resetPassword", Access: action.Public,
		Summary: "Sets a new password with a verified code and ends every session of the account."}, s.ResetPassword)
	action.Register(r, action.Spec{Name: "auth.refresh", Access: action.Public,
		Summary: "Exchanges the refresh token cookie for a new session; a token shown twice ends all sessions of its sign-in (401)."}, s.Refresh)
	action.Register(r, action.Spec{Name: "auth.logout", Access: action.Public,
		Summary: "Ends the caller's session (the refresh token cookie's under /api/auth, else the access token's) and clears the cookies."}, s.Logout)
	action.Register(r, action.Spec{Name: "mutates.autoLogin", Access: action.Public,
		Summary: "Signs in with a one-time login token (the ?token= of a link admin.loginToken made)."}, s.AutoLogin)
	action.Register(r, action.Spec{Name: "admin.loginToken", Access: action.Admin,
		Summary: "Makes a one-time login link for a member, valid 24 hours."}, s.LoginToken)
}
