package actors

import (
	"fmt"
	"time"
)

// Error is a command a grain refused, with the i18n key the client shows.
// Compare with errors.Is against the Err values below.
type Error struct {
	// Key is the i18n message key, e.g. "chat.error.tooLong".
	Key string
	// RetryAfter is how long to wait before sending again (ErrThrottled).
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if e.RetryAfter > 0 {
		return fmt.Sprintf("actors: %s (retry after %s)", e.Key, e.RetryAfter)
	}
	return "actors: " + e.Key
}

// Unavailable reports whether the refusal is ErrUnavailable: the grain or
// its database could not answer in time (persistence.IsUnavailable reads it).
func (e *Error) Unavailable() bool { return e.Key == ErrUnavailable.Key }

// Is matches errors with the same Key.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Key == e.Key
}

var (
	// ErrThrottled is returned when a member sends again within SendInterval.
	ErrThrottled = &Error{Key: "chat.error.throttled"}
	// ErrNotFound is returned when a deletion targets no standing message of the room.
	ErrNotFound = &Error{Key: "chat.error.notFound"}
	// ErrForbidden is returned when a member who is not an admin deletes another's message.
	ErrForbidden = &Error{Key: "chat.error.forbidden"}
	// ErrBadRoom is returned for a room name that is not 1-64 letters, digits, '-' or '_'.
	ErrBadRoom = &Error{Key: "chat.error.badRoom"}
	// ErrUnavailable is returned when the grain could not be reached or
	// could not reach the database in time; the command may be retried with
	// the same idempotency key.
	ErrUnavailable = &Error{Key: "chat.error.unavailable"}
)

var errorsByKey = map[string]*Error{}

func init() {
	for _, e := range []*Error{ErrThrottled, ErrNotFound, ErrForbidden, ErrBadRoom, ErrUnavailable} {
		errorsByKey[e.Key] = e
	}
}

// replyError turns a reply's error key back into an *Error.
func replyError(r *ChatReply) error {
	if r.GetError() == "" {
		return nil
	}
	e, ok := errorsByKey[r.GetError()]
	if !ok {
		e = ErrUnavailable
	}
	if r.GetRetryAfterMs() > 0 {
		return &Error{Key: e.Key, RetryAfter: time.Duration(r.GetRetryAfterMs()) * time.Millisecond}
	}
	return e
}
