package mail

import (
	"bufio"
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/mail"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeSMTP accepts one message without TLS or authentication and hands
// over the commands, then the message, it received.
func fakeSMTP(t *testing.T) (addr string, received <-chan [2][]string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	out := make(chan [2][]string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		r := bufio.NewReader(conn)
		write := func(s string) { _, _ = conn.Write([]byte(s + "\r\n")) }
		var lines, data []string
		write("220 fake ESMTP")
		inData := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if inData {
				if line == "." {
					inData = false
					write("250 queued")
					continue
				}
				data = append(data, line)
				continue
			}
			lines = append(lines, line)
			switch cmd := strings.ToUpper(strings.SplitN(line, " ", 2)[0]); cmd {
			case "EHLO", "HELO":
				write("250 fake")
			case "DATA":
				inData = true
				write("354 go on")
			case "QUIT":
				write("221 bye")
				out <- [2][]string{lines, data}
				return
			default:
				write("250 ok")
			}
		}
	}()
	return ln.Addr().String(), out
}

func TestSMTPSender(t *testing.T) {
	t.Parallel()
	addr, received := fakeSMTP(t)
	s, err := NewSMTPSender(SMTPConfig{Addr: addr, From: "Souk <no-reply@souk.example>"})
	require.NoError(t, err)
	require.NoError(t, s.Send(context.Background(), Message{To: "ana@souk.dev", Channel: ChannelEmail, Lang: "es", Code: "123456", Action: MessageReset}))
	got := <-received
	commands := strings.Join(got[0], "\n")
	assert.Contains(t, commands, "MAIL FROM:<no-reply@souk.example>")
	assert.Contains(t, commands, "RCPT TO:<ana@souk.dev>")
	msg, err := mail.ReadMessage(strings.NewReader(strings.Join(got[1], "\r\n")))
	require.NoError(t, err)
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	require.NoError(t, err)
	assert.Equal(t, "Tu código para restablecer la contraseña", subject)
	body, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, msg.Body))
	require.NoError(t, err)
	assert.Contains(t, string(body), "123456")

	dead, err := NewSMTPSender(SMTPConfig{Addr: "127.0.0.1:1", From: "a@b.example"})
	require.NoError(t, err)
	assert.Error(t, dead.Send(context.Background(), Message{To: "ana@souk.dev"}))
}

func TestSMTPConfigValidate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cfg   SMTPConfig
		field string
	}{
		{SMTPConfig{}, ""},
		{SMTPConfig{Addr: "smtp.example.com:587", From: "Souk <no-reply@souk.example>", User: "u", Password: "p"}, ""},
		{SMTPConfig{From: "a@b.example"}, "addr"},
		{SMTPConfig{Addr: "smtp.example.com", From: "a@b.example"}, "addr"},
		{SMTPConfig{Addr: "smtp.example.com:99999", From: "a@b.example"}, "addr"},
		{SMTPConfig{Addr: "smtp.example.com:587"}, "from"},
		{SMTPConfig{Addr: "smtp.example.com:587", From: "not an address"}, "from"},
		{SMTPConfig{Addr: "smtp.example.com:587", From: "a@b.example", User: "u"}, "user"},
		{SMTPConfig{Addr: "smtp.example.com:587", From: "a@b.example", Password: "p"}, "password"},
	} {
		err := tt.cfg.Validate()
		if tt.field == "" {
			assert.NoError(t, err)
			continue
		}
		var fe *SMTPFieldError
		require.ErrorAs(t, err, &fe)
		assert.Equal(t, tt.field, fe.Field)
	}
}

func TestMessagesAndOutbox(t *testing.T) {
	t.Parallel()
	for _, act := range []string{MessageSignup, MessageReset, MessageAccountExists} {
		for _, lang := range []string{"zh-hans", "en", "es"} {
			subject, body := messageText(Message{Action: act, Lang: lang, Code: "654321"})
			assert.NotEmpty(t, subject)
			assert.Equal(t, act != MessageAccountExists, strings.Contains(body, "654321"), act+" "+lang)
		}
	}
	_, body := messageText(Message{Action: MessageSignup, Lang: "fr", Code: "1"})
	assert.Contains(t, body, "验证码", "unknown languages fall back to zh-hans")

	o := &DevOutbox{Logger: slog.New(slog.DiscardHandler)}
	for i := range devOutboxSize + 5 {
		require.NoError(t, o.Send(context.Background(), Message{To: "a", Code: string(rune('0' + i%10))}))
	}
	require.NoError(t, o.Send(context.Background(), Message{To: "b", Code: "x"}))
	assert.Len(t, o.Messages(), devOutboxSize)
	last, ok := o.Last("a")
	assert.True(t, ok)
	assert.Equal(t, "4", last.Code)
	_, ok = o.Last("c")
	assert.False(t, ok)
}
