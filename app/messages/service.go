// Package messages holds the private messages between members: sending,
// a conversation's pages, the recents list with unread counts, reading,
// the sender's deletion, and the block list that stops messages between
// two members.
//
// Every change is stored with its inbox events (souk/persistence) in one
// transaction, and then pushed live through the members' session grains
// (souk/app/notify): the recipient's connections and the sender's other
// ones get private_message, both parties get delete_private_message, and
// the reader's connections get unread. Counters are always counted in the
// store.
package messages

import (
	"context"
	"log/slog"
	"time"

	"souk/app/action"
	"souk/app/internal/ratelimit"
	"souk/persistence"
)

// Limits (SPEC.md §9).
const (
	// MaxContentRunes is the longest message, in characters.
	MaxContentRunes = 2000
	// DefaultPage is the size of conversation and recents pages.
	DefaultPage = 20
	// MaxPage bounds a page asked for with first.
	MaxPage = 50
	// Capability is what userCan must hold to send.
	Capability = "directMessages"
)

// Websocket actions of the inbox events this package writes.
const (
	// EventMessage carries a new private message.
	EventMessage = "private_message"
	// EventDelete carries the deletion of a private message.
	EventDelete = "delete_private_message"
)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Notify builds the unread events and pushes the stored events live
	// (souk/app/notify implements it).
	Notify Notifier
	// Growth awards the growth points of a message sent; nil awards none.
	Growth Growth
	// Logger receives what fails after a message was stored; nil means slog.Default().
	Logger *slog.Logger
}

// Growth awards members growth points (souk/app/account's Awards implements it).
type Growth interface {
	// Award gives userID the points of reason within the day's cap. It
	// may write them after it returns (account.Awards batches them), and
	// handles its own failures: the message that earned them is sent.
	Award(userID int64, reason string)
}

// GrowthReason is the growth reason of a private message sent
// (account.GrowthPrivateMessage).
const GrowthReason = "privateMessage"

// Notifier builds a member's unread event and pushes stored inbox events
// to the members' connections.
type Notifier interface {
	// UnreadWrite is the unread event a member gets after reading; peer,
	// when not 0, adds the conversation with peer.
	UnreadWrite(userID, peer int64) persistence.InboxWrite
	// Push delivers stored inbox events live; a failure is only logged.
	Push(ctx context.Context, events []persistence.InboxEvent)
}

// Service answers the private message actions. It is safe for concurrent use.
type Service struct {
	db     *persistence.DB
	notify Notifier
	sends  *ratelimit.Keyed // per sender
	now    func() time.Time
	growth Growth // nil awards none
	log    *slog.Logger
}

// Sending limit per member, in each node's memory: sendBurst messages at
// once, then one every sendEvery. A person writing fast stays well within
// it; a script flooding someone's inbox does not.
const (
	sendBurst = 20
	sendEvery = 500 * time.Millisecond
)

// New returns the messages service.
func New(cfg Config) *Service {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Service{db: cfg.DB, notify: cfg.Notify, sends: ratelimit.New(sendEvery, sendBurst), now: time.Now,
		growth: cfg.Growth, log: log}
}

// Register adds the private message actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "mutates.sendMessage",
		Summary: "Sends a private message (needs the directMessages capability; plain text with line breaks, up to 2000 characters, " +
			"empty only with an image; image is a media id of an image the sender owns, else 400 messages.error.image). " +
			"The recipient's connections and the sender's other ones get a " +
			"private_message event. clientId makes a retry return the first message and send nothing more. " +
			"A member sends at most 20 messages at once, then one every 0.5 s (429 message.error.throttled with seconds).",
		Access: action.Member,
	}, s.SendMessage)
	action.Register(r, action.Spec{
		Name: "utils.getPrivateMessage",
		Summary: "A page of the viewer's conversation with toId, newest first; after (an endCursor) pages to older messages. " +
			"markRead: true marks the conversation read first, as mutates.readPrivateMessages does.",
		Access: action.Member,
	}, s.GetPrivateMessage)
	action.Register(r, action.Spec{
		Name:    "utils.getPrivateMessageUsers",
		Summary: "The viewer's recents list: one entry per conversation with its last message and unread count, the most recent first; after pages on.",
		Access:  action.Member,
	}, s.GetPrivateMessageUsers)
	action.Register(r, action.Spec{
		Name:    "mutates.readPrivateMessages",
		Summary: "Marks the viewer's conversation with toId read; when anything changed, an unread event with the new counters goes to every connection of the viewer.",
		Access:  action.Member,
	}, s.ReadPrivateMessages)
	action.Register(r, action.Spec{
		Name:    "mutates.deletePrivateMessage",
		Summary: "Deletes a private message; only its sender may. Both parties' connections get a delete_private_message event. Deleting twice is harmless.",
		Access:  action.Member,
	}, s.DeletePrivateMessage)
	action.Register(r, action.Spec{
		Name:    "mutates.blockUser",
		Summary: "Blocks (block: true) or unblocks a member: no private message passes between a member and someone either of them blocked. Repeating it is harmless.",
		Access:  action.Member,
	}, s.BlockUser)
}
