package push

import (
	"net/http"

	"souk/app/action"
)

// Errors the push actions return.
var (
	// ErrBadEndpoint is returned for an endpoint that is not an https URL
	// of at most MaxEndpointBytes.
	ErrBadEndpoint = action.Errorf(http.StatusBadRequest, "push.error.endpoint")
	// ErrPrivateEndpoint is returned for an endpoint on a loopback, private
	// or link-local address.
	ErrPrivateEndpoint = action.Errorf(http.StatusBadRequest, "push.error.privateEndpoint")
	// ErrBadKeys is returned when p256dh is not a P-256 public key or auth
	// not a 16-byte secret (base64url).
	ErrBadKeys = action.Errorf(http.StatusBadRequest, "push.error.keys")
	// ErrNotFound is returned for an endpoint that is not one of the
	// viewer's devices.
	ErrNotFound = action.Errorf(http.StatusNotFound, "push.error.notFound")
)
