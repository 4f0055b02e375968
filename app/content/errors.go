package content

import (
	"net/http"

	"souk/app/action"
)

// Errors the content actions return.
var (
	// ErrNotFound is returned for content that does not exist or was deleted.
	ErrNotFound = action.Errorf(http.StatusNotFound, "content.error.notFound")
	// ErrGated is returned for the comments of (or a like of) content the
	// viewer may not see.
	ErrGated = action.Errorf(http.StatusForbidden, "content.error.gated")
	// ErrClosed is returned for a comment on content that takes none (a
	// closed topic).
	ErrClosed = action.Errorf(http.StatusForbidden, "content.error.closed")
	// ErrContent is returned for a comment or an article without text or image.
	ErrContent = action.Errorf(http.StatusBadRequest, "content.error.content")
	// ErrTooLong is returned for a text over its limit.
	ErrTooLong = action.Errorf(http.StatusBadRequest, "content.error.tooLong")
	// ErrReplyTo is returned for a reply to a comment that is not a live
	// comment of the same target.
	ErrReplyTo = action.Errorf(http.StatusBadRequest, "content.error.replyTo")
	// ErrTitle is returned for a missing or over-long title.
	ErrTitle = action.Errorf(http.StatusBadRequest, "content.error.title", "max", MaxTitleRunes)
	// ErrRoles is returned for gate entries that are not well formed.
	ErrRoles = action.Errorf(http.StatusBadRequest, "content.error.roles")
	// ErrImage is returned for a featured image that is not an https URL
	// or this site's media.
	ErrImage = action.Errorf(http.StatusBadRequest, "content.error.image")
	// ErrCategory is returned for a category or tag that does not exist.
	ErrCategory = action.Errorf(http.StatusBadRequest, "content.error.category")
	// ErrVersionExists is returned when the group has a version in the language.
	ErrVersionExists = action.Errorf(http.StatusConflict, "content.error.versionExists")
	// ErrNotForSale is returned when unlocking content that has no price
	// or that the viewer sees already.
	ErrNotForSale = action.Errorf(http.StatusBadRequest, "content.error.notForSale")
	// ErrNoProvider is returned for a qrcode entry when no payment
	// provider is wired.
	ErrNoProvider = action.Errorf(http.StatusBadRequest, "payments.error.provider")
	// ErrFunds is returned when the viewer's balance is below the price.
	ErrFunds = action.Errorf(http.StatusPaymentRequired, "content.error.insufficientFunds")
	// ErrThrottled is returned past CommentBurst comments in a row.
	ErrThrottled = action.Errorf(http.StatusTooManyRequests, "content.error.throttled")
	// ErrDuplicate is returned when a clientId was used for other content.
	ErrDuplicate = action.Errorf(http.StatusConflict, "content.error.duplicate")
)
