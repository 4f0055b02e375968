// Package httpapi is the HTTP side of the server: the POST /api/request
// envelope that calls the action registry, the REST endpoints of SPEC.md §7,
// health, readiness and metrics, and the middleware every request passes
// (request id, structured log line, metrics, panic recovery).
//
// It knows protocols only: what an action does lives in app/.
package httpapi
