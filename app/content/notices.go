package content

import (
	"context"
	"encoding/json"

	"souk/app/action"
	"souk/app/internal/mention"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// Notification types of content (the notification's type field).
const (
	TypeComment = "comment"
	TypeLike    = "like"
	TypeMention = "mention"
)

// Notifier builds the inbox event of a notification and pushes stored
// events to the members' connections (souk/app/notify implements it).
type Notifier interface {
	// NotificationWrite is the inbox event of n, for the store to append in
	// the transaction that creates n; from is its author.
	NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite
	// Push delivers stored inbox events live; a failure is only logged.
	Push(ctx context.Context, events []persistence.InboxEvent)
}

// NoticeContent is the content of a comment, like or mention notification.
type NoticeContent struct {
	TargetType string `json:"targetType" doc:"article, topic, answer or comment"`
	TargetID   string `json:"targetId"`
	CommentID  string `json:"commentId,omitempty" doc:"the comment that mentions or answers the member"`
	ReplyTo    string `json:"replyTo,omitempty" doc:"the member's comment answered"`
	Excerpt    string `json:"excerpt,omitempty" doc:"the comment's first words"`
}

// commentNotices are the notifications of a new comment c by from: the
// target's author, the author of the comment answered, and the members
// mentioned by @slug (mentioned, see souk/app/internal/mention) who may
// read the target, each once, at most mention.MaxNotified of the last.
func (s *Service) commentNotices(ctx context.Context, from member.Summary, fromID int64, c persistence.Comment, targetAuthor int64,
	mentioned []persistence.User) ([]persistence.Notice, error) {
	if s.notify == nil {
		return nil, nil
	}
	excerpt := richtext.Excerpt(c.Content, 100)
	body := NoticeContent{TargetType: c.TargetType, TargetID: member.FormatID(c.TargetID),
		CommentID: member.FormatID(c.ID), Excerpt: excerpt}
	seen := map[int64]bool{fromID: true}
	var notices []persistence.Notice
	add := func(to int64, typ string, content NoticeContent) error {
		if to == 0 || seen[to] {
			return nil
		}
		seen[to] = true
		raw, err := json.Marshal(content)
		if err != nil {
			return err
		}
		n := &persistence.Notification{ToID: to, FromID: fromID, Type: typ, Title: from.Name, Content: raw,
			IdemKey: typ + ":" + member.FormatID(c.ID) + ":" + member.FormatID(to)}
		notices = append(notices, persistence.Notice{Notification: n, Write: s.notify.NotificationWrite(n, &from)})
		return nil
	}
	if err := add(targetAuthor, TypeComment, body); err != nil {
		return nil, err
	}
	if c.ReplyTo != 0 {
		parent, err := s.db.Comments().Get(ctx, c.ReplyTo)
		if err != nil {
			return nil, err
		}
		reply := body
		reply.ReplyTo = member.FormatID(parent.ID)
		if err := add(parent.AuthorID, TypeComment, reply); err != nil {
			return nil, err
		}
	}
	for i, u := range mentioned {
		if i == mention.MaxNotified {
			break
		}
		if seen[u.ID] {
			continue
		}
		// A mention never carries gated words to a member the gate keeps out.
		access, err := s.access(ctx, action.Viewer{UserID: u.ID, IsAdmin: u.IsAdmin}, c.TargetType, c.TargetID)
		if err != nil {
			return nil, err
		}
		if !access.Read {
			continue
		}
		if err := add(u.ID, TypeMention, body); err != nil {
			return nil, err
		}
	}
	return notices, nil
}

// likeNotice is the notification of a new like of a target by from, to
// its author; nil when there is nobody to tell.
func (s *Service) likeNotice(from member.Summary, fromID int64, targetType string, targetID, author int64) (*persistence.Notice, error) {
	if s.notify == nil || author == 0 || author == fromID {
		return nil, nil
	}
	raw, err := json.Marshal(NoticeContent{TargetType: targetType, TargetID: member.FormatID(targetID)})
	if err != nil {
		return nil, err
	}
	n := &persistence.Notification{ToID: author, FromID: fromID, Type: TypeLike, Title: from.Name, Content: raw,
		IdemKey: TypeLike + ":" + targetType + ":" + member.FormatID(targetID) + ":" + member.FormatID(fromID)}
	return &persistence.Notice{Notification: n, Write: s.notify.NotificationWrite(n, &from)}, nil
}
