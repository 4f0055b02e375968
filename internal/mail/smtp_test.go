package mail

import (
	"context"
	"log/slog"
	"mime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/internal/mail/mailtest"
)

func TestSMTPSender(t *testing.T) {
	t.Parallel()
	server := mailtest.NewServer(t)
	s, err := NewSMTPSender(SMTPConfig{Addr: server.Addr, From: "Souk <no-reply@souk.example>"})
	require.NoError(t, err)
	require.NoError(t, s.Send(context.Background(), Message{To: "ana@souk.dev", Channel: ChannelEmail, Lang: "es", Code: "123456", Action: MessageReset}))
	got := server.To("ana@souk.dev")
	require.Len(t, got, 1)
	commands := strings.Join(got[0].Commands, "\n")
	assert.Contains(t, commands, "MAIL FROM:<no-reply@souk.example>")
	assert.Contains(t, commands, "RCPT TO:<ana@souk.dev>")
	msg, err := got[0].Message()
	require.NoError(t, err)
	assert.NotEmpty(t, msg.Header.Get("Message-Id"))
	assert.NotEmpty(t, msg.Header.Get("Date"))
	assert.Empty(t, msg.Header.Get("User-Agent"), "the library does not name itself")
	subject, text, html, err := got[0].Bodies()
	require.NoError(t, err)
	assert.Equal(t, "Tu código para restablecer la contraseña", subject)
	assert.Contains(t, text, "123456")
	assert.Contains(t, text, "Tu código", "UTF-8 survives")
	assert.Empty(t, html, "a code is text only")

	dead, err := NewSMTPSender(SMTPConfig{Addr: "127.0.0.1:1", From: "a@b.example"})
	require.NoError(t, err)
	assert.Error(t, dead.Send(context.Background(), Message{To: "ana@souk.dev"}))
}

// TestSMTPSenderEmail sends an email with an HTML alternative and the
// List-Unsubscribe header: a multipart/alternative message whose parts
// decode to the two bodies.
func TestSMTPSenderEmail(t *testing.T) {
	t.Parallel()
	server := mailtest.NewServer(t)
	s, err := NewSMTPSender(SMTPConfig{Addr: server.Addr, From: "Souk <no-reply@souk.example>"})
	require.NoError(t, err)
	unsubscribe := "<https://souk.example/unsubscribe?t=" + strings.Repeat("0123456789", 10) + ">"
	require.NoError(t, s.SendEmail(context.Background(), Email{To: "ana@souk.dev", Subject: "Nuevo mensaje de Ñandú",
		Text: "Hola, Ana", HTML: "<p>Hola, <b>Ana</b></p>", Headers: map[string]string{"List-Unsubscribe": unsubscribe}}))
	got := server.To("ana@souk.dev")
	require.Len(t, got, 1)
	msg, err := got[0].Message()
	require.NoError(t, err)
	assert.Equal(t, unsubscribe, strings.TrimSpace(msg.Header.Get("List-Unsubscribe")), "a long header is folded, not broken")
	mediaType, _, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	require.NoError(t, err)
	assert.Equal(t, "multipart/alternative", mediaType)
	subject, text, html, err := got[0].Bodies()
	require.NoError(t, err)
	assert.Equal(t, "Nuevo mensaje de Ñandú", subject)
	assert.Equal(t, "Hola, Ana", text)
	assert.Equal(t, "<p>Hola, <b>Ana</b></p>", html)

	assert.Error(t, s.SendEmail(context.Background(), Email{To: "not an address"}), "a bad recipient is refused before dialing")
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
	require.NoError(t, o.SendEmail(context.Background(), Email{To: "a", Subject: "s"}))
	assert.Equal(t, []Email{{To: "a", Subject: "s"}}, o.Emails())
}
