// Package ticket is the members' support tickets: a member opens one
// (subject, category, first message, attachments from their media
// library), the staff (administrators) answer in its thread, either side
// closes it. Every reply and close is a live session event to the owner
// and to every administrator, and a staff answer also a stored
// notification to the owner.
package ticket

import (
	"context"
	"log/slog"
	"souk/app/internal/support"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Bounds of the tickets' input.
const (
	// MaxOpen is how many tickets a member may have that are not closed.
	MaxOpen = support.MaxOpen
	// MaxSubject is the longest subject, in characters.
	MaxSubject = 120
	// MaxMessage is the longest message, in characters.
	MaxMessage = 4000
	// MaxAttachments is the most attachments a message has.
	MaxAttachments = 5
	// maxStaff bounds the administrators a live event goes to.
	maxStaff = 50
	// pageSize is a page of tickets; threadPage a page of messages.
	pageSize   = 20
	threadPage = 50
	// excerptRunes is the length of a ticket's lastMessage.
	excerptRunes = 120
)

// Categories of a ticket.
var Categories = []string{"order", "payment", "account", "content", "other"}

// EventTicket is the session event of a ticket's change.
const EventTicket = "ticket"

// TypeTicket is the type (kind) of the stored notification of a staff answer.
const TypeTicket = "ticket"

// Events describes the live events this package sends, for the client's
// generated wire types (souk tstypes).
var Events = []action.Event{
	action.EventOf[TicketEvent](EventTicket, "A ticket was opened, answered, replied to or closed: update its "+
		"list entry and, when its thread is open, append the message. Sent to the owner and to every administrator."),
}

// TicketEvent is the data of EventTicket.
type TicketEvent struct {
	Ticket  TicketView     `json:"ticket" doc:"the ticket after the change"`
	Message *TicketMessage `json:"message,omitempty" doc:"the new message; absent on a close"`
}

// Deliverer routes a live event to a member's connections; *actors.Sessions is one.
type Deliverer interface {
	Deliver(ctx context.Context, userID int64, idemKey, action string, data []byte) (int, error)
}

var _ Deliverer = (*actors.Sessions)(nil)

// Notifier writes and delivers stored notifications; the notify service is one.
type Notifier interface {
	// NotificationWrite is the inbox event of n, for the store to append in
	// the transaction that creates n; from is its author, nil for the site.
	NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite
	// Push delivers stored inbox events live; a failure is only logged.
	Push(ctx context.Context, events []persistence.InboxEvent)
}

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Sessions delivers the ticket events; nil sends none.
	Sessions Deliverer
	// Notify stores and delivers the notifications of staff answers; nil sends none.
	Notify Notifier
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Logger receives the failures of events; nil is slog.Default().
	Logger *slog.Logger
}

// Service answers the ticket actions. It is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	sessions Deliverer
	notify   Notifier
	now      func() time.Time
	log      *slog.Logger
}

// New returns the ticket service.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Service{db: cfg.DB, sessions: cfg.Sessions, notify: cfg.Notify, now: cfg.Now, log: cfg.Logger}
}

// Register adds the ticket actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "ticket.create",
		Summary: "Opens a support ticket with its first message (at most 5 open tickets a member); the same " +
			"clientId again answers the ticket opened the first time.",
		Access: action.Member,
	}, s.Create)
	action.Register(r, action.Spec{
		Name: "ticket.list",
		Summary: "A page of tickets, most recently updated first: the viewer's, or everyone's (scope all, " +
			"administrators only); status open, answered or closed filters.",
		Access: action.Member,
	}, s.List)
	action.Register(r, action.Spec{
		Name: "ticket.thread",
		Summary: "A ticket with a page of its messages, oldest first (after, an endCursor): the owner's or, for " +
			"an administrator, any; the owner reading it marks it read.",
		Access: action.Member,
	}, s.Thread)
	action.Register(r, action.Spec{
		Name: "ticket.reply",
		Summary: "Adds a message to a ticket that is not closed (the owner, or staff: an administrator's answer " +
			"marks it answered, the owner's open again); idempotent by clientId.",
		Access: action.Member,
	}, s.Reply)
	action.Register(r, action.Spec{
		Name:    "ticket.close",
		Summary: "Closes a ticket (its owner, or an administrator); closing it again changes nothing.",
		Access:  action.Member,
	}, s.Close)
}
