package ticket

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// clientIDPattern is a client's idempotency key.
var clientIDPattern = regexp.MustCompile(`^[A-Za-z0-9:_-]{8,100}$`)

func checkClientID(id string) error {
	if !clientIDPattern.MatchString(id) {
		return action.BadField("clientId")
	}
	return nil
}

// checkMessage cleans a message and checks its length.
func checkMessage(text *string, field string) error {
	*text = strings.TrimSpace(member.PlainText(*text, true))
	if *text == "" {
		return action.Required(field)
	}
	if utf8.RuneCountInString(*text) > MaxMessage {
		return action.Errorf(http.StatusBadRequest, "ticket.error.messageLong", "max", MaxMessage)
	}
	return nil
}

// checkAttachmentsShape checks what needs no database.
func checkAttachmentsShape(urls []string) error {
	if len(urls) > MaxAttachments {
		return action.Errorf(http.StatusBadRequest, "ticket.error.attachments", "max", MaxAttachments)
	}
	for _, u := range urls {
		if !member.IsMediaURL(u) {
			return action.Errorf(http.StatusBadRequest, "ticket.error.attachment")
		}
	}
	return nil
}

// checkAttachments refuses an attachment that is not a ready item of
// userID's media library, served at its own address.
func (s *Service) checkAttachments(ctx context.Context, userID int64, urls []string) error {
	for _, u := range urls {
		rest := strings.TrimPrefix(u, "/api/media/")
		idText, _, _ := strings.Cut(rest, "/")
		id, err := strconv.ParseInt(idText, 10, 64)
		if err != nil {
			return action.Errorf(http.StatusBadRequest, "ticket.error.attachment")
		}
		item, err := s.db.Media().Item(ctx, id)
		if errors.Is(err, persistence.ErrNotFound) {
			return action.Errorf(http.StatusBadRequest, "ticket.error.attachment")
		}
		if err != nil {
			return fmt.Errorf("ticket: attachment: %w", err)
		}
		if item.OwnerID != userID || item.Status != persistence.MediaReady || member.MediaURL(item.ID, item.FileName) != u {
			return action.Errorf(http.StatusBadRequest, "ticket.error.attachment")
		}
	}
	return nil
}

// excerpt is the start of a message for a ticket's lastMessage.
func excerpt(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= excerptRunes {
		return text
	}
	runes := []rune(text)
	return string(runes[:excerptRunes-1]) + "…"
}

// ErrNotFound answers a ticket that does not exist or is another member's.
var ErrNotFound = action.Errorf(http.StatusNotFound, "ticket.error.notFound")

// ticketFor reads a ticket the viewer may see: their own, or any for an
// administrator; another member's is ErrNotFound.
func (s *Service) ticketFor(ctx context.Context, id int64) (persistence.Ticket, error) {
	v := action.RequestFrom(ctx).Viewer
	t, err := s.db.Tickets().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) || (err == nil && t.UserID != v.UserID && !v.IsAdmin) {
		return persistence.Ticket{}, ErrNotFound
	}
	if err != nil {
		return t, fmt.Errorf("ticket: %w", err)
	}
	return t, nil
}

func validCategory(c string) bool { return slices.Contains(Categories, c) }
