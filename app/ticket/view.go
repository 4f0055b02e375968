package ticket

import (
	"context"
	"fmt"
	"souk/app/internal/support"

	"souk/app/member"
	"souk/persistence"
)

// Author and TicketView are shared with the viewer's gqTicket (souk/app/internal/support).
type (
	Author     = support.Author
	TicketView = support.TicketView
)

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
		out = append(out, support.ViewOf(t, viewerID, people))
	}
	return out, nil
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
			Author: support.AuthorOf(m.AuthorID, people), Staff: m.Staff, Content: m.Content, Attachments: attachments,
			CreatedAt: m.CreatedAt})
	}
	return out, nil
}
