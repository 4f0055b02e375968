package push

import (
	"context"

	"souk/app/action"
)

// DevicesInput is empty.
type DevicesInput struct{}

// DevicesReply is the reply of push.devices.
type DevicesReply struct {
	Devices []Device `json:"devices" doc:"at most 20, the most recently subscribed first"`
}

// Devices answers push.devices.
func (s *Service) Devices(ctx context.Context, _ DevicesInput) (DevicesReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	subs, err := s.db.Push().List(ctx, viewer.UserID)
	if err != nil {
		return DevicesReply{}, err
	}
	reply := DevicesReply{Devices: make([]Device, 0, len(subs))}
	for _, sub := range subs {
		reply.Devices = append(reply.Devices, deviceOf(sub))
	}
	return reply, nil
}
