// Package mail sends the verification messages of souk/app/auth: the
// Sender interface, the SMTP sender an operator configures, an SMS sender
// around a provider, and the dev outbox that keeps messages in memory and
// logs them in demo mode. Senders are safe for concurrent use.
package mail
