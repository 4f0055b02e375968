package notifymail

import (
	"encoding/json"
	"strings"

	"souk/persistence"
)

// notificationItem is one notification as an email lists it, with the
// page it leads to (a path of the site, or an absolute link).
type notificationItem struct {
	letterItem
	name, path string
}

// communityKinds are the kinds of the community's notifications
// (souk/app/community), which have titles of their own.
var communityKinds = map[string]bool{"answer": true, "award": true, "refund": true}

// notificationItemOf reads a stored notification caused by name ("" for
// the site); title translates a title key.
func notificationItemOf(n persistence.Notification, name string, title func(key string) string) notificationItem {
	var content struct {
		Text    string `json:"text"`
		Excerpt string `json:"excerpt"`
		URL     string `json:"url"`
		Kind    string `json:"kind"`
	}
	_ = json.Unmarshal(n.Content, &content) // a content without these fields has none of them
	kind := n.Type
	if kind == "community" && communityKinds[content.Kind] {
		kind = content.Kind
	}
	it := notificationItem{name: name, path: "/notify"}
	it.Title = title(titleKey(kind))
	for _, text := range []string{content.Excerpt, content.Text, n.Title} {
		if strings.TrimSpace(text) != "" {
			it.Text = clip(text)
			break
		}
	}
	switch url := content.URL; {
	case strings.HasPrefix(url, "https://"), strings.HasPrefix(url, "http://"):
		it.path = url
	case strings.HasPrefix(url, "/") && !strings.HasPrefix(url, "//"):
		it.path = url
	}
	return it
}
