package search

import (
	"net/http"

	"souk/app/action"
)

// Errors the search actions return.
var (
	// ErrKeyTooLong is returned for a key of more than MaxKeyRunes characters.
	ErrKeyTooLong = action.Errorf(http.StatusBadRequest, "common.search.error.keyTooLong", "max", MaxKeyRunes)
	// ErrRateLimited is returned when a caller searches too often.
	ErrRateLimited = action.Errorf(http.StatusTooManyRequests, "common.error.rateLimited")
)
