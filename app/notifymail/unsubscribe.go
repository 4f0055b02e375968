package notifymail

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/persistence"
)

// MaxTokenBytes bounds an unsubscribe token.
const MaxTokenBytes = 512

// UnsubscribeInput is the token of an unsubscribe link.
type UnsubscribeInput struct {
	Token string `json:"token" doc:"t of the link /unsubscribe?t=…, as the email gave it"`
}

// Validate checks what needs no database.
func (in *UnsubscribeInput) Validate() error {
	in.Token = strings.TrimSpace(in.Token)
	switch {
	case in.Token == "":
		return action.Required("token")
	case len(in.Token) > MaxTokenBytes:
		return ErrBadLink
	}
	return nil
}

// UnsubscribeReply says what was turned off, and for which address.
type UnsubscribeReply struct {
	Kind  string `json:"kind" doc:"messages, mentions, digest, or all (every email and the digest)"`
	Email string `json:"email" doc:"the member's address, masked (m***@example.com); empty when they have none"`
}

// Unsubscribe answers notify.unsubscribe.
func (s *Service) Unsubscribe(ctx context.Context, in UnsubscribeInput) (UnsubscribeReply, error) {
	userID, kind, ok := s.tokens.read(in.Token)
	if !ok {
		return UnsubscribeReply{}, ErrBadLink
	}
	u, err := s.db.Users().Get(ctx, userID)
	if errors.Is(err, persistence.ErrNotFound) {
		return UnsubscribeReply{}, ErrBadLink
	}
	if err != nil {
		return UnsubscribeReply{}, err
	}
	if err := s.cfg.Prefs.Unsubscribe(ctx, userID, kind); err != nil {
		return UnsubscribeReply{}, fmt.Errorf("notifymail: unsubscribe %d from %s: %w", userID, kind, err)
	}
	return UnsubscribeReply{Kind: kind, Email: maskEmail(u.Email)}, nil
}

// maskEmail keeps the first character of the local part and the domain:
// enough for the member to recognise their address, not for a passer-by
// holding the link to learn it.
func maskEmail(addr string) string {
	local, domain, ok := strings.Cut(addr, "@")
	if !ok || local == "" {
		return ""
	}
	first, _ := utf8.DecodeRuneInString(local)
	return string(first) + "***@" + domain
}
