package main

import "strconv"

// ticketSeq numbers the tickets the rows and probes open.
var ticketSeq int

// guestTicket is the ticket id a guest's rows send: refused before it is read.
const guestTicket = "1"

// ticketOf is a new ticket of as's, closed at once (guestTicket for a guest).
func (f *authzFixture) ticketOf(as role) string {
	if as == asGuest {
		return guestTicket
	}
	owner := as
	ticketSeq++
	var reply struct {
		Ticket struct {
			ID string `json:"id"`
		} `json:"ticket"`
	}
	f.must(owner, "ticket.create", map[string]any{"subject": "Authz ticket", "category": "other",
		"message": "help", "clientId": "authz-ticket-" + strconv.Itoa(ticketSeq)}, &reply)
	// Closed at once, so that a member's tickets never reach the limit of open ones.
	f.must(owner, "ticket.close", map[string]any{"ticketId": reply.Ticket.ID}, nil)
	return reply.Ticket.ID
}

// openTicketOf is a new ticket of as's that stays open (guestTicket for a
// guest). A member has at most 5 open tickets: the rows and probes open
// at most 4 each.
func (f *authzFixture) openTicketOf(as role) string {
	if as == asGuest {
		return guestTicket
	}
	owner := as
	ticketSeq++
	var reply struct {
		Ticket struct {
			ID string `json:"id"`
		} `json:"ticket"`
	}
	f.must(owner, "ticket.create", map[string]any{"subject": "Authz open ticket", "category": "other",
		"message": "help", "clientId": "authz-ticket-" + strconv.Itoa(ticketSeq)}, &reply)
	return reply.Ticket.ID
}

func init() {
	authzTable = append(authzTable,
		authzRow{action: "ticket.create", data: func(_ *authzFixture, as role) any {
			return map[string]any{"subject": "Authz", "category": "account", "message": "hello",
				"clientId": "authz-create-" + as.String()}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "ticket.list", data: fixed(map[string]any{}),
			guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "ticket.thread", data: func(f *authzFixture, as role) any {
			return map[string]any{"ticketId": f.ticketOf(as)}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "ticket.reply", data: func(f *authzFixture, as role) any {
			return map[string]any{"ticketId": f.openTicketOf(as), "content": "more", "clientId": "authz-reply-" + as.String()}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "ticket.close", data: func(f *authzFixture, as role) any {
			return map[string]any{"ticketId": f.openTicketOf(as)}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
	)
	authzProbes = append(authzProbes,
		authzProbe{what: "read another's ticket", as: asMember, action: "ticket.thread",
			data: func(f *authzFixture) any { return map[string]any{"ticketId": f.ticketOf(asVIP)} }, want: notFound},
		authzProbe{what: "reply to another's ticket", as: asMember, action: "ticket.reply",
			data: func(f *authzFixture) any {
				return map[string]any{"ticketId": f.ticketOf(asVIP), "content": "x", "clientId": "authz-probe-reply"}
			}, want: notFound},
		authzProbe{what: "close another's ticket", as: asMember, action: "ticket.close",
			data: func(f *authzFixture) any { return map[string]any{"ticketId": f.openTicketOf(asVIP)} }, want: notFound},
		authzProbe{what: "list every member's tickets", as: asMember, action: "ticket.list",
			data: func(*authzFixture) any { return map[string]any{"scope": "all"} }, want: forbidden},
		authzProbe{what: "staff answer a member's ticket", as: asAdmin, action: "ticket.reply",
			data: func(f *authzFixture) any {
				return map[string]any{"ticketId": f.openTicketOf(asVIP), "content": "staff", "clientId": "authz-probe-staff"}
			}, want: ok},
		authzProbe{what: "staff list every member's tickets", as: asAdmin, action: "ticket.list",
			data: func(*authzFixture) any { return map[string]any{"scope": "all"} }, want: ok},
	)
}
