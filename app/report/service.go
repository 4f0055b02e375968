// Package report holds the members' reports and their moderation: a
// member reports another member, a chat message, a private message they
// received or a media item, with a reason from the site's report types and
// up to four screenshots of their own; every administrator gets a report
// notification (stored in their inbox and pushed live) and a report_queue
// event, and resolves the report from the queue: dismiss it, delete the
// content, warn its author or ban them.
//
// The content is deleted by the feature that owns it (chat, messages,
// media) and a ban's sessions are ended by auth, each through an interface
// of this package wired in cmd/souk: no feature imports another.
package report

import (
	"context"
	"log/slog"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Limits of a report (SPEC.md §9: 4 screenshots).
const (
	MaxContentRunes = 2000
	MaxImages       = 4
	MaxNoteRunes    = 500
	// MaxPerHour is how many reports a member makes in an hour.
	MaxPerHour = 10
	// DefaultPage and MaxPage bound a page of the queue.
	DefaultPage = 20
	MaxPage     = 50
	// excerptRunes bounds the reported text kept with a report.
	excerptRunes = 200
	// deliverTimeout bounds the delivery of one queue event.
	deliverTimeout = 5 * time.Second
)

// Notifier builds the inbox event of a notification and pushes stored
// events to the members' connections (souk/app/notify implements it).
type Notifier interface {
	// NotificationWrite is the inbox event of n, for the store to append in
	// the transaction that creates n; from is its author, nil for the site.
	NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite
	// Push delivers stored inbox events live; a failure is only logged.
	Push(ctx context.Context, events []persistence.InboxEvent)
}

// Deliverer routes a live event to a member's connections; *actors.Sessions is one.
type Deliverer interface {
	Deliver(ctx context.Context, userID int64, idemKey, action string, data []byte) (int, error)
}

var _ Deliverer = (*actors.Sessions)(nil)

// ChatMessages deletes a chat message for an administrator, through its
// room (souk/app/chat); a message already gone is no error.
type ChatMessages interface {
	DeleteAsModerator(ctx context.Context, adminID, id int64) error
}

// ContentDeleter deletes a private message or a media item whoever it is
// of (souk/app/messages, souk/app/media); one already gone is no error.
type ContentDeleter interface {
	DeleteAsModerator(ctx context.Context, id int64) error
}

// Sessions ends every session of a member on every node (souk/app/auth's
// Sessions).
type Sessions interface {
	EndAll(ctx context.Context, userID int64) error
}

// Config wires a Service. The deleters and Sessions are nil only in a
// registry that is described, never run.
type Config struct {
	DB     *persistence.DB
	Notify Notifier
	// Live delivers the report_queue events to the administrators'
	// sessions; nil sends none.
	Live            Deliverer
	Chat            ChatMessages
	PrivateMessages ContentDeleter
	Media           ContentDeleter
	Sessions        Sessions
	// Now is the clock of the rate limit; nil is time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// Service answers the report actions. It is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	notify   Notifier
	live     Deliverer
	chat     ChatMessages
	messages ContentDeleter
	media    ContentDeleter
	sessions Sessions
	now      func() time.Time
	log      *slog.Logger
}

// New returns the report service.
func New(cfg Config) *Service {
	s := &Service{db: cfg.DB, notify: cfg.Notify, live: cfg.Live, chat: cfg.Chat, messages: cfg.PrivateMessages,
		media: cfg.Media, sessions: cfg.Sessions, now: cfg.Now, log: cfg.Logger}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}

// Register adds the report actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "mutates.createReport",
		Summary: "Reports a member, a chat message, a private message the viewer received or a media item, with a reason " +
			"from the site's report types in the request's language and up to 4 of the viewer's own images; one open " +
			"report per thing, 10 an hour. Every administrator gets a report notification and a report_queue event.",
		Access: action.Member,
	}, s.CreateReport)
	action.Register(r, action.Spec{
		Name:    "admin.reports",
		Summary: "A page of the moderation queue: the open reports (or the resolved ones), the oldest first.",
		Access:  action.Admin,
	}, s.Reports)
	action.Register(r, action.Spec{
		Name: "admin.resolveReport",
		Summary: "Resolves an open report: dismiss it, delete the reported content, warn its author (a notification) or " +
			"ban them (their sessions end, sign-in is refused). The report leaves every administrator's queue (report_queue).",
		Access: action.Admin,
	}, s.ResolveReport)
}
