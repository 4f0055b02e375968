package report

import (
	"net/http"

	"souk/app/action"
)

// Errors the report actions return.
var (
	// ErrType is returned for a reason that is not one of the site's report
	// types in the request's language.
	ErrType = action.Errorf(http.StatusBadRequest, "report.error.type")
	// ErrTarget is returned when the reported thing does not exist, was
	// deleted, or is a private message the viewer did not receive.
	ErrTarget = action.Errorf(http.StatusNotFound, "report.error.target")
	// ErrImage is returned for a screenshot that is not an image of the
	// viewer's own media.
	ErrImage = action.Errorf(http.StatusBadRequest, "report.error.image")
	// ErrTooManyImages is returned for more than MaxImages screenshots.
	ErrTooManyImages = action.Errorf(http.StatusBadRequest, "report.error.tooManyImages", "max", MaxImages)
	// ErrDuplicate is returned when the viewer has an open report of the thing.
	ErrDuplicate = action.Errorf(http.StatusConflict, "report.error.duplicate")
	// ErrRateLimited is returned past MaxPerHour reports in an hour.
	ErrRateLimited = action.Errorf(http.StatusTooManyRequests, "report.error.rateLimited", "max", MaxPerHour)
	// ErrNotFound is returned for a report that does not exist.
	ErrNotFound = action.Errorf(http.StatusNotFound, "report.error.notFound")
	// ErrResolved is returned when resolving a report resolved before.
	ErrResolved = action.Errorf(http.StatusConflict, "report.error.resolved")
	// ErrNoAuthor is returned for deleteContent, warn or ban on a report
	// whose thing has no content or author to act on (deleteContent on a
	// member).
	ErrNoAuthor = action.Errorf(http.StatusBadRequest, "report.error.noContent")
	// ErrBadCursor is returned for a cursor that is not an id.
	ErrBadCursor = action.BadField("after")
	// ErrBadStatus is returned for a queue status other than open or resolved.
	ErrBadStatus = action.BadField("status")
	// ErrBadAction is returned for a resolution other than dismiss,
	// deleteContent, warn or ban.
	ErrBadAction = action.BadField("action")
)
