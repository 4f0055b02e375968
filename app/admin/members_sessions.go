package admin

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/member"
)

// RevokeSessionInput names a member's session.
type RevokeSessionInput struct {
	UserID  action.ID `json:"userId" doc:"the member's databaseId"`
	Session action.ID `json:"session" doc:"the session's id, from admin.member's sessions"`
}

// Validate checks both are named.
func (in *RevokeSessionInput) Validate() error {
	switch {
	case in.UserID <= 0:
		return action.Required("userId")
	case in.Session <= 0:
		return action.Required("session")
	}
	return nil
}

// RevokeSession answers admin.revokeSession. A session that ended before,
// or is not the member's, is left as it is.
func (m *Members) RevokeSession(ctx context.Context, in RevokeSessionInput) (MemberDoneReply, error) {
	a, err := m.member(ctx, in.UserID)
	if err != nil {
		return MemberDoneReply{}, err
	}
	if err := m.cfg.Sessions.EndSession(ctx, a.ID, int64(in.Session)); err != nil {
		return MemberDoneReply{}, fmt.Errorf("admin: revoke session: %w", err)
	}
	m.broadcast(ctx, a.ID)
	action.AuditChange(ctx, userTarget(a.ID), map[string]string{"session": member.FormatID(int64(in.Session))},
		map[string]bool{"ended": true})
	return MemberDoneReply{OK: true}, nil
}

// RevokeSessions answers admin.revokeSessions.
func (m *Members) RevokeSessions(ctx context.Context, in MemberInput) (MemberDoneReply, error) {
	a, err := m.member(ctx, in.UserID)
	if err != nil {
		return MemberDoneReply{}, err
	}
	if err := m.endAll(ctx, a.ID); err != nil {
		return MemberDoneReply{}, err
	}
	action.AuditChange(ctx, userTarget(a.ID), map[string]string{"sessions": "live"}, map[string]string{"sessions": "ended"})
	return MemberDoneReply{OK: true}, nil
}

// endAll ends every session of the member and tells every node at once.
func (m *Members) endAll(ctx context.Context, userID int64) error {
	if err := m.cfg.Sessions.EndAll(ctx, userID); err != nil {
		return fmt.Errorf("admin: end sessions: %w", err)
	}
	m.broadcast(ctx, userID)
	return nil
}
