// Package pagemeta holds what a feature's page resolver answers for a
// resolved page (the type app/page calls PageContent): the page's data for
// auth.pageData, and what readers without JavaScript (search engines, link
// previews) are told about it in the page's HTML.
package pagemeta

import "encoding/json"

// Schema.org types of a page's JSON-LD (Meta.Schema).
const (
	Article                = "Article"
	DiscussionForumPosting = "DiscussionForumPosting"
	QAPage                 = "QAPage"
)

// Content is what a resolver supplies: the page's title in the route's
// language, its data (sent as pageData's content) and its Meta.
type Content struct {
	Title string
	Data  json.RawMessage
	Meta  Meta
}

// Meta describes a page to readers of its HTML. The zero value describes
// nothing beyond the title.
type Meta struct {
	// Description is plain text: the excerpt the viewer may read. It is
	// the author's excerpt (or empty) when the content is gated.
	Description string
	// Image is the page's picture (a featured image, a node's thumb):
	// absolute or site-relative; empty for none.
	Image string
	// Body is the sanitized HTML of the content the viewer may read;
	// empty when it is gated for the viewer.
	Body string
	// Schema is the schema.org type of the page's JSON-LD (Article,
	// DiscussionForumPosting, QAPage); empty: none.
	Schema string
	// Author is the author's display name.
	Author string
	// Published and Modified are epoch milliseconds; 0 when unknown.
	Published, Modified int64
	// Answers is a topic's answer count (QAPage and forum postings).
	Answers int64
	// Canonical is the page's own path with its language prefix when it
	// differs from the one asked for (an article read through another
	// version's id); empty: the path asked for.
	Canonical string
	// Alternates are the paths of the page's language versions by
	// language code, when they are pages of their own (an article's
	// versions); nil: the same path under each language's prefix.
	Alternates map[string]string
}

// Empty reports whether m describes nothing.
func (m Meta) Empty() bool {
	return m.Description == "" && m.Image == "" && m.Body == "" && m.Schema == "" && m.Canonical == "" && len(m.Alternates) == 0
}
