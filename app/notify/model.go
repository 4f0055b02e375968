package notify

import (
	"context"
	"encoding/json"
	"time"

	"souk/app/internal/notifypref"
	"souk/app/member"
	"souk/persistence"
)

// Notification is a notification as the client reads it.
type Notification struct {
	ID         string `json:"id" doc:"the databaseId as a decimal string"`
	DatabaseID string `json:"databaseId"`
	ToID       string `json:"toId"`
	Type       string `json:"type" doc:"report, follow, private_message, mention, system, order or wallet"`
	Title      string `json:"title"`
	// Content depends on Type: ReportContent, SystemContent, follow.FollowContent.
	Content   json.RawMessage `json:"content" doc:"a JSON object: report {title, slug, desc, user_content, content}; follow {userId}; system {text, url?}"`
	Read      bool            `json:"read"`
	CreatedAt int64           `json:"createdAt" doc:"epoch milliseconds"`
	From      *member.Summary `json:"from" doc:"who caused it; null for the site"`
}

// ReportContent is the content of a report notification.
type ReportContent struct {
	Title       string `json:"title"`
	Slug        string `json:"slug"`
	Desc        string `json:"desc"`
	UserContent string `json:"user_content"`
	Content     string `json:"content"`
}

// SystemContent is the content of a system announcement.
type SystemContent struct {
	Text string `json:"text"`
	URL  string `json:"url,omitempty"`
}

// NotificationOf returns the client's view of a stored notification; from
// is its author's summary, nil for the site.
func NotificationOf(n persistence.Notification, from *member.Summary) Notification {
	return Notification{
		ID: member.FormatID(n.ID), DatabaseID: member.FormatID(n.ID), ToID: member.FormatID(n.ToID),
		Type: n.Type, Title: n.Title, Content: n.Content, Read: n.ReadAt != 0, CreatedAt: n.CreatedAt, From: from,
	}
}

// notificationEvent is the data of the notification event.
type notificationEvent struct {
	Notification Notification  `json:"notification"`
	Unread       member.Unread `json:"unread"`
}

// NotificationWrite is the inbox event of n, for the store to append in
// the transaction that creates n (which sets its id first); from is its
// author's summary, nil for the site.
func NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite {
	return persistence.InboxWrite{UserID: n.ToID, Action: EventNotification, Payload: func(c persistence.Counts) ([]byte, error) {
		return json.Marshal(notificationEvent{Notification: NotificationOf(*n, from), Unread: member.UnreadOf(c)})
	}}
}

// NotificationsRead says which notifications a read marked, so every
// session of the member can clear them.
type NotificationsRead struct {
	ID  string `json:"id,omitempty" doc:"the notification marked read"`
	All bool   `json:"all,omitempty" doc:"every notification was marked read"`
}

// unreadEvent is the data of the unread event.
type unreadEvent struct {
	Unread            member.Unread              `json:"unread"`
	Conversation      *member.ConversationUnread `json:"conversation,omitempty"`
	NotificationsRead *NotificationsRead         `json:"notificationsRead,omitempty"`
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
		read.ID = member.FormatID(id)
	}
	return unreadWrite(userID, 0, read)
}

func unreadWrite(userID, peer int64, read *NotificationsRead) persistence.InboxWrite {
	return persistence.InboxWrite{UserID: userID, Action: EventUnread, Peer: peer, Payload: func(c persistence.Counts) ([]byte, error) {
		ev := unreadEvent{Unread: member.UnreadOf(c), NotificationsRead: read}
		if peer != 0 {
			ev.Conversation = &member.ConversationUnread{UserID: member.FormatID(peer), Unread: c.Conversation}
		}
		return json.Marshal(ev)
	}}
}

// NotificationWrite is the package's NotificationWrite, for the features
// that take the service as their notifier: it is called before n is
// stored, and a notification of a kind its member turned off in the site
// is made to arrive already read (see Config.Prefs).
func (s *Service) NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite {
	if n.ReadAt == 0 && !s.wantedInSite(n) {
		n.ReadAt = persistence.Millis(s.now())
	}
	return NotificationWrite(n, from)
}

// prefsTimeout bounds the read of a member's preferences before a
// notification is stored (a copy answers most).
const prefsTimeout = 2 * time.Second

// wantedInSite reports whether n's member wants its kind in the site; when
// their preferences can't be read, it is (a notice too many rather than
// one missed).
func (s *Service) wantedInSite(n *persistence.Notification) bool {
	if s.prefs == nil {
		return true
	}
	kind := notifypref.KindOf(EventKind(n.Type, n.Content))
	if notifypref.AlwaysInSite(kind) {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), prefsTimeout)
	defer cancel()
	prefs, err := s.prefs.Get(ctx, n.ToID)
	if err != nil {
		s.log.Warn("notify: read the member's preferences", "user", n.ToID, "error", err)
		return true
	}
	return prefs.Allows(kind, notifypref.Site)
}

// typeCommunity is the community's notifications' type; content.kind says
// which (souk/app/community).
const typeCommunity = "community"

// EventKind is the kind of event a notification of type typ with content
// stands for, as notifypref.KindOf reads it: its type, or for the
// community's its content's kind (answer, award, refund).
func EventKind(typ string, content json.RawMessage) string {
	if typ != typeCommunity {
		return typ
	}
	var c struct {
		Kind string `json:"kind"`
	}
	if json.Unmarshal(content, &c) != nil || c.Kind == "" {
		return typ
	}
	return c.Kind
}

// UnreadWrite is the package's UnreadWrite, for the features that take the
// service as their notifier.
func (s *Service) UnreadWrite(userID, peer int64) persistence.InboxWrite {
	return UnreadWrite(userID, peer)
}
