package admin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"souk/app/action"
	"souk/persistence"
)

// SetLevelInput sets a member's growth level.
type SetLevelInput struct {
	UserID   action.ID `json:"userId" doc:"the member's databaseId"`
	LevelKey string    `json:"levelKey" maxBytes:"64" doc:"a growth level's key (admin.member's levels)"`
}

// Validate checks what needs no database.
func (in *SetLevelInput) Validate() error {
	switch {
	case in.UserID <= 0:
		return action.Required("userId")
	case in.LevelKey == "":
		return action.Required("levelKey")
	}
	return nil
}

// SetLevel answers admin.setLevel.
func (m *Members) SetLevel(ctx context.Context, in SetLevelInput) (AdminMemberRow, error) {
	a, names, err := m.memberAndLevels(ctx, in.UserID)
	if err != nil {
		return AdminMemberRow{}, err
	}
	if !slices.ContainsFunc(names.growth, func(l persistence.Level) bool { return l.Key == in.LevelKey }) {
		return AdminMemberRow{}, ErrUnknownLevel
	}
	if err := m.cfg.DB.AdminMembers().SetLevel(ctx, a.ID, in.LevelKey); err != nil {
		return AdminMemberRow{}, fmt.Errorf("admin: set level: %w", err)
	}
	return m.rightsSet(ctx, a, names)
}

// memberAndLevels is the member with the id and the site's levels.
func (m *Members) memberAndLevels(ctx context.Context, id action.ID) (persistence.AdminMember, levelNames, error) {
	a, err := m.member(ctx, id)
	if err != nil {
		return a, levelNames{}, err
	}
	names, err := m.levelNames(ctx)
	return a, names, err
}

// rightsSet records the change of a's rights, tells every node and the
// member's clients, and answers the member's row after.
func (m *Members) rightsSet(ctx context.Context, before persistence.AdminMember, names levelNames) (AdminMemberRow, error) {
	if err := m.changed(ctx, before); err != nil {
		return AdminMemberRow{}, err
	}
	m.rightsChanged(ctx, before.ID)
	after, err := m.member(ctx, action.ID(before.ID))
	if err != nil {
		return AdminMemberRow{}, err
	}
	return names.row(after, m.now()), nil
}

// The operations of admin.setVip.
const (
	VIPGrant  = "grant"
	VIPExtend = "extend"
	VIPRevoke = "revoke"
)

// MaxVIPDays bounds a grant or extension: about a hundred years.
const MaxVIPDays = 36500

// SetVIPInput grants, extends or revokes a member's VIP tier.
type SetVIPInput struct {
	UserID action.ID `json:"userId" doc:"the member's databaseId"`
	Op     string    `json:"op" doc:"grant, extend or revoke"`
	VIPKey string    `json:"vipKey,omitempty" maxBytes:"64" doc:"grant: the tier's key (admin.member's vipTiers)"`
	Days   int       `json:"days,omitempty" doc:"grant: 0 (never ends) to 36500; extend: 1 to 36500"`
}

// Validate checks what needs no database.
func (in *SetVIPInput) Validate() error {
	switch {
	case in.UserID <= 0:
		return action.Required("userId")
	case !slices.Contains([]string{VIPGrant, VIPExtend, VIPRevoke}, in.Op):
		return action.BadField("op")
	case in.Op == VIPGrant && in.VIPKey == "":
		return action.Required("vipKey")
	case in.Days < 0 || in.Days > MaxVIPDays || (in.Op == VIPExtend && in.Days == 0):
		return action.BadField("days")
	}
	return nil
}

// SetVIP answers admin.setVip.
func (m *Members) SetVIP(ctx context.Context, in SetVIPInput) (AdminMemberRow, error) {
	a, names, err := m.memberAndLevels(ctx, in.UserID)
	if err != nil {
		return AdminMemberRow{}, err
	}
	now := m.now()
	days := int64(in.Days) * (24 * time.Hour).Milliseconds()
	var key string
	var expires int64
	switch in.Op {
	case VIPGrant:
		if !slices.ContainsFunc(names.vip, func(l persistence.Level) bool { return l.Key == in.VIPKey }) {
			return AdminMemberRow{}, ErrUnknownVIP
		}
		key = in.VIPKey
		if in.Days > 0 {
			expires = now + days
		}
	case VIPExtend:
		if a.VIPKey == "" || (a.VIPExpiresAt != 0 && a.VIPExpiresAt <= now) {
			return AdminMemberRow{}, ErrNoVIP
		}
		key, expires = a.VIPKey, a.VIPExpiresAt
		if expires != 0 { // a tier that never ends stays so
			expires = max(now, expires) + days
		}
	}
	if err := m.cfg.DB.AdminMembers().SetVIP(ctx, a.ID, key, expires); err != nil {
		return AdminMemberRow{}, fmt.Errorf("admin: set vip: %w", err)
	}
	return m.rightsSet(ctx, a, names)
}

// SetRolesInput sets a member's roles.
type SetRolesInput struct {
	UserID  action.ID `json:"userId" doc:"the member's databaseId"`
	Admin   bool      `json:"admin" doc:"the administrator role"`
	Builder bool      `json:"builder" doc:"the builder role: the page builder without being an administrator"`
}

// Validate checks the member is named.
func (in *SetRolesInput) Validate() error {
	if in.UserID <= 0 {
		return action.Required("userId")
	}
	return nil
}

// SetRoles answers admin.setRoles.
func (m *Members) SetRoles(ctx context.Context, in SetRolesInput) (AdminMemberRow, error) {
	a, names, err := m.memberAndLevels(ctx, in.UserID)
	if err != nil {
		return AdminMemberRow{}, err
	}
	err = m.cfg.DB.AdminMembers().SetRoles(ctx, a.ID, in.Admin, in.Builder, m.now())
	switch {
	case errors.Is(err, persistence.ErrLastAdmin):
		return AdminMemberRow{}, ErrLastAdmin
	case err != nil:
		return AdminMemberRow{}, fmt.Errorf("admin: set roles: %w", err)
	}
	return m.rightsSet(ctx, a, names)
}
