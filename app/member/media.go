package member

import (
	"net/url"
	"regexp"
	"strings"
)

// mediaPath is where the site serves media items: /api/media/{id}/{name}.
const mediaPath = "/api/media/"

// MediaURL is the address media item id, of file name name, is served at.
func MediaURL(id int64, name string) string {
	return mediaPath + FormatID(id) + "/" + url.PathEscape(name)
}

// mediaURLPattern is a MediaURL: a decimal id and one path segment,
// without a query or fragment.
var mediaURLPattern = regexp.MustCompile(`^/api/media/[1-9][0-9]{0,18}/[^/?#\\]{1,765}$`)

// IsMediaURL says whether s is the address of one of the site's media
// items: a GET of a file, safe for a picture to name (it changes nothing
// and runs nothing).
func IsMediaURL(s string) bool {
	if !mediaURLPattern.MatchString(s) {
		return false
	}
	name := s[strings.LastIndexByte(s, '/')+1:]
	return name != "." && name != ".." // a dot segment would name another path
}
