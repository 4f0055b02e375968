package ticket

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"souk/app/internal/support"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// ReplyInput is a message added to a ticket.
type ReplyInput struct {
	TicketID    action.ID `json:"ticketId" doc:"the ticket's databaseId"`
	Content     string    `json:"content" doc:"plain text, at most 4000 characters"`
	Attachments []string  `json:"attachments,omitempty" doc:"at most 5 media URLs (/api/media/…) of the author's library"`
	ClientID    string    `json:"clientId" doc:"8 to 100 of [A-Za-z0-9:_-]; the same again answers the same message"`
}

// Validate checks what needs no database.
func (in *ReplyInput) Validate() error {
	if in.TicketID <= 0 {
		return action.Required("ticketId")
	}
	if err := checkClientID(in.ClientID); err != nil {
		return err
	}
	if err := checkMessage(&in.Content, "content"); err != nil {
		return err
	}
	return checkAttachmentsShape(in.Attachments)
}

// Reply answers ticket.reply: an administrator's answer (on another
// member's ticket) marks it answered and notifies the owner; the owner's
// reply marks it open.
func (s *Service) Reply(ctx context.Context, in ReplyInput) (MessageReply, error) {
	v := action.RequestFrom(ctx).Viewer
	t, err := s.ticketFor(ctx, int64(in.TicketID))
	if err != nil {
		return MessageReply{}, err
	}
	if err := s.checkAttachments(ctx, v.UserID, in.Attachments); err != nil {
		return MessageReply{}, err
	}
	staff := t.UserID != v.UserID
	status := persistence.TicketOpen
	if staff {
		status = persistence.TicketAnswered
	}
	m := persistence.TicketMessage{TicketID: t.ID, AuthorID: v.UserID, CreationKey: member.IdemKey(v.UserID, in.ClientID),
		Staff: staff, Content: in.Content, Attachments: in.Attachments, CreatedAt: s.now().UnixMilli()}
	after, created, err := s.db.Tickets().Reply(ctx, &m, status, excerpt(in.Content))
	if errors.Is(err, persistence.ErrConflict) {
		return MessageReply{}, action.Errorf(http.StatusConflict, "ticket.error.closed")
	}
	if err != nil {
		return MessageReply{}, fmt.Errorf("ticket: reply: %w", err)
	}
	if m.TicketID != t.ID {
		// The clientId was used for a message of another ticket.
		return MessageReply{}, action.BadField("clientId")
	}
	reply, err := s.messageReply(ctx, after, m)
	if err != nil {
		return MessageReply{}, err
	}
	if created {
		key := "ticket:msg:" + member.FormatID(m.ID)
		s.tell(ctx, after, &m, key)
		if staff {
			s.notice(ctx, after, m, key)
		}
	}
	return reply, nil
}

// CloseInput names a ticket.
type CloseInput struct {
	TicketID action.ID `json:"ticketId" doc:"the ticket's databaseId"`
}

// Validate checks what needs no database.
func (in *CloseInput) Validate() error {
	if in.TicketID <= 0 {
		return action.Required("ticketId")
	}
	return nil
}

// CloseReply is the reply of ticket.close.
type CloseReply struct {
	Ticket TicketView `json:"ticket" doc:"the ticket, closed"`
}

// Close answers ticket.close.
func (s *Service) Close(ctx context.Context, in CloseInput) (CloseReply, error) {
	v := action.RequestFrom(ctx).Viewer
	t, err := s.ticketFor(ctx, int64(in.TicketID))
	if err != nil {
		return CloseReply{}, err
	}
	closed, changed, err := s.db.Tickets().Close(ctx, t.ID, s.now().UnixMilli())
	if err != nil {
		return CloseReply{}, fmt.Errorf("ticket: close: %w", err)
	}
	if changed {
		s.tell(ctx, closed, nil, "ticket:close:"+member.FormatID(t.ID))
	}
	tv, err := views(ctx, s.db, v.UserID, []persistence.Ticket{closed})
	if err != nil {
		return CloseReply{}, err
	}
	return CloseReply{Ticket: tv[0]}, nil
}

// tell sends the ticket event to its owner and every administrator (at
// most maxStaff), each seeing the ticket as they would list it; a failure
// is only logged.
func (s *Service) tell(ctx context.Context, t persistence.Ticket, m *persistence.TicketMessage, key string) {
	if s.sessions == nil {
		return
	}
	staff, err := s.db.Tickets().Staff(ctx, maxStaff)
	if err != nil {
		s.log.Warn("ticket: staff", "error", err)
	}
	people, err := member.Summaries(ctx, s.db, t.UserID)
	if err != nil {
		s.log.Warn("ticket: event", "ticket", t.ID, "error", err)
		return
	}
	var msg *TicketMessage
	if m != nil {
		ms, err := messageViews(ctx, s.db, []persistence.TicketMessage{*m})
		if err != nil {
			s.log.Warn("ticket: event", "ticket", t.ID, "error", err)
			return
		}
		msg = &ms[0]
	}
	to := append([]int64{t.UserID}, staff...)
	sent := map[int64]bool{}
	for _, id := range to {
		if sent[id] {
			continue
		}
		sent[id] = true
		data, err := json.Marshal(TicketEvent{Ticket: support.ViewOf(t, id, people), Message: msg})
		if err == nil {
			_, err = s.sessions.Deliver(ctx, id, key, EventTicket, data)
		}
		if err != nil {
			s.log.Warn("ticket: event", "ticket", t.ID, "to", id, "error", err)
		}
	}
}

// TicketNotice is the content of a ticket notification.
type TicketNotice struct {
	Kind     string `json:"kind" doc:"answer"`
	TicketID string `json:"ticketId" doc:"the ticket answered, for /account/ticket"`
}

// notice stores the owner's notification of a staff answer and pushes it
// live; a failure is only logged.
func (s *Service) notice(ctx context.Context, t persistence.Ticket, m persistence.TicketMessage, key string) {
	if s.notify == nil {
		return
	}
	err := func() error {
		body, err := json.Marshal(TicketNotice{Kind: "answer", TicketID: member.FormatID(t.ID)})
		if err != nil {
			return err
		}
		n := persistence.Notification{ToID: t.UserID, FromID: m.AuthorID, Type: TypeTicket, Title: t.Subject,
			Content: body, IdemKey: key}
		people, err := member.Summaries(ctx, s.db, m.AuthorID)
		if err != nil {
			return err
		}
		from := people[m.AuthorID]
		events, _, err := s.db.Notifications().Create(ctx, &n, s.notify.NotificationWrite(&n, &from))
		if err != nil {
			return err
		}
		s.notify.Push(ctx, events)
		return nil
	}()
	if err != nil {
		s.log.Warn("ticket: notification", "ticket", t.ID, "error", err)
	}
}
