package persistence

import "errors"

var (
	// ErrNotFound is returned when the row asked for does not exist.
	ErrNotFound = errors.New("persistence: not found")
	// ErrConflict is returned when a change would break a unique constraint,
	// such as a second user with the same slug, email or phone.
	ErrConflict = errors.New("persistence: conflict")
)
