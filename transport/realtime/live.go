package realtime

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"souk/app/action"
	"souk/cluster"
	"souk/transport/ws"
)

// Live page channels (the watch and unwatch commands, souk/app/watch): a
// member's connection watches the channels of the pages on screen, any
// connection (a guest's too) the site's, and each event a feature publishes on a channel (LiveBus.Publish) comes to
// it as a live frame {channel, event, data}. An event crosses the cluster
// once, on the channel's NATS subject, pre-encoded: a node subscribes the
// subject while it has a connection watching the channel, and writes the
// frame as it is to each of them. Nothing is stored: an event published
// while nobody watches is gone, and a page loads its state through the
// actions before it watches.

// MaxWatched is how many channels one connection may watch at once, a
// guest's as a member's.
const MaxWatched = 16

// EventLive is the action of the frames of the live channels.
const EventLive = "live"

// errTooManyChannels refuses a watch beyond MaxWatched.
var errTooManyChannels = action.Errorf(http.StatusTooManyRequests, "live.error.tooManyChannels", "max", MaxWatched)

// LiveFrame is the data of a live frame.
type LiveFrame struct {
	Channel string `json:"channel" doc:"node:<id>, topic:<id>, article:<id>, product:<id>, feed or site"`
	Event   string `json:"event" doc:"topic_created, topic_deleted, answer_created, comment_created, vote_tally, like_count, bounty_changed, deleted, viewing (topic:<id>: {count} members watch the page) stock (product:<id>: {productId, variants [{id, stock}]}), layout (site: {version}, a layout was published) or settings (site: {version}, an operator saved the site settings)"`
	Data    any    `json:"data" doc:"the event's data (webui/src/api/live.ts types them)"`
}

// LiveBus carries the live channels' events between the nodes over the
// cluster's bus. It is safe for concurrent use.
type LiveBus struct {
	bus *cluster.Bus
}

// NewLiveBus returns the live channels over bus.
func NewLiveBus(bus *cluster.Bus) *LiveBus { return &LiveBus{bus: bus} }

// Publish sends event with data to every connection watching channel, on
// every node: the frame is encoded here, once.
func (l *LiveBus) Publish(_ context.Context, channel, event string, data any) error {
	subject, err := l.subject(channel)
	if err != nil {
		return err
	}
	frame, err := ws.Encode(EventLive, LiveFrame{Channel: channel, Event: event, Data: data})
	if err != nil {
		return err
	}
	return l.bus.Publish(subject, frame)
}

// subscribe calls fn with each frame published on channel, on one
// goroutine; the returned function unsubscribes.
func (l *LiveBus) subscribe(channel string, fn func(frame []byte)) (func(), error) {
	subject, err := l.subject(channel)
	if err != nil {
		return nil, err
	}
	return l.bus.Subscribe(subject, fn)
}

// subject is the NATS subject of a channel: "<prefix>.live.node.42" for
// node:42, "<prefix>.live.feed" for feed.
func (l *LiveBus) subject(channel string) (string, error) {
	kind, id, _ := strings.Cut(channel, ":")
	if !subjectToken(kind) || (id != "" && !subjectToken(id)) {
		return "", fmt.Errorf("realtime: live channel %q is not a subject", channel)
	}
	if id == "" {
		return l.bus.Subject("live", kind), nil
	}
	return l.bus.Subject("live", kind, id), nil
}

// subjectToken reports whether s can be one token of a NATS subject.
func subjectToken(s string) bool {
	return s != "" && !strings.ContainsAny(s, ".*> \t\r\n")
}

// liveWatch is a command's reply that watches (or stops watching) a
// channel on the connection: souk/app/watch's replies are.
type liveWatch interface {
	LiveWatch() (channel string, watch bool)
}

// liveHub is this node's end of the live channels: which connections
// watch which channel (its groups), and the subjects subscribed for them.
type liveHub struct {
	bus    *LiveBus // nil: no live channels on this node
	groups *ws.Groups
	log    *slog.Logger
	// presence counts the topic pages' watchers; nil without a bus.
	presence *presence

	mu   sync.Mutex
	subs map[string]func() // guarded by mu: the unsubscribe of each channel with watchers here
}

func newLiveHub(h *Realtime) *liveHub {
	l := &liveHub{bus: h.cfg.Live, groups: ws.NewGroups(), log: h.log, subs: make(map[string]func())}
	if l.bus != nil {
		every := h.cfg.PresenceEvery
		if every <= 0 {
			every = DefaultPresenceEvery
		}
		l.presence = newPresence(l.bus, l.groups, h.log, time.Now, every)
	}
	return l
}

// add makes c a watcher of channel, subscribing its subject for the
// node's first.
func (l *liveHub) add(channel string, c *ws.Conn) error {
	if l.bus == nil {
		return errUnavailable
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.subs[channel] == nil {
		unsub, err := l.bus.subscribe(channel, func(frame []byte) { l.groups.Broadcast(channel, frame) })
		if err != nil {
			l.log.Warn("realtime: subscribe to live channel", "channel", channel, "error", err)
			return errUnavailable
		}
		l.subs[channel] = unsub
	}
	l.groups.Add(channel, c)
	return nil
}

// remove takes c off channel, unsubscribing after the node's last watcher.
func (l *liveHub) remove(channel string, c *ws.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.groups.Remove(channel, c) {
		l.unsubscribe(channel)
	}
}

// removeAll takes c off every channel (its connection closed).
func (l *liveHub) removeAll(c *ws.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, channel := range l.groups.RemoveAll(c) {
		l.unsubscribe(channel)
	}
}

// unsubscribe drops channel's subscription. l.mu must be held.
func (l *liveHub) unsubscribe(channel string) {
	if unsub := l.subs[channel]; unsub != nil {
		unsub()
		delete(l.subs, channel)
	}
}

// subscribed is how many channels the node subscribes now.
func (l *liveHub) subscribed() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.subs)
}

// applyWatch watches or unwatches a channel on the connection as a
// command's reply says; a connection watches at most MaxWatched.
func (h *Realtime) applyWatch(c *ws.Conn, st *connState, w liveWatch) error {
	channel, watch := w.LiveWatch()
	switch {
	case !watch:
		if st.watched[channel] {
			delete(st.watched, channel)
			h.live.remove(channel, c)
			h.live.left(channel, st)
		}
		return nil
	case st.watched[channel]:
		return nil
	case len(st.watched) >= MaxWatched:
		return errTooManyChannels
	}
	if err := h.live.add(channel, c); err != nil {
		return err
	}
	st.watched[channel] = true
	h.live.joined(channel, st)
	return nil
}

// joined counts the connection of st among the watchers of channel (a
// topic page's presence).
func (l *liveHub) joined(channel string, st *connState) {
	if l.presence != nil && st.user != nil {
		l.presence.join(channel, st.user.ID)
	}
}

// left uncounts the connection of st from the watchers of channel.
func (l *liveHub) left(channel string, st *connState) {
	if l.presence != nil && st.user != nil {
		l.presence.leave(channel, st.user.ID)
	}
}
