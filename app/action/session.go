package action

import (
	"context"
	"time"
)

// Session is what signing in hands to the client. The transport turns it
// into cookies (HTTP) so that no feature code touches a protocol.
type Session struct {
	// AccessToken is short-lived and verified by any node without a
	// database read.
	AccessToken   string
	AccessExpires time.Time
	// RefreshToken is stored hashed and rotated on every refresh.
	RefreshToken   string
	RefreshExpires time.Time
	// Family is the session's id (its refresh token family).
	Family int64
}

// Authenticator turns an access token into the viewer it was issued to. It
// returns an error for a forged, expired or revoked token; the transport
// then treats the caller as a guest.
type Authenticator interface {
	Authenticate(ctx context.Context, accessToken string) (Viewer, error)
}

// sessionChange records what an action did to the caller's session.
type sessionChange struct {
	session   Session
	signedOut bool
}

// SignIn asks the transport to hand s to the client with the reply.
func (r *Request) SignIn(s Session) {
	r.change = &sessionChange{session: s}
}

// SignOut asks the transport to clear the client's session with the reply.
func (r *Request) SignOut() {
	r.change = &sessionChange{signedOut: true}
}

// SessionChange reports what the action asked: a new session to hand out,
// a sign-out, or nothing (changed false).
func (r *Request) SessionChange() (s Session, signedOut, changed bool) {
	if r.change == nil {
		return Session{}, false, false
	}
	return r.change.session, r.change.signedOut, true
}
