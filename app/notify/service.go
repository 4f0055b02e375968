// Package notify holds the notifications and the members' live events: it
// stores notifications, answers the notification actions, and pushes every
// event of a member's inbox (souk/persistence) to the member's connections
// through their user session grain (souk/actors). The other features
// (messages, follow) take the Service as their notifier (wired in
// cmd/souk): they store their events with the inbox writes it builds and
// hand the stored events to Push.
//
// An event is in the database before it is pushed: a member with no open
// connection loses nothing, and a reconnecting client reads what it missed
// by sequence number (see souk/transport/realtime).
package notify

import (
	"context"
	"log/slog"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/app/internal/notifypref"
	"souk/persistence"
)

// Notification types (the type field; SPEC.md §3 Notification).
const (
	TypeReport         = "report"
	TypeFollow         = "follow"
	TypePrivateMessage = "private_message"
	TypeMention        = "mention"
	TypeSystem         = "system"
	TypeOrder          = "order"
	TypeWallet         = "wallet"
)

// Websocket actions of the inbox events.
const (
	// EventNotification carries a new notification.
	EventNotification = "notification"
	// EventUnread carries the counters after the member read something.
	EventUnread = "unread"
)

// deliverTimeout bounds the delivery of one event to a member's session.
const deliverTimeout = 5 * time.Second

// Deliverer routes an event to a member's connections; *actors.Sessions is one.
type Deliverer interface {
	Deliver(ctx context.Context, userID int64, idemKey, action string, data []byte) (int, error)
}

var _ Deliverer = (*actors.Sessions)(nil)

// Prefs reads a member's notification preferences; *notifypref.Store is one.
type Prefs interface {
	Get(ctx context.Context, userID int64) (notifypref.Prefs, error)
}

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Prefs, when set, makes the notifications a member turned off in the
	// site arrive already read (stored, listed, but not counted or shown
	// as new); nil: every notification arrives unread.
	Prefs Prefs
	// Sessions delivers events live; nil stores them only (clients read
	// them when they reconnect).
	Sessions Deliverer
	// Logger receives delivery failures; nil means slog.Default().
	Logger *slog.Logger
	// Now is the clock the inbox janitor prunes by; nil means time.Now.
	Now func() time.Time
	// After is how the inbox janitor waits between rounds, as time.After
	// does (the default when nil); tests start the rounds themselves.
	After func(time.Duration) <-chan time.Time
}

// Service answers the notification actions and pushes inbox events. It
// is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	sessions Deliverer
	prefs    Prefs
	log      *slog.Logger
	now      func() time.Time
	after    func(time.Duration) <-chan time.Time
	lanes    lanes
}

// New returns the notify service.
func New(cfg Config) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.After == nil {
		cfg.After = time.After
	}
	return &Service{db: cfg.DB, sessions: cfg.Sessions, prefs: cfg.Prefs, log: cfg.Logger, now: cfg.Now, after: cfg.After}
}

// Register adds the notification actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "utils.getNotifications",
		Summary: "A page of the viewer's notifications, oldest to newest within the page. Without a cursor the newest page; " +
			"before (a startCursor) pages back to older ones, after (an endCursor) forward to newer ones.",
		Access: action.Member,
	}, s.GetNotifications)
	action.Register(r, action.Spec{
		Name: "utils.readNotification",
		Summary: "Marks one of the viewer's notifications read (id), or all of them (all: true). When anything changed, an unread " +
			"event with the new counters goes to every connection of the viewer.",
		Access: action.Member,
	}, s.ReadNotification)
	action.Register(r, action.Spec{
		Name:    "utils.getUnreadCounts",
		Summary: "The viewer's unread private messages and notifications, counted in the store, with the inbox sequence number to resume the websocket from.",
		Access:  action.Member,
	}, s.GetUnreadCounts)
	action.Register(r, action.Spec{
		Name: "admin.sendNotification",
		Summary: "Sends a system announcement to a member: stored, then pushed live as a notification event. clientId makes a " +
			"retry send nothing more.",
		Access: action.Admin,
	}, s.SendNotification)
}

// Push delivers stored inbox events to their members' connections: in
// the background while RunDelivery runs, else before it returns. A failure
// is logged, not returned: the event is stored, and the member's clients
// read it when they next catch up.
func (s *Service) Push(ctx context.Context, events []persistence.InboxEvent) {
	if s.sessions == nil || len(events) == 0 || s.enqueue(events) {
		return
	}
	for _, e := range events {
		s.deliver(ctx, e)
	}
}

// UnreadNotifications counts the member's unread notifications in the
// store (the viewer's gqNotification).
func (s *Service) UnreadNotifications(ctx context.Context, userID int64) (int, error) {
	c, err := s.db.Inbox().Counts(ctx, userID, 0)
	if err != nil {
		return 0, err
	}
	return c.Notifications, nil
}
