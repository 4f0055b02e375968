package action

import (
	"errors"
	"fmt"
	"net/http"
	"time"
	"unicode/utf8"

	"souk/persistence"
)

// Error is an error the client sees: an HTTP status and an i18n message key,
// translated into the request's language by the transport.
type Error struct {
	// Status is the HTTP status of the reply.
	Status int
	// Key is the i18n key of the message, e.g. "common.login.error.requiredPassword".
	Key string
	// Args fill the message's {{placeholders}}.
	Args map[string]any
}

func (e *Error) Error() string {
	if len(e.Args) == 0 {
		return fmt.Sprintf("%d %s", e.Status, e.Key)
	}
	return fmt.Sprintf("%d %s %v", e.Status, e.Key, e.Args)
}

// Errorf builds an *Error with the given status, key and placeholder pairs
// ("field", "title", ...).
func Errorf(status int, key string, pairs ...any) *Error {
	e := &Error{Status: status, Key: key}
	if len(pairs) > 0 {
		e.Args = make(map[string]any, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			e.Args[fmt.Sprint(pairs[i])] = pairs[i+1]
		}
	}
	return e
}

// The errors shared by every action; features define their own beside their handlers.
var (
	// ErrUnauthorized is returned when a guest calls an action for members.
	ErrUnauthorized = &Error{Status: http.StatusUnauthorized, Key: "common.error.unauthorized"}
	// ErrForbidden is returned when the viewer lacks the right to act.
	ErrForbidden = &Error{Status: http.StatusForbidden, Key: "common.error.forbidden"}
	// ErrInternal is what the client sees of any error that is not an *Error.
	ErrInternal = &Error{Status: http.StatusInternalServerError, Key: "common.error.internal"}
	// ErrUnavailable is what the client sees of a dependency failure (the
	// database or a grain could not answer in time, see
	// persistence.IsUnavailable): retry the same request after retryAfterMs.
	ErrUnavailable = Unavailable("common.error.unavailable")
)

// DefaultRetryAfter is the wait an unavailable refusal suggests: about how
// long a node takes to notice the database is back.
const DefaultRetryAfter = time.Second

// Unavailable is a 503 refusal with key that the client should retry after
// DefaultRetryAfter (its retryAfterMs): a feature's own unavailable code.
func Unavailable(key string) *Error {
	return Errorf(http.StatusServiceUnavailable, key, "retryAfterMs", DefaultRetryAfter.Milliseconds())
}

// RetryAfter is how long the client of a refusal should wait before sending
// again: its retryAfterMs, or DefaultRetryAfter for any other 503; zero
// when it says nothing and is not a 503.
func (e *Error) RetryAfter() time.Duration {
	if ms, ok := e.Args["retryAfterMs"].(int64); ok && ms > 0 {
		return time.Duration(ms) * time.Millisecond
	}
	if e.Status == http.StatusServiceUnavailable {
		return DefaultRetryAfter
	}
	return 0
}

// MaxNameLength bounds an action name as a refusal or a log line repeats
// it: no registered name is longer, and a caller's input is not echoed whole.
const MaxNameLength = 64

// UnknownAction is returned for an action name nothing registered; a name
// longer than MaxNameLength is cut there.
func UnknownAction(name string) *Error {
	return Errorf(http.StatusNotFound, "common.error.unknownAction", "action", Truncate(name, MaxNameLength))
}

// Truncate is s cut to at most n bytes on a character boundary, with "…"
// when something was cut.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// BadField is returned when a field of data is missing, malformed or of the wrong type.
func BadField(field string) *Error {
	return Errorf(http.StatusBadRequest, "common.error.badField", "field", field)
}

// Required is returned when a required field is empty.
func Required(field string) *Error {
	return Errorf(http.StatusBadRequest, "common.error.required", "field", field)
}

// PageNotFound is returned when a path resolves to no page.
func PageNotFound(path string) *Error {
	return Errorf(http.StatusNotFound, "common.error.pageNotFound", "path", path)
}

// AsError returns err as an *Error, mapping a dependency failure
// (persistence.IsUnavailable) to ErrUnavailable and anything else to
// ErrInternal.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	if persistence.IsUnavailable(err) {
		return ErrUnavailable
	}
	return ErrInternal
}
