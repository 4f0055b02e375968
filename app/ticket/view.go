package ticket

import (
	"context"
	"fmt"

	"souk/app/member"
	"souk/persistence"
)

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

// TicketMessage is one message of a ticket's thread.
type TicketMessage struct {
	ID          string   `json:"id" doc:"the message's databaseId"`
	TicketID    string   `json:"ticketId" doc:"its ticket"`
	Author      Author   `json:"author" doc:"who wrote it"`
	Staff       bool     `json:"staff" doc:"an administrator's answer"`
	Content     string   `json:"content" doc:"plain text as typed, at most 4000 characters"`
	Attachments []string `json:"attachments" doc:"media URLs of the author's library"`
	CreatedAt   int64    `json:"createdAt" doc:"epoch ms"`
}

func authorOf(id int64, people map[int64]member.Summary) Author {
	p, ok := people[id]
	if !ok {
		return Author{ID: member.FormatID(id)}
	}
	return Author{ID: p.ID, Name: p.Name, Slug: p.GqSlug, Avatar: p.Avatar.URL}
}

// views builds the tickets as viewerID sees them.
func views(ctx context.Context, db *persistence.DB, viewerID int64, list []persistence.Ticket) ([]TicketView, error) {
	ids := make([]int64, 0, len(list))
	for _, t := range list {
		ids = append(ids, t.UserID)
	}
	people, err := member.Summaries(ctx, db, ids...)
	if err != nil {
		return nil, fmt.Errorf("ticket: %w", err)
	}
	out := make([]TicketView, 0, len(list))
	for _, t := range list {
		out = append(out, viewOf(t, viewerID, people))
	}
	return out, nil
}

func viewOf(t persistence.Ticket, viewerID int64, people map[int64]member.Summary) TicketView {
	unread := t.Status == persistence.TicketOpen
	if viewerID == t.UserID {
		unread = t.LastAuthorID != t.UserID && t.UpdatedAt > t.OwnerReadAt
	}
	return TicketView{ID: member.FormatID(t.ID), Subject: t.Subject, Category: t.Category, Status: t.Status,
		CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt, LastMessage: t.LastMessage, Unread: unread,
		Author: authorOf(t.UserID, people)}
}

// messageViews builds the messages of a thread.
func messageViews(ctx context.Context, db *persistence.DB, list []persistence.TicketMessage) ([]TicketMessage, error) {
	ids := make([]int64, 0, len(list))
	for _, m := range list {
		ids = append(ids, m.AuthorID)
	}
	people, err := member.Summaries(ctx, db, ids...)
	if err != nil {
		return nil, fmt.Errorf("ticket: %w", err)
	}
	out := make([]TicketMessage, 0, len(list))
	for _, m := range list {
		attachments := m.Attachments
		if attachments == nil {
			attachments = []string{}
		}
		out = append(out, TicketMessage{ID: member.FormatID(m.ID), TicketID: member.FormatID(m.TicketID),
			Author: authorOf(m.AuthorID, people), Staff: m.Staff, Content: m.Content, Attachments: attachments,
			CreatedAt: m.CreatedAt})
	}
	return out, nil
}
