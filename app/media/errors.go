package media

import (
	"errors"
	"net/http"

	"souk/actors"
	"souk/app/action"
	"souk/internal/filecheck"
)

// Errors the media actions and uploads return. Refusals that name a
// number carry it as a placeholder ({{max}}, {{count}}, {{size}}).
var (
	// ErrUploadNotFound is returned for an upload id the member has no job (or item) of.
	ErrUploadNotFound = action.Errorf(http.StatusNotFound, "media.error.uploadNotFound")
	// ErrChunkMismatch is returned when a chunk's fileSize or totalChunks differ from its upload's.
	ErrChunkMismatch = action.Errorf(http.StatusBadRequest, "media.error.chunkMismatch")
	// ErrChunkIndex is returned for a chunk index outside 0..totalChunks-1.
	ErrChunkIndex = action.Errorf(http.StatusBadRequest, "media.error.chunkIndex")
	// ErrChunkSize is returned when a chunk is not as long as its place in the file says
	// (every chunk is 1 MiB but the last): the file is larger or smaller than declared.
	ErrChunkSize = action.Errorf(http.StatusBadRequest, "media.error.chunkSize")
	// ErrNotAccepted is returned for a file of a type no accept list names.
	ErrNotAccepted = action.Errorf(http.StatusUnsupportedMediaType, "media.error.notAccepted")
	// ErrSVGScript is returned for an SVG that could run script.
	ErrSVGScript = action.Errorf(http.StatusUnsupportedMediaType, "media.error.svgScript")
	// ErrCorrupt is returned for an image that does not decode.
	ErrCorrupt = action.Errorf(http.StatusUnprocessableEntity, "media.error.corrupt")
	// ErrTooManyUploads is returned when a member has MaxOpenUploads unfinished uploads.
	ErrTooManyUploads = action.Errorf(http.StatusTooManyRequests, "media.error.tooManyUploads", "max", MaxOpenUploads)
	// ErrNotFound is returned when a media item asked for does not exist.
	ErrNotFound = action.Errorf(http.StatusNotFound, "media.error.notFound")
	// ErrForbidden is returned when a member deletes another's media.
	ErrForbidden = action.Errorf(http.StatusForbidden, "media.error.forbidden")
	// ErrUnavailable is returned when the upload's job could not be reached; send the chunk again.
	ErrUnavailable = action.Errorf(http.StatusServiceUnavailable, "media.error.unavailable")
)

// errNoRight is returned when the member may not upload the type.
func errNoRight(mediaType string) *action.Error {
	return action.Errorf(http.StatusForbidden, "media.error.noRight", "type", mediaType)
}

// errDailyLimit is returned when the member uploaded max of the type today.
func errDailyLimit(mediaType string, max int64) *action.Error {
	return action.Errorf(http.StatusForbidden, "media.error.dailyLimit", "type", mediaType, "count", max, "max", max)
}

// errTooLarge is returned for a file over the member's limit of the type.
func errTooLarge(mediaType string, maxBytes int64) *action.Error {
	return action.Errorf(http.StatusRequestEntityTooLarge, "media.error.tooLarge", "type", mediaType, "size", maxBytes>>20)
}

// errImageSize is returned for an image wider or taller than filecheck.MaxImageSide.
func errImageSize() *action.Error {
	return action.Errorf(http.StatusUnprocessableEntity, "media.error.imageSize", "max", filecheck.MaxImageSide)
}

// uploadError turns an upload job's refusal into the client's error.
func uploadError(err error) error {
	var ue *actors.UploadError
	if !errors.As(err, &ue) {
		if errors.Is(err, actors.ErrUnavailable) {
			return ErrUnavailable
		}
		return err
	}
	mediaType := ue.Type
	switch ue.Key {
	case "media.error." + filecheck.ReasonTooLarge:
		return errTooLarge(mediaType, ue.Limit)
	case "media.error." + filecheck.ReasonImageSize:
		return errImageSize()
	case "media.error." + filecheck.ReasonNoRight:
		return errNoRight(mediaType)
	case "media.error.dailyLimit":
		return errDailyLimit(mediaType, ue.Limit)
	}
	for _, e := range []*action.Error{ErrUploadNotFound, ErrChunkMismatch, ErrChunkIndex, ErrChunkSize, ErrNotAccepted,
		ErrSVGScript, ErrCorrupt, ErrUnavailable} {
		if e.Key == ue.Key {
			return e
		}
	}
	return ErrUnavailable
}
