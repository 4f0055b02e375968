package main

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSMTPFlags(t *testing.T) {
	t.Setenv("SOUK_SMTP_PASSWORD", "hunter2")
	c, err := parseConfig("serve", []string{"--smtp-addr", "smtp.souk.example:587", "--smtp-from", "Souk <no-reply@souk.example>", "--smtp-user", "mailer"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "smtp.souk.example:587", c.SMTP.Addr)
	require.Equal(t, "hunter2", c.SMTP.Password)
	sender, err := emailSender(c)
	require.NoError(t, err)
	require.NotNil(t, sender)

	for args, want := range map[string][]string{
		`invalid value "smtp.souk.example" for --smtp-addr (env SOUK_SMTP_ADDR): want host:port`: {"--smtp-addr", "smtp.souk.example", "--smtp-from", "a@souk.example"},
		`invalid value "" for --smtp-from (env SOUK_SMTP_FROM): required with --smtp-addr`:       {"--smtp-addr", "smtp.souk.example:25"},
		`invalid value "nobody" for --smtp-from`:                                                 {"--smtp-addr", "smtp.souk.example:25", "--smtp-from", "nobody"},
		`invalid value "mailer" for --smtp-user (env SOUK_SMTP_USER): set --smtp-password too`:   {"--smtp-addr", "smtp.souk.example:25", "--smtp-from", "a@souk.example", "--smtp-user", "mailer", "--smtp-password", ""},
	} {
		_, err := parseConfig("serve", want, io.Discard)
		require.ErrorContains(t, err, args)
	}
	t.Setenv("SOUK_SMTP_PASSWORD", "")
	_, err = parseConfig("serve", []string{"--smtp-from", "a@souk.example"}, io.Discard)
	require.ErrorContains(t, err, "for --smtp-addr")
	c, err = parseConfig("serve", nil, io.Discard)
	require.NoError(t, err)
	sender, err = emailSender(c)
	require.NoError(t, err)
	require.Nil(t, sender, "no mail server by default")
}
