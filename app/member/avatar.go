package member

import (
	"net/url"
	"strconv"
	"strings"

	"souk/persistence"
)

// AvatarURL is the member's picture when it is a URL-like value other than
// a gravatar, else the generated avatar of their slug (SPEC.md §5).
func AvatarURL(u persistence.User) string {
	a := strings.TrimSpace(u.AvatarURL)
	if isURLLike(a) && !isGravatar(a) {
		return a
	}
	seed := u.Slug
	if seed == "" {
		seed = strconv.FormatInt(u.ID, 10)
	}
	return "/api/avatar?seed=" + url.QueryEscape(seed)
}

func isURLLike(s string) bool {
	switch {
	case strings.HasPrefix(s, "https://"), strings.HasPrefix(s, "http://"), strings.HasPrefix(s, "data:image/"):
		return true
	case strings.HasPrefix(s, "/api/avatar?"):
		// The only path of the site a picture may name: any other would be
		// requested with the viewer's cookies (a stored /api/auth/logout).
		return true
	case IsMediaURL(s):
		// A media item of the site (an avatar the server cropped): a file.
		return true
	}
	return false
}

func isGravatar(s string) bool {
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	return host == "gravatar.com" || strings.HasSuffix(host, ".gravatar.com")
}
