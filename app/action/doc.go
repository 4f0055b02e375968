// Package action is the registry of the actions the client calls through
// POST /api/request: typed handlers, the request context they run in, the
// typed errors they return, and a self-description from which the API
// reference is generated.
//
// It imports nothing of ours, so every feature package can register its
// actions without knowing about HTTP, websockets or the database.
package action
