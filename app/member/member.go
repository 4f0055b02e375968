// Package member is the small kernel the features share about a member:
// the summary that lists and events show (SPEC.md §3), the avatar rule, a
// member's unread counters, the way a client's idempotency key is scoped to
// its member, and the rules of what members type: plain text is stored as
// typed (PlainText) and links are http(s) URLs or paths on this site
// (Link). It holds no state and registers no action.
package member

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"souk/persistence"
)

// Summary is what lists and events show of a member.
type Summary struct {
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

// SummaryOf returns the client's view of a member.
func SummaryOf(u persistence.User) Summary {
	id := FormatID(u.ID)
	return Summary{ID: id, DatabaseID: id, Name: u.Name, GqSlug: u.Slug, Avatar: Avatar{URL: AvatarURL(u)}}
}

// Summaries loads members by id; an id nobody holds any more reads as a
// member with only the id.
func Summaries(ctx context.Context, db *persistence.DB, ids ...int64) (map[int64]Summary, error) {
	out := make(map[int64]Summary, len(ids))
	for _, id := range ids {
		if _, done := out[id]; done || id == 0 {
			continue
		}
		u, err := db.Users().Get(ctx, id)
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			out[id] = Summary{ID: FormatID(id), DatabaseID: FormatID(id)}
		case err != nil:
			return nil, fmt.Errorf("member: summaries: %w", err)
		default:
			out[id] = SummaryOf(u)
		}
	}
	return out, nil
}

// PageArgs are auth.pageData's args on a page that lists things (an
// archive, a tag, a node, a topic's answers): the size of the page and the
// endCursor of the page before.
type PageArgs struct {
	First int    `json:"first,omitempty" doc:"page size"`
	After string `json:"after,omitempty" doc:"endCursor of the page before"`
}

// ParsePageArgs reads a page's args; absent or null args are none, and
// false says they are not PageArgs.
func ParsePageArgs(args json.RawMessage) (PageArgs, bool) {
	var pa PageArgs
	if len(args) == 0 || string(args) == "null" {
		return pa, true
	}
	return pa, json.Unmarshal(args, &pa) == nil
}
