package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"time"
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

// SMTPSender sends messages by email through an SMTP server, upgrading to
// TLS when the server offers STARTTLS. It is safe for concurrent use: each
// message opens its own connection.
type SMTPSender struct {
	cfg  SMTPConfig
	from *mail.Address
	host string
	// tls configures STARTTLS; tests trust their own server.
	tls *tls.Config
}

var _ Sender = (*SMTPSender)(nil)

// NewSMTPSender returns a sender for a configuration that passed Validate.
func NewSMTPSender(cfg SMTPConfig) (*SMTPSender, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Addr == "" {
		return nil, errors.New("smtp: no server address")
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("smtp: from: %w", err)
	}
	host, _, _ := net.SplitHostPort(cfg.Addr)
	return &SMTPSender{cfg: cfg, from: from, host: host, tls: &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}}, nil
}

// Send delivers m as a plain-text email.
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	if err := s.send(ctx, m); err != nil {
		return fmt.Errorf("smtp: send to %s: %w", m.To, err)
	}
	return nil
}

func (s *SMTPSender) send(ctx context.Context, m Message) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, smtpTimeout)
		defer cancel()
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.cfg.Addr)
	if err != nil {
		return err
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		_ = conn.Close()
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(s.tls); err != nil {
			return err
		}
	}
	if s.cfg.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.User, s.cfg.Password, s.host)); err != nil {
			return err
		}
	}
	if err := c.Mail(s.from.Address); err != nil {
		return err
	}
	if err := c.Rcpt(m.To); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(s.compose(m)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// compose renders the message: headers with an RFC 2047 encoded subject,
// and a UTF-8 plain-text body.
func (s *SMTPSender) compose(m Message) []byte {
	subject, body := messageText(m)
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\n", s.from.String())
	fmt.Fprintf(&b, "To: %s\r\n", m.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", subject))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().UTC().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), s.host)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	// Base64 keeps the UTF-8 text intact through servers without 8BITMIME.
	encoded := base64.StdEncoding.EncodeToString([]byte(body))
	for len(encoded) > 76 {
		b.WriteString(encoded[:76] + "\r\n")
		encoded = encoded[76:]
	}
	b.WriteString(encoded + "\r\n")
	return b.Bytes()
}
