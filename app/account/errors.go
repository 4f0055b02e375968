package account

import (
	"net/http"

	"souk/app/action"
)

// The errors the account actions answer, each with its i18n key.
var (
	// ErrAccountExists is returned when a verified sign-up finds its phone
	// or email taken.
	ErrAccountExists = &action.Error{Status: http.StatusConflict, Key: "common.login.error.accountExists"}

	// The profile errors of updateUser.
	ErrProfileName        = action.Errorf(http.StatusBadRequest, "common.error.profileName", "max", maxName)
	ErrProfileDescription = action.Errorf(http.StatusBadRequest, "common.error.profileDescription", "max", maxDescription)
	ErrProfileAvatar      = &action.Error{Status: http.StatusBadRequest, Key: "common.error.profileAvatar"}
	// ErrProfileAvatarSource is returned for an avatar that is neither the
	// generated one nor a picture of an allowed host.
	ErrProfileAvatarSource = &action.Error{Status: http.StatusBadRequest, Key: "common.error.profileAvatarSource"}
	ErrProfileGender       = &action.Error{Status: http.StatusBadRequest, Key: "common.error.profileGender"}
	ErrProfileBirthday     = &action.Error{Status: http.StatusBadRequest, Key: "common.error.profileBirthday"}
	ErrProfileLocation     = action.Errorf(http.StatusBadRequest, "common.error.profileLocation", "max", maxLocation)
	ErrProfileWebsite      = &action.Error{Status: http.StatusBadRequest, Key: "common.error.profileWebsite"}
)

// ErrSignedIn is returned by account.signIn when the caller signed in
// today (UTC) already.
var ErrSignedIn = &action.Error{Status: http.StatusConflict, Key: "account.error.signedIn"}
