// Package page resolves a site path to the page it names (SPEC.md §2,
// "Dynamic page resolution") and answers auth.pageData.
package page

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// Route is what a path resolves to. Its JSON form is the "page" of
// auth.pageData and the "expect" of the shared route vectors.
type Route struct {
	Lang    string `json:"lang" doc:"zh-hans, en or es, from the path's prefix"`
	Kind    string `json:"kind" doc:"home, custom, docs, page, article, shop, community or profile"`
	View    string `json:"view" doc:"single, answer, archive or tag; empty for home, custom and docs pages"`
	Slug    string `json:"slug"`
	ID      string `json:"id" doc:"databaseId as a decimal string (64-bit)"`
	Variant string `json:"variant" doc:"the layout variant after the dot, if any"`
	Name    string `json:"name" doc:"the custom page's name, or the docs page's slug (empty for /docs: the first docs page)"`
}

// Variant is a named layout variant a path may ask for after a dot.
type Variant struct {
	Name string
	// Type is "all" (any id) or "postID" (only the ids in IDs).
	Type string
	// IDs are decimal databaseIds, for Type "postID".
	IDs []string
}

// Site is what resolution needs to know of the site's content.
type Site struct {
	// CustomPages are the names of the custom pages (the first path
	// segment); docs pages are not among them.
	CustomPages []string
	Variants    []Variant
}

// contentViews lists, per content kind, the views its archive segment may name.
var contentViews = map[string][]string{
	"article":   {"archive", "tag"},
	"shop":      {"archive", "tag"},
	"community": {"answer", "archive", "tag"},
	"profile":   {"archive"},
}

var (
	idPattern      = regexp.MustCompile(`^[1-9][0-9]{0,18}$`)
	variantPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	// docsSlugPattern is a docs page's slug, as the page builder accepts it.
	docsSlugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,59}$`)
)

// docsSegment begins the path of the docs pages: /docs and /docs/{slug}.
const docsSegment = "docs"

// Resolve maps a path (with its locale prefix, query and fragment allowed)
// to its route. ok is false when no page matches: the caller answers 404.
func Resolve(path string, site Site) (route Route, ok bool) {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	var segments []string
	for _, raw := range strings.Split(path, "/") {
		if raw == "" {
			continue
		}
		seg, err := url.PathUnescape(raw)
		if err != nil || seg == "" {
			return Route{}, false
		}
		segments = append(segments, seg)
	}
	route.Lang = "zh-hans"
	if len(segments) > 0 && (segments[0] == "en" || segments[0] == "es") {
		route.Lang = segments[0]
		segments = segments[1:]
	}
	if len(segments) > 0 && segments[0] == docsSegment {
		return route.parseDocs(segments[1:])
	}
	switch len(segments) {
	case 0:
		route.Kind = "home"
		return route, true
	case 1:
		for _, name := range site.CustomPages {
			if name == segments[0] {
				route.Kind, route.Name = "custom", name
				return route, true
			}
		}
		route.Kind, route.View = "page", "single"
	case 2:
		kind, view, _ := strings.Cut(segments[0], "-")
		views, known := contentViews[kind]
		if !known || (view != "" && !contains(views, view)) {
			return Route{}, false
		}
		if view == "" {
			view = "single"
		}
		route.Kind, route.View = kind, view
	default:
		return Route{}, false
	}
	if !route.parseTarget(segments[len(segments)-1], site.Variants) {
		return Route{}, false
	}
	return route, true
}

// parseDocs reads the segments after /docs: none (the first docs page) or
// a slug. Whether a docs page has the slug is the caller's to check.
func (r Route) parseDocs(rest []string) (Route, bool) {
	switch {
	case len(rest) == 0:
	case len(rest) == 1 && docsSlugPattern.MatchString(rest[0]):
		r.Name = rest[0]
	default:
		return Route{}, false
	}
	r.Kind = "docs"
	return r, true
}

// parseTarget reads "slug-id[.variant]" or "id[.variant]" into the route.
func (r *Route) parseTarget(seg string, variants []Variant) bool {
	base, variant, hasVariant := strings.Cut(seg, ".")
	slug, id := "", base
	if i := strings.LastIndexByte(base, '-'); i >= 0 {
		slug, id = base[:i], base[i+1:]
	}
	if !idPattern.MatchString(id) {
		return false
	}
	if _, err := strconv.ParseInt(id, 10, 64); err != nil {
		return false
	}
	r.Slug, r.ID = slug, id
	if !hasVariant {
		return true
	}
	if !variantPattern.MatchString(variant) {
		return false
	}
	for _, v := range variants {
		if v.Name != variant {
			continue
		}
		if v.Type == "postID" && !contains(v.IDs, id) {
			return false
		}
		r.Variant = variant
		return true
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
