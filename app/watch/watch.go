// Package watch is the websocket's watch and unwatch commands: a member's
// socket follows the live channels of the pages on screen (see
// souk/app/internal/live for the channels and their events), and any
// socket, a guest's too, the site channel (the published layout). A watch
// creates nothing that lasts: the transport subscribes the connection
// while it is open (souk/transport/realtime), and bounds how many
// channels one connection watches, a guest's as a member's.
package watch

import (
	"context"

	"souk/app/action"
	"souk/app/internal/live"
)

// ChannelInput names a channel.
type ChannelInput struct {
	Channel string `json:"channel" doc:"node:<id>, topic:<id>, article:<id>, product:<id> (databaseIds), feed or site"`
}

// Validate accepts the channels' names only.
func (in *ChannelInput) Validate() error {
	if !live.Valid(in.Channel) {
		return action.BadField("channel")
	}
	return nil
}

// allowed refuses a guest every channel but the site's: the pages' live
// events are for members.
func allowed(ctx context.Context, channel string) error {
	if channel != live.Site && action.RequestFrom(ctx).Viewer.IsGuest() {
		return action.ErrUnauthorized
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
		Summary: "Watches a page's live channel (node:<id>, topic:<id>, article:<id>, product:<id> or feed; members only) or the " +
			"site's (site; guests too): its events come as live frames while the socket is open. At most 16 channels per socket. " +
			"Answered with watch.",
		// Public for the site channel; allowed refuses guests the others.
		Access: action.Public,
		Socket: true,
	}, func(ctx context.Context, in ChannelInput) (Watching, error) {
		if err := allowed(ctx, in.Channel); err != nil {
			return Watching{}, err
		}
		return Watching(in), nil
	})
	action.Register(r, action.Spec{
		Name:    "unwatch",
		Summary: "Stops watching a live channel (guests: site only). Answered with unwatch.",
		Access:  action.Public,
		Socket:  true,
	}, func(ctx context.Context, in ChannelInput) (Unwatched, error) {
		if err := allowed(ctx, in.Channel); err != nil {
			return Unwatched{}, err
		}
		return Unwatched(in), nil
	})
}
