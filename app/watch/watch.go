// Package watch is the websocket's watch and unwatch commands: a member's
// socket follows the live channels of the pages on screen (see
// souk/app/internal/live for the channels and their events). A watch
// creates nothing that lasts: the transport subscribes the connection
// while it is open (souk/transport/realtime), and bounds how many
// channels one connection watches.
package watch

import (
	"context"

	"souk/app/action"
	"souk/app/internal/live"
)

// ChannelInput names a channel.
type ChannelInput struct {
	Channel string `json:"channel" doc:"node:<id>, topic:<id>, article:<id>, product:<id> (databaseIds) or feed"`
}

// Validate accepts the channels' names only.
func (in *ChannelInput) Validate() error {
	if !live.Valid(in.Channel) {
		return action.BadField("channel")
	}
	return nil
}

// Watching is the reply of watch: the connection receives the channel's
// events as live frames from now on.
type Watching struct {
	Channel string `json:"channel"`
}

// LiveWatch tells the transport to subscribe the connection to the channel.
func (w Watching) LiveWatch() (channel string, watch bool) { return w.Channel, true }

// Unwatched is the reply of unwatch: no more of the channel's events.
type Unwatched struct {
	Channel string `json:"channel"`
}

// LiveWatch tells the transport to unsubscribe the connection.
func (u Unwatched) LiveWatch() (channel string, watch bool) { return u.Channel, false }

// Register adds the watch and unwatch commands to r.
func Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "watch",
		Summary: "Watches a page's live channel (node:<id>, topic:<id>, article:<id>, product:<id> or feed): its events come as live " +
			"frames while the socket is open. At most 16 channels per socket. Answered with watch.",
		Access: action.Member,
		Socket: true,
	}, func(_ context.Context, in ChannelInput) (Watching, error) {
		return Watching(in), nil
	})
	action.Register(r, action.Spec{
		Name:    "unwatch",
		Summary: "Stops watching a live channel. Answered with unwatch.",
		Access:  action.Member,
		Socket:  true,
	}, func(_ context.Context, in ChannelInput) (Unwatched, error) {
		return Unwatched(in), nil
	})
}
