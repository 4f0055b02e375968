package httpapi

import (
	"mime"
	"net/http"
	"net/url"
	"strings"

	"souk/app/action"
)

// The refusals of a request another site may have forged.
var (
	errCrossSite   = &action.Error{Status: http.StatusForbidden, Key: "common.error.crossSite"}
	errContentType = &action.Error{Status: http.StatusUnsupportedMediaType, Key: "common.error.contentType"}
)

// originOf is the scheme://host of an absolute URL, lower case; "" when raw
// is not one.
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return strings.ToLower(u.Scheme + "://" + u.Host)
}

// sameSite reports whether a state-changing request came from this site:
// its Origin is the public URL's or names the request's own host; without
// an Origin, the browser's Sec-Fetch-Site says same-origin (or none: the
// person typed it). A request with neither header comes from no browser
// (a script, the bench suite), so no other site can have forged it.
// Same-site is not enough: another port or subdomain is another origin.
func (s *Server) sameSite(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		switch r.Header.Get("Sec-Fetch-Site") {
		case "", "same-origin", "none":
			return true
		}
		return false
	}
	got := originOf(origin)
	if got == "" {
		return false // "null": a sandboxed frame, a redirect across sites, a file
	}
	if s.publicOrigin != "" && got == s.publicOrigin {
		return true
	}
	scheme := "http"
	if s.secure(r) {
		scheme = "https"
	}
	return got == strings.ToLower(scheme+"://"+r.Host)
}

// refuseForged answers 403 and reports true when the request is not
// sameSite.
func (s *Server) refuseForged(w http.ResponseWriter, r *http.Request) bool {
	if s.sameSite(r) {
		return false
	}
	writeError(w, r, s.tr, errCrossSite)
	return true
}

// isJSON reports whether the request declares a JSON body. A form or
// text/plain body is what a page of another site can send without asking
// the browser's permission first.
func isJSON(r *http.Request) bool {
	mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mediaType == "application/json"
}
