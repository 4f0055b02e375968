// Package mention reads the members a rich text names by @slug (comments,
// topics, answers): each mention of an existing member becomes, in the
// sanitized HTML that is stored, a link to the member's profile page
// (/profile/{slug}-{id}, SPEC.md §2) carrying data-mention="{id}", and the
// members named are listed for their notifications.
//
// Mentions are linked when the text is written; a link written before
// (an edit sends it back) is kept as it is, since souk/app/internal/richtext
// lets a link keep its data-mention.
package mention

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"souk/app/internal/richtext"
	"souk/persistence"
)

// MaxNotified bounds the members one text notifies.
const MaxNotified = 5

// maxLooked bounds the distinct slugs one text looks up (and links).
const maxLooked = 20

// Attr is the attribute of a mention's link; its value is the member's id.
const Attr = "data-mention"

// pattern is an @slug after the start of a text or a character that
// cannot be part of a word (so that mail@example.com names nobody).
var pattern = regexp.MustCompile(`(?:^|[^\p{L}\p{N}_])@([\p{L}\p{N}_-]{1,40})`)

// Slugs are the distinct slugs the plain text names, in the order first
// named, at most maxLooked.
func Slugs(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range pattern.FindAllStringSubmatch(text, -1) {
		if seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		out = append(out, m[1])
		if len(out) == maxLooked {
			break
		}
	}
	return out
}

// Resolve reads the members the sanitized HTML names and returns it with
// each of their mentions linked, and the members, in the order first
// named. A slug of nobody stays text.
func Resolve(ctx context.Context, db *persistence.DB, sanitized string) (string, []persistence.User, error) {
	var members []persistence.User
	bySlug := map[string]persistence.User{}
	for _, slug := range Slugs(richtext.Text(sanitized)) {
		u, err := db.Users().GetBySlug(ctx, slug)
		if errors.Is(err, persistence.ErrNotFound) {
			continue
		}
		if err != nil {
			return "", nil, fmt.Errorf("mention: %w", err)
		}
		bySlug[slug] = u
		members = append(members, u)
	}
	if len(members) == 0 {
		return sanitized, nil, nil
	}
	return Link(sanitized, bySlug), members, nil
}

// tag is an HTML tag of sanitized HTML, whose attribute values have their
// '<' and '>' escaped.
var tag = regexp.MustCompile(`<[^>]*>`)

// unlinked are the elements whose text is never linked: links, code.
var unlinked = regexp.MustCompile(`^<(/?)(a|code|pre)[\s>/]`)

// Link returns the sanitized HTML s with each @slug of a member of
// members made a link to their profile page, outside links and code.
func Link(s string, members map[string]persistence.User) string {
	var b strings.Builder
	depth, last := 0, 0
	for _, loc := range tag.FindAllStringIndex(s, -1) {
		b.WriteString(linkText(s[last:loc[0]], depth, members))
		t := s[loc[0]:loc[1]]
		if m := unlinked.FindStringSubmatch(t); m != nil {
			if m[1] == "" {
				depth++
			} else if depth > 0 {
				depth--
			}
		}
		b.WriteString(t)
		last = loc[1]
	}
	b.WriteString(linkText(s[last:], depth, members))
	return b.String()
}

// linkText links the mentions in one run of text (escaped HTML) outside
// any link or code (depth 0).
func linkText(text string, depth int, members map[string]persistence.User) string {
	if depth > 0 || !strings.Contains(text, "@") {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range pattern.FindAllStringSubmatchIndex(text, -1) {
		u, ok := members[text[m[2]:m[3]]]
		if !ok {
			continue
		}
		at := m[2] - 1 // the '@'
		b.WriteString(text[last:at])
		b.WriteString(anchor(u))
		last = m[3]
	}
	b.WriteString(text[last:])
	return b.String()
}

// anchor is the link of a mention of u.
func anchor(u persistence.User) string {
	id := strconv.FormatInt(u.ID, 10)
	// As richtext.Sanitize writes links, so that an edit leaves it as it is.
	return `<a href="` + html.EscapeString(ProfilePath(u.Slug, u.ID)) + `" ` + Attr + `="` + id +
		`" rel="nofollow noopener">@` + html.EscapeString(u.Slug) + `</a>`
}

// ProfilePath is the profile page of a member, without a language prefix:
// /profile/{slug}-{id}, or /profile/{id} without a slug.
func ProfilePath(slug string, id int64) string {
	if slug == "" {
		return "/profile/" + strconv.FormatInt(id, 10)
	}
	return "/profile/" + url.PathEscape(slug) + "-" + strconv.FormatInt(id, 10)
}
