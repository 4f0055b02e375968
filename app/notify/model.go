package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"souk/app/account"
	"souk/app/action"
	"souk/persistence"
)

// ID is an id in an input: a JSON number or a decimal string.
type ID = action.ID

// FormatID writes an id as the client reads it.
func FormatID(id int64) string { return strconv.FormatInt(id, 10) }

// ParseCursor reads a cursor (a decimal id); "" is 0.
func ParseCursor(s string) (int64, bool) {
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0
}

// UserSummary is what lists and events show of a member.
type UserSummary struct {
	ID         string `json:"id" doc:"the databaseId as a decimal string"`
	DatabaseID string `json:"databaseId"`
	Name       string `json:"name"`
	GqSlug     string `json:"gqSlug" doc:"the profile's URL segment"`
	Avatar     Avatar `json:"avatar"`
}

// Avatar is a member's picture.
type Avatar struct {
	URL string `json:"url"`
}

// Summary returns the client's view of a member.
func Summary(u persistence.User) UserSummary {
	id := FormatID(u.ID)
	return UserSummary{ID: id, DatabaseID: id, Name: u.Name, GqSlug: u.Slug, Avatar: Avatar{URL: account.AvatarURL(u)}}
}

// Summaries loads members by id; an id nobody holds any more reads as a
// member with only the id.
func Summaries(ctx context.Context, db *persistence.DB, ids ...int64) (map[int64]UserSummary, error) {
	out := make(map[int64]UserSummary, len(ids))
	for _, id := range ids {
		if _, done := out[id]; done || id == 0 {
			continue
		}
		u, err := db.Users().Get(ctx, id)
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			out[id] = UserSummary{ID: FormatID(id), DatabaseID: FormatID(id)}
		case err != nil:
			return nil, fmt.Errorf("notify: user summaries: %w", err)
		default:
			out[id] = Summary(u)
		}
	}
	return out, nil
}

// Unread are a member's unread counters, counted in the store.
type Unread struct {
	Messages      int `json:"messages" doc:"unread private messages"`
	Notifications int `json:"notifications" doc:"unread notifications"`
}

// UnreadOf keeps the counters of persistence.Counts that every event carries.
func UnreadOf(c persistence.Counts) Unread {
	return Unread{Messages: c.Messages, Notifications: c.Notifications}
}

// Notification is a notification as the client reads it.
type Notification struct {
	ID         string `json:"id" doc:"the databaseId as a decimal string"`
	DatabaseID string `json:"databaseId"`
	ToID       string `json:"toId"`
	Type       string `json:"type" doc:"report, follow, private_message, mention, system, order or wallet"`
	Title      string `json:"title"`
	// Content depends on Type: ReportContent, FollowContent, SystemContent.
	Content   json.RawMessage `json:"content" doc:"a JSON object: report {title, slug, desc, user_content, content}; follow {userId}; system {text, url?}"`
	Read      bool            `json:"read"`
	CreatedAt int64           `json:"createdAt" doc:"epoch milliseconds"`
	From      *UserSummary    `json:"from" doc:"who caused it; null for the site"`
}

// ReportContent is the content of a report notification.
type ReportContent struct {
	Title       string `json:"title"`
	Slug        string `json:"slug"`
	Desc        string `json:"desc"`
	UserContent string `json:"user_content"`
	Content     string `json:"content"`
}

// FollowContent is the content of a follow notification.
type FollowContent struct {
	UserID string `json:"userId" doc:"the new follower"`
}

// SystemContent is the content of a system announcement.
type SystemContent struct {
	Text string `json:"text"`
	URL  string `json:"url,omitempty"`
}

// NotificationOf returns the client's view of a stored notification; from
// is its author's summary, nil for the site.
func NotificationOf(n persistence.Notification, from *UserSummary) Notification {
	return Notification{
		ID: FormatID(n.ID), DatabaseID: FormatID(n.ID), ToID: FormatID(n.ToID),
		Type: n.Type, Title: n.Title, Content: n.Content, Read: n.ReadAt != 0, CreatedAt: n.CreatedAt, From: from,
	}
}

// notificationEvent is the data of the notification event.
type notificationEvent struct {
	Notification Notification `json:"notification"`
	Unread       Unread       `json:"unread"`
}

// NotificationWrite is the inbox event of n, for the store to append in
// the transaction that creates n (which sets its id first); from is its
// author's summary, nil for the site.
func NotificationWrite(n *persistence.Notification, from *UserSummary) persistence.InboxWrite {
	return persistence.InboxWrite{UserID: n.ToID, Action: EventNotification, Payload: func(c persistence.Counts) ([]byte, error) {
		return json.Marshal(notificationEvent{Notification: NotificationOf(*n, from), Unread: UnreadOf(c)})
	}}
}

// ConversationUnread is a conversation's unread count after a change.
type ConversationUnread struct {
	UserID string `json:"userId" doc:"the peer"`
	Unread int    `json:"unread" doc:"unread messages from the peer"`
}

// NotificationsRead says which notifications a read marked, so every
// session of the member can clear them.
type NotificationsRead struct {
	ID  string `json:"id,omitempty" doc:"the notification marked read"`
	All bool   `json:"all,omitempty" doc:"every notification was marked read"`
}

// unreadEvent is the data of the unread event.
type unreadEvent struct {
	Unread            Unread              `json:"unread"`
	Conversation      *ConversationUnread `json:"conversation,omitempty"`
	NotificationsRead *NotificationsRead  `json:"notificationsRead,omitempty"`
}

// UnreadWrite is the unread event a member gets after reading something;
// peer, when not 0, adds the conversation with peer.
func UnreadWrite(userID, peer int64) persistence.InboxWrite {
	return unreadWrite(userID, peer, nil)
}

// NotificationsReadWrite is the unread event after reading notifications:
// id names the one read, 0 means all of them.
func NotificationsReadWrite(userID, id int64) persistence.InboxWrite {
	read := &NotificationsRead{All: id == 0}
	if id != 0 {
		read.ID = FormatID(id)
	}
	return unreadWrite(userID, 0, read)
}

func unreadWrite(userID, peer int64, read *NotificationsRead) persistence.InboxWrite {
	return persistence.InboxWrite{UserID: userID, Action: EventUnread, Peer: peer, Payload: func(c persistence.Counts) ([]byte, error) {
		ev := unreadEvent{Unread: UnreadOf(c), NotificationsRead: read}
		if peer != 0 {
			ev.Conversation = &ConversationUnread{UserID: FormatID(peer), Unread: c.Conversation}
		}
		return json.Marshal(ev)
	}}
}
