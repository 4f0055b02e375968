package admin

import (
	"net/http"

	"souk/app/action"
)

// The errors of the members' actions.
var (
	// ErrUserNotFound is returned for a userId nobody holds.
	ErrUserNotFound = action.Errorf(http.StatusNotFound, "admin.error.userNotFound", "field", "userId")
	// ErrLastAdmin is returned by admin.setRoles when it would leave the
	// site without an administrator who is not banned.
	ErrLastAdmin = action.Errorf(http.StatusConflict, "admin.error.lastAdmin")
	// ErrBanAdmin is returned by admin.ban for an administrator: demote first.
	ErrBanAdmin = action.Errorf(http.StatusConflict, "admin.error.banAdmin")
	// ErrBanSelf is returned by admin.ban for the caller themselves.
	ErrBanSelf = action.Errorf(http.StatusConflict, "admin.error.banSelf")
	// ErrUnknownLevel is returned by admin.setLevel for a key that is no
	// growth level of the site.
	ErrUnknownLevel = action.Errorf(http.StatusBadRequest, "admin.error.unknownLevel", "field", "levelKey")
	// ErrUnknownVIP is returned by admin.setVip for a key that is no VIP
	// tier of the site.
	ErrUnknownVIP = action.Errorf(http.StatusBadRequest, "admin.error.unknownVip", "field", "vipKey")
	// ErrNoVIP is returned by admin.setVip's extend for a member whose VIP
	// tier is none or has ended.
	ErrNoVIP = action.Errorf(http.StatusConflict, "admin.error.noVip")
)
