package messages

import (
	"net/http"

	"souk/app/action"
)

// Errors the private message actions return.
var (
	// ErrNoAccess is returned when the sender's userCan lacks directMessages.
	ErrNoAccess = action.Errorf(http.StatusForbidden, "message.error.noAccess")
	// ErrRecipientRequired is returned for a message without a recipient.
	ErrRecipientRequired = action.Errorf(http.StatusBadRequest, "message.error.recipientRequired")
	// ErrUserNotFound is returned when the recipient or peer does not exist.
	ErrUserNotFound = action.Errorf(http.StatusNotFound, "common.error.userNotFound")
	// ErrSelf is returned for a message to oneself.
	ErrSelf = action.Errorf(http.StatusBadRequest, "message.error.self")
	// ErrBlocked is returned when either member blocked the other.
	ErrBlocked = action.Errorf(http.StatusForbidden, "message.error.blocked")
	// ErrEmpty is returned for a message with no text once sanitized.
	ErrEmpty = action.Errorf(http.StatusBadRequest, "message.error.empty")
	// ErrTooLong is returned for a message over MaxContentRunes.
	ErrTooLong = action.Errorf(http.StatusBadRequest, "message.error.tooLong", "max", MaxContentRunes)
	// ErrImage is returned for an image that is not a media id of an image
	// the sender owns (another's media, a video, a deleted item).
	ErrImage = action.Errorf(http.StatusBadRequest, "messages.error.image")
	// ErrNotFound is returned for a message that does not exist or is not
	// the viewer's: the two are not told apart.
	ErrNotFound = action.Errorf(http.StatusNotFound, "message.error.notFound")
	// ErrForbidden is returned when the recipient tries to delete a message.
	ErrForbidden = action.Errorf(http.StatusForbidden, "message.error.forbidden")
	// ErrBlockSelf is returned when a member blocks themself.
	ErrBlockSelf = action.Errorf(http.StatusBadRequest, "message.error.blockSelf")
	// ErrBadType is returned for a recents type other than MESSAGE.
	ErrBadType = action.BadField("type")
	// ErrBadCursor is returned for a cursor that is not an id.
	ErrBadCursor = action.BadField("after")
)

// errThrottled is returned when the sender has sent faster than the limit
// (see sendBurst) and must wait seconds.
func errThrottled(seconds int) error {
	return action.Errorf(http.StatusTooManyRequests, "message.error.throttled", "seconds", seconds)
}
