package builder

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"souk/app/action"
)

// The builder's refusals besides the layout document's (see
// souk/app/internal/layout).
var (
	// ErrForbidden is returned to a member without canBuilder.
	ErrForbidden = &action.Error{Status: http.StatusForbidden, Key: "builder.error.forbidden"}
	// ErrVersionNotFound is returned for a version that was never published.
	ErrVersionNotFound = &action.Error{Status: http.StatusNotFound, Key: "builder.error.versionNotFound"}
)

// errStale is the refusal of a write over a draft revision that changed;
// revision is the draft's current one.
func errStale(revision int64) *action.Error {
	return action.Errorf(http.StatusConflict, "builder.error.stale", "revision", revision)
}

// errRateLimited asks to wait before writing again.
func errRateLimited(wait time.Duration) *action.Error {
	return action.Errorf(http.StatusTooManyRequests, "common.error.rateLimited",
		"retryAfterMs", int64(math.Ceil(float64(wait)/float64(time.Millisecond))))
}

func formatID(id int64) string { return strconv.FormatInt(id, 10) }
