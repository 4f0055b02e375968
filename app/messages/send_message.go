package messages

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// SendMessageInput is a private message to send.
type SendMessageInput struct {
	ToID     action.ID `json:"to_id" doc:"the recipient's databaseId (toId is accepted too)"`
	ToIDAlt  action.ID `json:"toId,omitempty" doc:"same as to_id"`
	Content  string    `json:"content" doc:"up to 2000 characters of plain text with line breaks, stored as typed (markup is not interpreted); may be empty only with an image"`
	Image    string    `json:"image,omitempty" doc:"a media id (decimal text) of an image the sender owns, sent with the message; empty for none"`
	ClientID string    `json:"clientId,omitempty" doc:"idempotency key (up to 64 characters): a retry with the same key returns the first message and sends nothing"`
}

// Validate checks what needs no database.
func (in *SendMessageInput) Validate() error {
	if in.ToID == 0 {
		in.ToID = in.ToIDAlt
	}
	if len(in.ClientID) > 64 {
		return action.BadField("clientId")
	}
	return nil
}

// SendMessageReply is the reply of mutates.sendMessage.
type SendMessageReply struct {
	GqSendMessage struct {
		Message PrivateMessage `json:"message"`
	} `json:"gqSendMessage"`
}

// SendMessage answers mutates.sendMessage.
func (s *Service) SendMessage(ctx context.Context, in SendMessageInput) (SendMessageReply, error) {
	var reply SendMessageReply
	viewer := action.RequestFrom(ctx).Viewer
	content := member.PlainText(in.Content, true)
	to := int64(in.ToID)
	switch {
	case !viewer.Can(Capability):
		return reply, ErrNoAccess
	case to == 0:
		return reply, ErrRecipientRequired
	case to == viewer.UserID:
		return reply, ErrSelf
	case content == "" && in.Image == "":
		return reply, ErrEmpty
	case utf8.RuneCountInString(content) > MaxContentRunes:
		return reply, ErrTooLong
	}
	image, err := s.image(ctx, viewer.UserID, in.Image)
	if err != nil {
		return reply, err
	}
	if wait := s.sends.Wait(strconv.FormatInt(viewer.UserID, 10), s.now()); wait > 0 {
		return reply, errThrottled(int(math.Ceil(wait.Seconds())))
	}
	sender, recipient, blocked, err := s.db.Messages().Parties(ctx, viewer.UserID, to)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return reply, ErrUserNotFound
	case err != nil:
		return reply, err
	case blocked:
		return reply, ErrBlocked
	}
	users := map[int64]member.Summary{sender.ID: member.SummaryOf(sender), recipient.ID: member.SummaryOf(recipient)}
	m := persistence.PrivateMessage{FromID: sender.ID, ToID: recipient.ID, Content: content, Image: image,
		IdemKey: member.IdemKey(sender.ID, in.ClientID)}
	event := func(peer int64) func(persistence.Counts) any {
		return func(c persistence.Counts) any {
			return privateMessageEvent{Message: messageOf(m, users), Unread: member.UnreadOf(c), Conversation: conversationOf(peer, c)}
		}
	}
	events, replayed, err := s.db.Messages().Send(ctx, &m,
		writeFor(recipient.ID, sender.ID, EventMessage, event(sender.ID)),
		writeFor(sender.ID, recipient.ID, EventMessage, event(recipient.ID)))
	if err != nil {
		return reply, err
	}
	s.notify.Push(ctx, events)
	if !replayed && s.growth != nil {
		s.growth.Award(sender.ID, GrowthReason)
	}
	if m.FromID != sender.ID || m.ToID != recipient.ID {
		// A replayed key of another conversation: answer with what it wrote.
		if users, err = member.Summaries(ctx, s.db, m.FromID, m.ToID); err != nil {
			return reply, err
		}
	}
	reply.GqSendMessage.Message = messageOf(m, users)
	return reply, nil
}

// image is the stored form (JSON of MessageImage) of the image of a message
// userID sends: "" for none; ErrImage unless id names an image of theirs.
func (s *Service) image(ctx context.Context, userID int64, id string) (string, error) {
	if id == "" {
		return "", nil
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return "", ErrImage
	}
	item, err := s.db.Media().Item(ctx, n)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return "", ErrImage
	case err != nil:
		return "", err
	case item.OwnerID != userID || item.Type != persistence.MediaImage:
		return "", ErrImage
	}
	b, err := json.Marshal(MessageImage{ID: member.FormatID(item.ID), SourceURL: member.MediaURL(item.ID, item.FileName),
		Width: item.Width, Height: item.Height})
	return string(b), err
}
