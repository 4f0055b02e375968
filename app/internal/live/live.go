// Package live names the live page channels and their events, and sends
// them for the features that change what the pages show (souk/app/community
// and souk/app/content). Members' sockets watch channels (the watch command,
// souk/app/watch); the transport fans each event out to the watchers on
// every node (souk/transport/realtime LiveBus).
//
// Channels: "node:<id>" (a node's topic list), "topic:<id>" (a topic's
// page: its answers, the comments on it and on its answers, likes, votes,
// bounty), "article:<id>" (its comments and likes), "product:<id>" (a shop
// product's stock), "feed" (new topics site-wide) and "site" (the published
// layout's version, which guests may watch too); ids are databaseIds.
//
// An event is seen by every watcher alike: its items are the actions' views
// built for a guest (isLiked false, voted -1), and the content of gated
// topics and articles is never in one.
package live

import (
	"context"
	"log/slog"
	"regexp"
	"strconv"

	"souk/app/action"
)

// Feed is the channel of new topics site-wide.
const Feed = "feed"

// Site is the channel of the site's published layout: every open page,
// a guest's too, watches it and reloads its layout on a Layout event.
const Site = "site"

// The events of the channels.
const (
	// TopicCreated: a topic was posted (node:, feed).
	TopicCreated = "topic_created"
	// TopicDeleted: a topic was deleted (node:, topic:, feed).
	TopicDeleted = "topic_deleted"
	// AnswerCreated: a topic was answered (topic:).
	AnswerCreated = "answer_created"
	// CommentCreated: a comment was posted (article:, topic:).
	CommentCreated = "comment_created"
	// VoteTally: a vote's tallies changed (topic:).
	VoteTally = "vote_tally"
	// LikeCount: a target's likes changed (article:, topic:).
	LikeCount = "like_count"
	// BountyChanged: a bounty was awarded or refunded (topic:).
	BountyChanged = "bounty_changed"
	// Deleted: an answer or a comment was deleted (article:, topic:).
	Deleted = "deleted"
	// Stock: a product's stock changed (product:).
	Stock = "stock"
	// Layout: a layout was published or rolled back (site:); its data is
	// {version}.
	Layout = "layout"
)

// Node is the channel of a node's topic list.
func Node(id int64) string { return "node:" + strconv.FormatInt(id, 10) }

// Topic is the channel of a topic's page.
func Topic(id int64) string { return "topic:" + strconv.FormatInt(id, 10) }

// Article is the channel of an article's page.
func Article(id int64) string { return "article:" + strconv.FormatInt(id, 10) }

// Product is the channel of a shop product's page.
func Product(id int64) string { return "product:" + strconv.FormatInt(id, 10) }

var channelName = regexp.MustCompile(`^(?:(?:node|topic|article|product):[1-9][0-9]{0,18}|feed|site)$`)

// Valid reports whether channel is a channel's name.
func Valid(channel string) bool { return channelName.MatchString(channel) }

// Publisher sends an event to the watchers of a channel on every node;
// souk/transport/realtime's LiveBus is one.
type Publisher interface {
	Publish(ctx context.Context, channel, event string, data any) error
}

// Sender sends the events of a feature. Its zero value sends nothing.
type Sender struct {
	// Publisher sends the events; nil sends none.
	Publisher Publisher
	// Log receives the failures; nil is slog.Default().
	Log *slog.Logger
}

// Enabled reports whether events are sent: a feature builds an event's
// data only then.
func (s Sender) Enabled() bool { return s.Publisher != nil }

// Send publishes event on each channel. A failure is only logged: the
// change the event tells of is done, and the pages catch up on their next
// load.
func (s Sender) Send(ctx context.Context, event string, data any, channels ...string) {
	if s.Publisher == nil {
		return
	}
	for _, channel := range channels {
		if err := s.Publisher.Publish(ctx, channel, event, data); err != nil {
			log := s.Log
			if log == nil {
				log = slog.Default()
			}
			log.WarnContext(ctx, "live event not sent", "channel", channel, "event", event, "error", err)
		}
	}
}

// AsGuest is ctx with its request's viewer removed: the views an event
// carries are built for a guest, so that no watcher sees what the viewer
// who caused it sees (gated content, their own vote or like).
func AsGuest(ctx context.Context) context.Context {
	req := action.RequestFrom(ctx)
	return action.WithRequest(ctx, &action.Request{Action: req.Action, Lang: req.Lang, Currency: req.Currency,
		RequestID: req.RequestID})
}
