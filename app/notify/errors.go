package notify

import (
	"net/http"

	"souk/app/action"
)

// Errors the notification actions return.
var (
	// ErrNotFound is returned for a notification that does not exist or is
	// another member's: the two are not told apart.
	ErrNotFound = action.Errorf(http.StatusNotFound, "notification.error.notFound")
	// ErrUserNotFound is returned when a recipient does not exist.
	ErrUserNotFound = action.Errorf(http.StatusNotFound, "common.error.userNotFound")
	// ErrBadURL is returned for an announcement's link that is neither an
	// http(s) URL nor a path on this site (member.Link): javascript:,
	// data: and every other scheme are refused.
	ErrBadURL = action.Errorf(http.StatusBadRequest, "notification.error.badUrl")
	// ErrBadCursor is returned for a cursor that is not an id.
	ErrBadCursor = action.BadField("after")
)
