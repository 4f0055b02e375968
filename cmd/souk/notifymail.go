package main

import (
	"log/slog"

	"souk/actors"
	"souk/app/notifymail"
	"souk/app/push"
	"souk/internal/mail"
	"souk/transport/httpapi"
)

// newNotifyMail builds the email notifications: sent through mailer (the
// SMTP sender, or the dev outbox of demo mode; nil sends none), read
// against the node's preferences store, written by the node's catalog,
// linked to the site's public URL.
func newNotifyMail(d deps, mailer mail.Mailer, prefs notifymail.Prefs) *notifymail.Service {
	if _, smtp := mailer.(*mail.SMTPSender); smtp && d.publicURL == defaultPublicURL {
		slog.Warn("the links of notification emails lead to " + defaultPublicURL + ": set --public-url to the site's address")
	}
	return notifymail.New(notifymail.Config{DB: d.db, Mailer: mailer, Prefs: prefs, Translator: d.translator,
		Secret: d.secret, PublicURL: d.publicURL, Delay: d.notifyEmailDelay})
}

// mailerOf is the Mailer of the node: the configured sender when it sends
// emails, else the dev outbox (nil outside demo mode).
func mailerOf(sender mail.Sender, outbox *mail.DevOutbox) mail.Mailer {
	if m, ok := sender.(mail.Mailer); ok {
		return m
	}
	if outbox != nil {
		return outbox
	}
	return nil
}

// deliverToReach makes the session grains of this node tell Web Push and
// the email notifications of every event they route, so that each works
// on the node that owns the member's session.
func deliverToReach(sessions *actors.Sessions, p *push.Service, m *notifymail.Service) {
	if sessions == nil {
		return
	}
	sessions.OnDeliver(func(userID int64, action string, data []byte) {
		p.Event(userID, action, data)
		m.Event(userID, action, data)
	})
}

// notifyMailGauges export the node's email counters in /metrics.
func notifyMailGauges(s *notifymail.Service) []httpapi.Gauge {
	stats := s.Stats()
	return []httpapi.Gauge{
		{Name: "souk_email_sent_total", Help: "Notification emails the mail server accepted from this node, since it started.",
			Value: func() float64 { return float64(stats.Sent.Load()) }},
		{Name: "souk_email_failed_total", Help: "Notification emails this node gave up on after every attempt, since it started.",
			Value: func() float64 { return float64(stats.Failed.Load()) }},
		{Name: "souk_email_skipped_total", Help: "Notification emails this node did not send: read in time, no address, or turned off, since it started.",
			Value: func() float64 { return float64(stats.Skipped.Load()) }},
	}
}
