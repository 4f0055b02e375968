package push

import (
	"context"
	"errors"
	"strings"

	"souk/app/action"
	"souk/persistence"
)

// UnsubscribeInput names one of the viewer's browsers.
type UnsubscribeInput struct {
	Endpoint string `json:"endpoint" doc:"the browser's push endpoint, as subscribed"`
}

// Validate checks what needs no database.
func (in *UnsubscribeInput) Validate() error {
	in.Endpoint = strings.TrimSpace(in.Endpoint)
	switch {
	case in.Endpoint == "":
		return action.Required("endpoint")
	case len(in.Endpoint) > MaxEndpointBytes:
		return ErrBadEndpoint
	}
	return nil
}

// UnsubscribeReply is the reply of push.unsubscribe.
type UnsubscribeReply struct {
	Removed bool `json:"removed" doc:"always true: the device receives no more pushes"`
}

// Unsubscribe answers push.unsubscribe.
func (s *Service) Unsubscribe(ctx context.Context, in UnsubscribeInput) (UnsubscribeReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	err := s.db.Push().Unsubscribe(ctx, viewer.UserID, in.Endpoint)
	if errors.Is(err, persistence.ErrNotFound) {
		return UnsubscribeReply{}, ErrNotFound
	}
	if err != nil {
		return UnsubscribeReply{}, err
	}
	return UnsubscribeReply{Removed: true}, nil
}
