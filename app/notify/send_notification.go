package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Limits of a system announcement.
const (
	MaxTitleRunes = 200
	MaxTextRunes  = 2000
)

// SendNotificationInput is a system announcement to a member.
type SendNotificationInput struct {
	ToID     action.ID `json:"toId" doc:"the member"`
	Title    string    `json:"title" doc:"1-200 characters of plain text, stored as typed"`
	Text     string    `json:"text,omitempty" doc:"the announcement's text, up to 2000 characters of plain text with line breaks, stored as typed"`
	URL      string    `json:"url,omitempty" doc:"an optional link shown with it: an http(s) URL or a path on this site (/...); other schemes are refused"`
	ClientID string    `json:"clientId,omitempty" doc:"idempotency key (up to 64 characters): a retry with the same key sends nothing more"`
}

// Validate checks what needs no database.
func (in *SendNotificationInput) Validate() error {
	in.Title, in.Text = member.PlainText(in.Title, false), member.PlainText(in.Text, true)
	in.URL = strings.TrimSpace(in.URL)
	switch {
	case in.ToID <= 0:
		return action.Required("toId")
	case in.Title == "":
		return action.Required("title")
	case utf8.RuneCountInString(in.Title) > MaxTitleRunes:
		return action.BadField("title")
	case utf8.RuneCountInString(in.Text) > MaxTextRunes:
		return action.BadField("text")
	case in.URL != "" && !member.Link(in.URL):
		return ErrBadURL
	case len(in.ClientID) > 64:
		return action.BadField("clientId")
	}
	return nil
}

// SendNotificationReply is the reply of admin.sendNotification.
type SendNotificationReply struct {
	Notification Notification `json:"notification"`
}

// SendNotification answers admin.sendNotification.
func (s *Service) SendNotification(ctx context.Context, in SendNotificationInput) (SendNotificationReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	n, err := s.Send(ctx, Notice{
		ToID:    int64(in.ToID),
		Type:    TypeSystem,
		Title:   in.Title,
		Content: SystemContent{Text: in.Text, URL: in.URL},
		IdemKey: member.IdemKey(viewer.UserID, in.ClientID),
	})
	if err != nil {
		return SendNotificationReply{}, err
	}
	return SendNotificationReply{Notification: n}, nil
}

// Notice is a notification another feature sends.
type Notice struct {
	ToID int64
	// FromID is the member who caused it; 0 for the site.
	FromID int64
	Type   string
	Title  string
	// Content is encoded as the notification's JSON content.
	Content any
	// IdemKey makes a repeated Send a no-op that returns the first notification.
	IdemKey string
}

// Send stores a notification and pushes it live. It returns
// ErrUserNotFound when the recipient does not exist.
func (s *Service) Send(ctx context.Context, in Notice) (Notification, error) {
	if _, err := s.db.Users().Get(ctx, in.ToID); err != nil {
		if errors.Is(err, persistence.ErrNotFound) {
			return Notification{}, ErrUserNotFound
		}
		return Notification{}, err
	}
	content, err := json.Marshal(in.Content)
	if err != nil {
		return Notification{}, fmt.Errorf("notify: send: %w", err)
	}
	if len(content) == 0 || content[0] != '{' {
		return Notification{}, fmt.Errorf("notify: send: content of a %s notification is not a JSON object", in.Type)
	}
	var from *member.Summary
	if in.FromID != 0 {
		users, err := member.Summaries(ctx, s.db, in.FromID)
		if err != nil {
			return Notification{}, err
		}
		u := users[in.FromID]
		from = &u
	}
	n := persistence.Notification{ToID: in.ToID, FromID: in.FromID, Type: in.Type, Title: in.Title,
		Content: content, IdemKey: in.IdemKey}
	events, _, err := s.db.Notifications().Create(ctx, &n, NotificationWrite(&n, from))
	if err != nil {
		return Notification{}, err
	}
	s.Push(ctx, events)
	return NotificationOf(n, from), nil
}
