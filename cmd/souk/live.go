package main

import (
	"souk/app/community"
	"souk/app/content"
	"souk/transport/realtime"
)

// The live pages' events go over the cluster's bus to the sockets that
// watch them, on every node.
var (
	_ community.LivePublisher = (*realtime.LiveBus)(nil)
	_ content.LivePublisher   = (*realtime.LiveBus)(nil)
)

// livePublisher is the publisher of the live pages' events, or nil (none
// sent) when the registry is only described.
func (d deps) livePublisher() community.LivePublisher {
	if d.live == nil {
		return nil
	}
	return d.live
}
