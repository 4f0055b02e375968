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
	// ErrBadCursor is returned for a cursor that is not an id.
	ErrBadCursor = action.BadField("after")
)
