package mail

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
)

// Channel is how a message reaches its target.
type Channel string

// Channels.
const (
	ChannelEmail Channel = "email"
	ChannelSMS   Channel = "sms"
)

// Actions of a Message: what the text says.
const (
	// MessageSignup carries a code to create an account.
	MessageSignup = "signup"
	// MessageReset carries a code to reset a password.
	MessageReset = "reset"
	// MessageAccountExists tells the owner that someone tried to sign up
	// with their address; it carries no code.
	MessageAccountExists = "accountExists"
)

// Message is a verification message to send.
type Message struct {
	// To is an email address or an E.164 phone number.
	To      string
	Channel Channel
	// Lang is the language to write in: zh-hans, en or es.
	Lang string
	// Code is the 6-digit code; "" for MessageAccountExists.
	Code string
	// Action is MessageSignup, MessageReset or MessageAccountExists.
	Action string
}

// Sender delivers messages on one channel.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Email is one email to one address.
type Email struct {
	To      string
	Subject string
	// Text is the plain-text body; HTML, when not "", its HTML alternative.
	Text, HTML string
	// Headers are extra headers (List-Unsubscribe, List-Unsubscribe-Post);
	// nil adds none.
	Headers map[string]string
}

// Mailer delivers emails.
type Mailer interface {
	SendEmail(ctx context.Context, e Email) error
}

// SMSProvider is a text-message gateway. No provider ships with Souk: an
// operator plugs one in through SMSSender.
type SMSProvider interface {
	SendSMS(ctx context.Context, to, text string) error
}

// SMSSender sends messages through an SMS provider, in the message's language.
type SMSSender struct {
	Provider SMSProvider
}

var _ Sender = SMSSender{}

// Send writes m as a text message.
func (s SMSSender) Send(ctx context.Context, m Message) error {
	_, body := messageText(m)
	if err := s.Provider.SendSMS(ctx, m.To, body); err != nil {
		return fmt.Errorf("sms: send to %s: %w", m.To, err)
	}
	return nil
}

// devOutboxSize is how many messages a DevOutbox keeps.
const devOutboxSize = 100

// DevOutbox is the sender of demo mode (--dev): it logs each message with
// its code, and each email with its subject, and keeps the last ones in
// memory, where tests read them. It is safe for concurrent use.
type DevOutbox struct {
	// Logger receives the messages; nil means slog.Default(). Set it
	// before the first Send.
	Logger *slog.Logger

	mu       sync.Mutex
	messages []Message // oldest first, at most devOutboxSize; guarded by mu
	emails   []Email   // oldest first, at most devOutboxSize; guarded by mu
}

var (
	_ Sender = (*DevOutbox)(nil)
	_ Mailer = (*DevOutbox)(nil)
)

// NewDevOutbox returns an empty outbox.
func NewDevOutbox() *DevOutbox { return &DevOutbox{} }

func (o *DevOutbox) log() *slog.Logger {
	if o.Logger == nil {
		return slog.Default()
	}
	return o.Logger
}

// keep appends v to list, dropping the oldest past devOutboxSize.
func keep[T any](list []T, v T) []T {
	list = append(list, v)
	if len(list) > devOutboxSize {
		list = append([]T(nil), list[len(list)-devOutboxSize:]...)
	}
	return list
}

// Send logs and keeps m.
func (o *DevOutbox) Send(ctx context.Context, m Message) error {
	o.log().InfoContext(ctx, "dev outbox: message not sent", "to", m.To, "channel", m.Channel,
		"action", m.Action, "code", m.Code, "lang", m.Lang)
	o.mu.Lock()
	defer o.mu.Unlock()
	o.messages = keep(o.messages, m)
	return nil
}

// SendEmail logs and keeps e.
func (o *DevOutbox) SendEmail(ctx context.Context, e Email) error {
	o.log().InfoContext(ctx, "dev outbox: email not sent", "to", e.To, "subject", e.Subject)
	o.mu.Lock()
	defer o.mu.Unlock()
	o.emails = keep(o.emails, e)
	return nil
}

// Emails returns every kept email, oldest first.
func (o *DevOutbox) Emails() []Email {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Email(nil), o.emails...)
}

// Last returns the newest message to to, if any.
func (o *DevOutbox) Last(to string) (Message, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for i := len(o.messages) - 1; i >= 0; i-- {
		if o.messages[i].To == to {
			return o.messages[i], true
		}
	}
	return Message{}, false
}

// Messages returns every kept message, oldest first.
func (o *DevOutbox) Messages() []Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Message(nil), o.messages...)
}
