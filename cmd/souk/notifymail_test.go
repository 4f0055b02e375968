package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/internal/mail"
	"souk/internal/mail/mailtest"
)

// prefsCacheTTL is longer than a node keeps a member's notification
// preferences (notifypref.Store): a change made on another node is seen
// after it.
const prefsCacheTTL = 11 * time.Second

// TestNotifyEmailCluster is issue 22's email test, on a 3-node cluster
// sharing PostgreSQL with the test's mail server on loopback: a private
// message to a member whose site is closed is emailed once after the
// delay, whichever nodes poll; a message read before the delay is not;
// the email's unsubscribe link works without signing in and a forged one
// is refused.
func TestNotifyEmailCluster(t *testing.T) {
	dataDir, dbURL := postgresClusterStore(t)
	smtp := mailtest.NewServer(t)
	const delay = 3 * time.Second
	nodes := startNodes(t, 3, dataDir, dbURL, "--trust-proxy", "--secret", "notify-email-cluster-secret-0123456789",
		"--smtp-addr", smtp.Addr, "--smtp-from", "Souk <no-reply@souk.test>", "--notify-email-delay", delay.String(),
		"--public-url", "https://souk.test", "--metrics-token", pushMetricsToken)
	// login signs as in on base and returns the client, the address and
	// the databaseId.
	login := func(base string, as role) (*http.Client, string, string) {
		client := newClient(t)
		l := demoLogin(as)
		res := shopCall(t, client, base, "auth.login", map[string]any{"provider": "PASSWORD", "username": l.Email, "password": l.Password})
		require.Equal(t, http.StatusOK, res.status, "sign in %s: %s", l.Email, res)
		var viewer struct {
			Viewer struct {
				DatabaseID string `json:"databaseId"`
			} `json:"viewer"`
		}
		res = shopCall(t, client, base, "auth.viewer", nil)
		require.Equal(t, http.StatusOK, res.status, "%s", res)
		require.NoError(t, json.Unmarshal(res.body, &viewer))
		require.NotEmpty(t, viewer.Viewer.DatabaseID)
		return client, l.Email, viewer.Viewer.DatabaseID
	}
	vip, _, vipID := login(nodes[0].base, asVIP)
	member, address, memberID := login(nodes[2].base, asMember)

	res := shopCall(t, vip, nodes[0].base, "mutates.sendMessage", map[string]any{"to_id": memberID, "content": "Are you there? <b>email</b>"})
	require.Equal(t, http.StatusOK, res.status, "%s", res)
	sent := time.Now()
	require.Eventually(t, func() bool { return len(smtp.To(address)) == 1 }, delay+20*time.Second, 50*time.Millisecond,
		"the unread message is emailed")
	took := time.Since(sent)
	assert.GreaterOrEqual(t, took, delay-500*time.Millisecond, "not before the delay")
	never(t, func() bool { return len(smtp.To(address)) > 1 }, 2*delay, "emailed once across the nodes")
	email := smtp.To(address)[0]
	msg, err := email.Message()
	require.NoError(t, err)
	subject, text, html, err := email.Bodies()
	require.NoError(t, err)
	assert.Contains(t, subject, "私信", "no device: the default language")
	assert.Contains(t, text, "Are you there? <b>email</b>")
	assert.Contains(t, html, "Are you there? &lt;b&gt;email&lt;/b&gt;")
	assert.Contains(t, text, "https://souk.test/messages/")
	t.Logf("emailed %s after the message", took.Round(time.Millisecond))
	var counted []string
	for _, n := range nodes {
		counted = append(counted, (&authzFixture{t: t, base: n.base}).metric("souk_email_sent_total"))
	}
	assert.ElementsMatch(t, []string{"1", "0", "0"}, counted, "one node counts the email in /metrics")

	// Read before the delay: no email.
	res = shopCall(t, vip, nodes[0].base, "mutates.sendMessage", map[string]any{"to_id": memberID, "content": "read me soon"})
	require.Equal(t, http.StatusOK, res.status, "%s", res)
	res = shopCall(t, member, nodes[1].base, "mutates.readPrivateMessages", map[string]any{"toId": vipID})
	require.Equal(t, http.StatusOK, res.status, "%s", res)
	never(t, func() bool { return len(smtp.To(address)) > 1 }, 2*delay+3*time.Second, "a message read in time is not emailed")

	// The unsubscribe link, without signing in, on any node.
	link, err := url.Parse(strings.Trim(strings.TrimSpace(msg.Header.Get("List-Unsubscribe")), "<>"))
	require.NoError(t, err)
	assert.Equal(t, "https://souk.test/unsubscribe", link.Scheme+"://"+link.Host+link.Path)
	assert.Contains(t, text, link.String())
	token := link.Query().Get("t")
	guest := newClient(t)
	res = shopCall(t, guest, nodes[1].base, "notify.unsubscribe", map[string]any{"token": token})
	require.Equal(t, http.StatusOK, res.status, "%s", res)
	assert.JSONEq(t, `{"kind":"messages","email":"`+address[:1]+`***@`+address[strings.Index(address, "@")+1:]+`"}`, string(res.body))
	res = shopCall(t, guest, nodes[2].base, "notify.unsubscribe", map[string]any{"token": token})
	require.Equal(t, http.StatusOK, res.status, "idempotent: %s", res)
	forged := strings.Replace(token, ".messages.", ".all.", 1)
	res = shopCall(t, guest, nodes[0].base, "notify.unsubscribe", map[string]any{"token": forged})
	assert.Equal(t, http.StatusBadRequest, res.status, "%s", res)
	assert.Equal(t, "notify.unsubscribe.error.badLink", res.code)

	// Unsubscribed from messages: once the nodes' copies of the member's
	// preferences are stale no more, the next message is not emailed.
	never(t, func() bool { return len(smtp.To(address)) > 1 }, prefsCacheTTL, "nothing else is emailed")
	res = shopCall(t, vip, nodes[0].base, "mutates.sendMessage", map[string]any{"to_id": memberID, "content": "still there?"})
	require.Equal(t, http.StatusOK, res.status, "%s", res)
	never(t, func() bool { return len(smtp.To(address)) > 1 }, 2*delay+3*time.Second, "unsubscribed: no email")
}

func TestNotifyEmailFlags(t *testing.T) {
	c, err := parseConfig("serve", []string{"--notify-email-delay", "90s"}, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, 90*time.Second, c.NotifyEmailDelay)
	c, err = parseConfig("serve", nil, io.Discard)
	require.NoError(t, err)
	assert.Zero(t, c.NotifyEmailDelay, "the operators' delay by default")
	for _, bad := range []string{"-1s", "25h"} {
		_, err := parseConfig("serve", []string{"--notify-email-delay", bad}, io.Discard)
		assert.ErrorContains(t, err, "for --notify-email-delay (env SOUK_NOTIFY_EMAIL_DELAY): want a duration from 0 to 24h", bad)
	}

	// The mail server when there is one, else demo mode's outbox, else none.
	smtp, err := mail.NewSMTPSender(mail.SMTPConfig{Addr: "smtp.souk.example:587", From: "a@souk.example"})
	require.NoError(t, err)
	outbox := mail.NewDevOutbox()
	assert.Equal(t, mail.Mailer(smtp), mailerOf(smtp, outbox))
	assert.Equal(t, mail.Mailer(outbox), mailerOf(nil, outbox))
	assert.Nil(t, mailerOf(nil, nil))
}
