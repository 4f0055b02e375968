package ticket

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// CreateInput is a new ticket.
type CreateInput struct {
	Subject     string   `json:"subject" doc:"at most 120 characters"`
	Category    string   `json:"category" doc:"order, payment, account, content or other"`
	Message     string   `json:"message" doc:"the first message, plain text, at most 4000 characters"`
	Attachments []string `json:"attachments,omitempty" doc:"at most 5 media URLs (/api/media/…) of the member's library"`
	ClientID    string   `json:"clientId" doc:"8 to 100 of [A-Za-z0-9:_-]; the same again answers the same ticket"`
}

// Validate checks what needs no database.
func (in *CreateInput) Validate() error {
	if err := checkClientID(in.ClientID); err != nil {
		return err
	}
	in.Subject = strings.TrimSpace(member.PlainText(in.Subject, false))
	if in.Subject == "" {
		return action.Required("subject")
	}
	if utf8.RuneCountInString(in.Subject) > MaxSubject {
		return action.Errorf(http.StatusBadRequest, "ticket.error.subjectLong", "max", MaxSubject)
	}
	if !validCategory(in.Category) {
		return action.Errorf(http.StatusBadRequest, "ticket.error.category")
	}
	if err := checkMessage(&in.Message, "message"); err != nil {
		return err
	}
	return checkAttachmentsShape(in.Attachments)
}

// MessageReply is the reply of ticket.create and ticket.reply.
type MessageReply struct {
	Ticket  TicketView    `json:"ticket" doc:"the ticket after"`
	Message TicketMessage `json:"message" doc:"the message written"`
}

// Create answers ticket.create.
func (s *Service) Create(ctx context.Context, in CreateInput) (MessageReply, error) {
	userID := action.RequestFrom(ctx).Viewer.UserID
	if err := s.checkAttachments(ctx, userID, in.Attachments); err != nil {
		return MessageReply{}, err
	}
	now := s.now().UnixMilli()
	key := member.IdemKey(userID, in.ClientID)
	t := persistence.Ticket{UserID: userID, CreationKey: key, Subject: in.Subject, Category: in.Category,
		LastMessage: excerpt(in.Message), CreatedAt: now}
	m := persistence.TicketMessage{AuthorID: userID, CreationKey: key, Content: in.Message,
		Attachments: in.Attachments, CreatedAt: now}
	created, err := s.db.Tickets().CreateTicket(ctx, &t, &m, MaxOpen)
	if errors.Is(err, persistence.ErrTicketLimit) {
		return MessageReply{}, action.Errorf(http.StatusConflict, "ticket.error.limit", "max", MaxOpen)
	}
	if err != nil {
		return MessageReply{}, fmt.Errorf("ticket: create: %w", err)
	}
	if t.UserID != userID {
		return MessageReply{}, ErrNotFound
	}
	reply, err := s.messageReply(ctx, t, m)
	if err != nil {
		return MessageReply{}, err
	}
	if created {
		s.tell(ctx, t, &m, "ticket:new:"+member.FormatID(t.ID))
	}
	return reply, nil
}

// messageReply is t and m as the viewer sees them.
func (s *Service) messageReply(ctx context.Context, t persistence.Ticket, m persistence.TicketMessage) (MessageReply, error) {
	viewerID := action.RequestFrom(ctx).Viewer.UserID
	tv, err := views(ctx, s.db, viewerID, []persistence.Ticket{t})
	if err != nil {
		return MessageReply{}, err
	}
	mv, err := messageViews(ctx, s.db, []persistence.TicketMessage{m})
	if err != nil {
		return MessageReply{}, err
	}
	return MessageReply{Ticket: tv[0], Message: mv[0]}, nil
}
