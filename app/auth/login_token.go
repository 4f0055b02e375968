package auth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"souk/app/action"
	"souk/persistence"
)

// LoginTokenTTL is how long a login link works.
const LoginTokenTTL = 24 * time.Hour

// LoginTokenInput is the data of admin.loginToken.
type LoginTokenInput struct {
	UserID action.ID `json:"userId" doc:"the member's databaseId (string or number)"`
}

// LoginTokenReply is the reply of admin.loginToken.
type LoginTokenReply struct {
	LoginToken struct {
		Token     string `json:"token" doc:"signs the member in once, through mutates.autoLogin"`
		Link      string `json:"link" doc:"/?token=..., to append to the site's address"`
		ExpiresAt int64  `json:"expiresAt" doc:"epoch ms"`
	} `json:"loginToken"`
}

// LoginToken answers admin.loginToken: a one-time login link for a member.
// Only its hash is stored; whoever holds the link is signed in as the member.
func (s *Credentials) LoginToken(ctx context.Context, in LoginTokenInput) (LoginTokenReply, error) {
	if in.UserID <= 0 {
		return LoginTokenReply{}, action.Required("userId")
	}
	if _, err := s.db.Users().Get(ctx, int64(in.UserID)); errors.Is(err, persistence.ErrNotFound) {
		return LoginTokenReply{}, ErrUserNotFound
	} else if err != nil {
		return LoginTokenReply{}, fmt.Errorf("auth: login token: %w", err)
	}
	token, hash, err := newToken()
	if err != nil {
		return LoginTokenReply{}, err
	}
	now := s.now()
	expires := now.Add(LoginTokenTTL)
	s.purgeExpired(ctx)
	err = s.db.Sessions().CreateLoginToken(ctx, persistence.LoginToken{
		Hash: hash, UserID: int64(in.UserID), CreatedBy: action.RequestFrom(ctx).Viewer.UserID,
		CreatedAt: persistence.Millis(now), ExpiresAt: persistence.Millis(expires),
	})
	if err != nil {
		return LoginTokenReply{}, fmt.Errorf("auth: login token: %w", err)
	}
	var reply LoginTokenReply
	reply.LoginToken.Token = token
	reply.LoginToken.Link = "/?token=" + url.QueryEscape(token)
	reply.LoginToken.ExpiresAt = persistence.Millis(expires)
	return reply, nil
}
