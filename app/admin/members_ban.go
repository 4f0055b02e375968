package admin

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Bounds of a ban.
const (
	MaxBanReasonRunes = 500
	// MaxBanMinutes is ten years.
	MaxBanMinutes = 5256000
)

// BanInput bans a member.
type BanInput struct {
	UserID  action.ID `json:"userId" doc:"the member's databaseId"`
	Reason  string    `json:"reason" maxBytes:"2000" doc:"why, 1-500 characters of plain text"`
	Minutes int       `json:"minutes" doc:"how long, 0 (for good) to 5256000 (ten years)"`
}

// Validate checks what needs no database.
func (in *BanInput) Validate() error {
	in.Reason = member.PlainText(in.Reason, false)
	switch {
	case in.UserID <= 0:
		return action.Required("userId")
	case in.Reason == "":
		return action.Required("reason")
	case utf8.RuneCountInString(in.Reason) > MaxBanReasonRunes:
		return action.BadField("reason")
	case in.Minutes < 0 || in.Minutes > MaxBanMinutes:
		return action.BadField("minutes")
	}
	return nil
}

// Ban answers admin.ban: the ban is stored first (so that no new session
// starts), then every session ends and every node closes the member's
// sockets at once.
func (m *Members) Ban(ctx context.Context, in BanInput) (AdminMemberRow, error) {
	adminID := action.RequestFrom(ctx).Viewer.UserID
	a, err := m.member(ctx, in.UserID)
	switch {
	case err != nil:
		return AdminMemberRow{}, err
	case a.ID == adminID:
		return AdminMemberRow{}, ErrBanSelf
	case a.IsAdmin:
		return AdminMemberRow{}, ErrBanAdmin
	}
	now := m.now()
	ban := persistence.Ban{At: now, Reason: in.Reason, By: adminID}
	if in.Minutes > 0 {
		ban.Until = now + int64(in.Minutes)*time.Minute.Milliseconds()
	}
	if err := m.cfg.DB.AdminMembers().SetBan(ctx, a.ID, ban); err != nil {
		return AdminMemberRow{}, fmt.Errorf("admin: ban: %w", err)
	}
	if err := m.endAll(ctx, a.ID); err != nil {
		return AdminMemberRow{}, err
	}
	return m.banSet(ctx, a)
}

// Unban answers admin.unban.
func (m *Members) Unban(ctx context.Context, in MemberInput) (AdminMemberRow, error) {
	a, err := m.member(ctx, in.UserID)
	if err != nil {
		return AdminMemberRow{}, err
	}
	if err := m.cfg.DB.AdminMembers().SetBan(ctx, a.ID, persistence.Ban{}); err != nil {
		return AdminMemberRow{}, fmt.Errorf("admin: unban: %w", err)
	}
	return m.banSet(ctx, a)
}

// banSet records the change of a's ban and answers their row after.
func (m *Members) banSet(ctx context.Context, before persistence.AdminMember) (AdminMemberRow, error) {
	if err := m.changed(ctx, before); err != nil {
		return AdminMemberRow{}, err
	}
	names, err := m.levelNames(ctx)
	if err != nil {
		return AdminMemberRow{}, err
	}
	after, err := m.member(ctx, action.ID(before.ID))
	if err != nil {
		return AdminMemberRow{}, err
	}
	return names.row(after, m.now()), nil
}
