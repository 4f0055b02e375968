package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTPConfig configures the SMTP email sender (--smtp-* flags).
type SMTPConfig struct {
	// Addr is the server's host:port; empty means no email sending.
	Addr string
	// From is the sender address, e.g. "Souk <no-reply@souk.example>".
	From string
	// User and Password authenticate (PLAIN, only over TLS or to
	// localhost); empty User means no authentication.
	User, Password string
}

// SMTPFieldError names the SMTPConfig field that is wrong.
type SMTPFieldError struct {
	// Field is addr, from, user or password (the flag --smtp-<field>).
	Field string
	// Want says what a right value looks like.
	Want string
}

func (e *SMTPFieldError) Error() string { return "smtp " + e.Field + ": " + e.Want }

// Validate checks the configuration; the error is an *SMTPFieldError.
func (c SMTPConfig) Validate() error {
	if c.Addr == "" {
		if c.From != "" || c.User != "" || c.Password != "" {
			return &SMTPFieldError{"addr", "set the mail server's host:port too, or no --smtp-* flag"}
		}
		return nil
	}
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil || host == "" || port == "" {
		return &SMTPFieldError{"addr", "want host:port, e.g. smtp.example.com:587"}
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return &SMTPFieldError{"addr", "the port must be a number from 1 to 65535"}
	}
	if c.From == "" {
		return &SMTPFieldError{"from", "required with --smtp-addr, e.g. Souk <no-reply@souk.example>"}
	}
	if _, err := mail.ParseAddress(c.From); err != nil {
		return &SMTPFieldError{"from", "want an email address, e.g. Souk <no-reply@souk.example>"}
	}
	if c.User != "" && c.Password == "" {
		return &SMTPFieldError{"user", "set --smtp-password too, or neither"}
	}
	if c.User == "" && c.Password != "" {
		return &SMTPFieldError{"password", "set --smtp-user too, or neither"}
	}
	return nil
}

// smtpTimeout bounds one delivery when the context has no earlier deadline.
const smtpTimeout = 30 * time.Second

// SMTPSender sends messages and emails through an SMTP server, upgrading
// to TLS when the server offers STARTTLS and authenticating with PLAIN
// (only over TLS, or to localhost). It is safe for concurrent use: each
// email opens its own connection.
type SMTPSender struct {
	from string // the From header, as configured
	host string
	opts []gomail.Option // port, TLS and authentication
}

var (
	_ Sender = (*SMTPSender)(nil)
	_ Mailer = (*SMTPSender)(nil)
)

// NewSMTPSender returns a sender for a configuration that passes Validate.
func NewSMTPSender(cfg SMTPConfig) (*SMTPSender, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Addr == "" {
		return nil, errors.New("smtp: no server address")
	}
	host, portText, _ := net.SplitHostPort(cfg.Addr)
	port, _ := strconv.Atoi(portText)
	tlsConfig := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	opts := []gomail.Option{gomail.WithPort(port), gomail.WithTLSPolicy(gomail.TLSOpportunistic),
		gomail.WithTLSConfig(tlsConfig), gomail.WithTimeout(smtpTimeout)}
	if cfg.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(cfg.User),
			gomail.WithPassword(cfg.Password))
	}
	return &SMTPSender{from: cfg.From, host: host, opts: opts}, nil
}

// Send delivers m as a plain-text email.
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	subject, body := messageText(m)
	return s.SendEmail(ctx, Email{To: m.To, Subject: subject, Text: body})
}

// SendEmail delivers e: its text body, with its HTML alternative when it
// has one, and its extra headers.
func (s *SMTPSender) SendEmail(ctx context.Context, e Email) error {
	if err := s.send(ctx, e); err != nil {
		return fmt.Errorf("smtp: send to %s: %w", e.To, err)
	}
	return nil
}

func (s *SMTPSender) send(ctx context.Context, e Email) error {
	msg, err := compose(s.from, e)
	if err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, smtpTimeout)
		defer cancel()
	}
	client, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return err
	}
	return client.DialAndSendWithContext(ctx, msg)
}

// compose builds the message of e from from: UTF-8 text (quoted-printable,
// intact through servers without 8BITMIME), an HTML alternative, a date and
// a Message-ID.
func compose(from string, e Email) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent(), gomail.WithEncoding(gomail.EncodingQP))
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("from: %w", err)
	}
	if err := msg.To(e.To); err != nil {
		return nil, fmt.Errorf("to: %w", err)
	}
	msg.Subject(e.Subject)
	msg.SetDate()
	msg.SetMessageID()
	for name, value := range e.Headers {
		msg.SetGenHeader(gomail.Header(name), value)
	}
	msg.SetBodyString(gomail.TypeTextPlain, e.Text)
	if e.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, e.HTML)
	}
	return msg, nil
}
