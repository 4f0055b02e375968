package notifymail

import (
	"net/http"

	"souk/app/action"
)

// ErrBadLink is returned for an unsubscribe token the site did not sign
// (forged, damaged, or longer than MaxTokenBytes), or of a member who is
// gone.
var ErrBadLink = action.Errorf(http.StatusBadRequest, "notify.unsubscribe.error.badLink")
