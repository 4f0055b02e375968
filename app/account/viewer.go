// Package account holds members' accounts: credentials, the viewer and the
// profile.
package account

import (
	"context"
	"encoding/json"

	"souk/app/action"
)

// Service answers the account actions.
type Service struct{}

// New returns the account service.
func New() *Service { return &Service{} }

// Register adds the account actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "auth.viewer",
		Summary: "The signed-in member (SPEC.md §3 Viewer); null for a guest.",
		Access:  action.Public,
	}, s.Viewer)
}

// ViewerReply is the reply of auth.viewer.
type ViewerReply struct {
	Viewer json.RawMessage `json:"viewer" doc:"the Viewer object, or null for a guest"`
}

// Viewer answers the caller's viewer. Until sign-in exists every caller is
// a guest, whose viewer is empty.
func (s *Service) Viewer(ctx context.Context, _ struct{}) (ViewerReply, error) {
	if action.RequestFrom(ctx).Viewer.IsGuest() {
		return ViewerReply{Viewer: json.RawMessage("null")}, nil
	}
	return ViewerReply{}, action.ErrUnauthorized
}
