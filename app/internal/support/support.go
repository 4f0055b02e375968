// Package support is a support ticket as its lists show it, shared by the
// tickets feature (souk/app/ticket) and the viewer's gqTicket
// (souk/app/account).
package support

import (
	"context"

	"souk/app/member"
	"souk/persistence"
)

// MaxOpen is how many tickets a member may have that are not closed.
const MaxOpen = 5

// Author is a member a ticket or message shows.
type Author struct {
	ID     string `json:"id" doc:"the member's databaseId"`
	Name   string `json:"name" doc:"display name"`
	Slug   string `json:"slug" doc:"the profile's URL segment"`
	Avatar string `json:"avatar" doc:"the member's picture URL"`
}

// TicketView is a ticket as a list shows it.
type TicketView struct {
	ID          string `json:"id" doc:"the ticket's databaseId"`
	Subject     string `json:"subject" doc:"as typed"`
	Category    string `json:"category" doc:"order, payment, account, content or other"`
	Status      string `json:"status" doc:"open (waiting for staff), answered or closed"`
	CreatedAt   int64  `json:"createdAt" doc:"epoch ms"`
	UpdatedAt   int64  `json:"updatedAt" doc:"epoch ms of the last message or close"`
	LastMessage string `json:"lastMessage" doc:"an excerpt of the newest message"`
	Unread      bool   `json:"unread" doc:"for the owner: staff answered since they last read it; for staff: it waits for an answer"`
	Author      Author `json:"author" doc:"the member who opened it"`
}

// AuthorOf is member id as people (read before) show them; the id alone
// for a member not among them.
func AuthorOf(id int64, people map[int64]member.Summary) Author {
	p, ok := people[id]
	if !ok {
		return Author{ID: member.FormatID(id)}
	}
	return Author{ID: p.ID, Name: p.Name, Slug: p.GqSlug, Avatar: p.Avatar.URL}
}

// ViewOf is ticket t as member viewerID sees it: unread for its owner when
// staff answered since they last read it, for staff while it waits for an
// answer.
func ViewOf(t persistence.Ticket, viewerID int64, people map[int64]member.Summary) TicketView {
	unread := t.Status == persistence.TicketOpen
	if viewerID == t.UserID {
		unread = t.LastAuthorID != t.UserID && t.UpdatedAt > t.OwnerReadAt
	}
	return TicketView{ID: member.FormatID(t.ID), Subject: t.Subject, Category: t.Category, Status: t.Status,
		CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt, LastMessage: t.LastMessage, Unread: unread,
		Author: AuthorOf(t.UserID, people)}
}

// OpenTickets are member u's tickets that are not closed, most recently
// updated first, for the viewer's gqTicket.
func OpenTickets(ctx context.Context, db *persistence.DB, u persistence.User) ([]TicketView, error) {
	list, err := db.Tickets().List(ctx, u.ID, "active", persistence.TicketCursor{}, MaxOpen*2)
	if err != nil {
		return nil, err
	}
	people := map[int64]member.Summary{u.ID: member.SummaryOf(u)}
	out := make([]TicketView, 0, len(list))
	for _, t := range list {
		out = append(out, ViewOf(t, u.ID, people))
	}
	return out, nil
}
