package push

import (
	"encoding/json"
	"souk/app/action"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The events that become pushes (souk/app/messages and souk/app/notify
// write them).
const (
	eventPrivateMessage = "private_message"
	eventNotification   = "notification"
)

// maxBodyRunes bounds the text of a push's body.
const maxBodyRunes = 140

// item is what one inbox event says to push: a private message, or a
// notification of some type.
type item struct {
	// topic collapses the pushes of one conversation (or one kind of
	// notification) at the push service and in the debouncer: at most 32
	// URL-safe base64 characters (RFC 8030 §5.4).
	topic string
	// kind is "message" or the notification's type.
	kind string
	// name is who caused it ("" for the site); text what they wrote (or
	// the notification's text).
	name, text string
	// image marks a private message with an image and no text.
	image bool
	// path is the page to open, without the language prefix; url an
	// absolute link that replaces it.
	path, url string
}

// summary is the part of a member summary (souk/app/member.Summary) a
// push reads.
type summary struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	GqSlug string `json:"gqSlug"`
}

// itemOf reads what the event action (data) routed to userID says to
// push; false for the events that push nothing (a member's own message,
// counters, deletions).
func itemOf(userID int64, action string, data []byte) (item, bool) {
	switch action {
	case eventPrivateMessage:
		var event struct {
			Message struct {
				Content string          `json:"content"`
				Image   json.RawMessage `json:"image"`
				From    summary         `json:"from"`
				To      summary         `json:"to"`
			} `json:"message"`
		}
		if json.Unmarshal(data, &event) != nil {
			return item{}, false
		}
		m := event.Message
		if m.To.ID != strconv.FormatInt(userID, 10) || m.From.ID == "" {
			return item{}, false // the sender's own copy
		}
		hasImage := len(m.Image) > 0 && string(m.Image) != "null"
		return item{topic: "pm" + m.From.ID, kind: "message", name: m.From.Name, text: m.Content,
			image: hasImage && strings.TrimSpace(m.Content) == "", path: "/messages/" + m.From.GqSlug}, true
	case eventNotification:
		var event struct {
			Notification struct {
				Type    string `json:"type"`
				Title   string `json:"title"`
				Content struct {
					Text    string `json:"text"`
					Excerpt string `json:"excerpt"`
					URL     string `json:"url"`
					Kind    string `json:"kind"`
				} `json:"content"`
				From *summary `json:"from"`
			} `json:"notification"`
		}
		if json.Unmarshal(data, &event) != nil || event.Notification.Type == "" {
			return item{}, false
		}
		n := event.Notification
		it := item{topic: "n" + topicSafe(n.Type), kind: n.Type, text: firstOf(n.Content.Excerpt, n.Content.Text, n.Title),
			path: "/notify"}
		if n.Type == "community" && communityKinds[n.Content.Kind] {
			it.kind = n.Content.Kind // an answer, an award or a refund
		}
		if n.From != nil {
			it.name = n.From.Name
		}
		switch url := n.Content.URL; {
		case strings.HasPrefix(url, "https://"), strings.HasPrefix(url, "http://"):
			it.url = url
		case strings.HasPrefix(url, "/") && !strings.HasPrefix(url, "//"):
			it.path = url
		}
		return it, true
	}
	return item{}, false
}

// topicSafe keeps the URL-safe base64 characters of s, at most 30.
func topicSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		if b.Len() == 30 {
			break
		}
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func firstOf(values ...string) string {
	for _, v := range values {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// Payload is what the service worker receives, decrypted: it shows
// Title and Body and opens URL on a click.
type Payload struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	// URL is the page to open: a path of this site, with its language
	// prefix, or an absolute link.
	URL string `json:"url"`
	// Tag is the notification's tag: a burst replaces the notification
	// of the same conversation.
	Tag string `json:"tag"`
	// Count is how many events the push stands for.
	Count int    `json:"count"`
	Kind  string `json:"kind"`
	Lang  string `json:"lang"`
}

// payload writes the push of count events whose last is it, in lang.
func (s *Service) payload(it item, count int, lang string) Payload {
	p := Payload{Tag: it.topic, Count: count, Kind: it.kind, Lang: lang, URL: it.url}
	if p.URL == "" {
		p.URL = action.LangPrefix(lang) + it.path
	}
	args := map[string]any{"name": it.name, "count": count}
	if it.kind == "message" {
		p.Title = s.translate(lang, "push.message.title", args)
		switch {
		case count > 1:
			p.Body = s.translate(lang, "push.message.many", args)
		case it.image:
			p.Body = s.translate(lang, "push.message.image", args)
		default:
			p.Body = clip(it.text)
		}
		return p
	}
	p.Title = s.translate(lang, notificationTitleKey(it.kind), args)
	if count > 1 {
		p.Body = s.translate(lang, "push.notification.many", args)
	} else {
		p.Body = clip(it.text)
	}
	return p
}

// notificationKinds are the notification types (and community kinds) with
// a title of their own.
var notificationKinds = map[string]bool{"follow": true, "mention": true, "comment": true, "like": true,
	"order": true, "wallet": true, "system": true, "coupon": true, "ticket": true, "report": true,
	"answer": true, "award": true, "refund": true}

// communityKinds are the kinds of the community's notifications (souk/app/community).
var communityKinds = map[string]bool{"answer": true, "award": true, "refund": true}

func notificationTitleKey(kind string) string {
	if notificationKinds[kind] {
		return "push.notification." + kind
	}
	return "push.notification.other"
}

func (s *Service) translate(lang, key string, args map[string]any) string {
	if s.translator == nil {
		return key
	}
	return s.translator.Translate(lang, key, args)
}

// clip shortens text to maxBodyRunes, on one line.
func clip(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= maxBodyRunes {
		return text
	}
	r := []rune(text)
	return string(r[:maxBodyRunes-1]) + "…"
}
