// Package mail sends what the site writes to its members: the
// verification messages of souk/app/auth (the Sender interface, an SMS
// sender around a provider) and the emails of souk/app/notifymail (the
// Mailer interface: a text body, an optional HTML alternative, extra
// headers such as List-Unsubscribe). The SMTP sender an operator
// configures is both, built on github.com/wneessen/go-mail; the dev outbox
// of demo mode keeps messages and emails in memory and logs them. Senders
// are safe for concurrent use.
package mail
