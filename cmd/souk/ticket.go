package main

import (
	"souk/app/notify"
	"souk/app/ticket"
)

// The notify service writes the notifications of staff answers.
var _ ticket.Notifier = (*notify.Service)(nil)

// newTicket builds the ticket service: its live events go to the members'
// sessions (none when the registry is only described), staff answers'
// notifications through notices.
func newTicket(d deps, notices *notify.Service) *ticket.Service {
	cfg := ticket.Config{DB: d.db, Notify: notices}
	if d.userSessions != nil {
		cfg.Sessions = d.userSessions
	}
	return ticket.New(cfg)
}
