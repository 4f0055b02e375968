package httpapi

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// apiPolicy is the Content-Security-Policy of every response that is no
// page: JSON and images load nothing and run nothing. The web client's
// pages set their own (transport/web).
const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// hstsValue keeps browsers on HTTPS for a year, subdomains included.
const hstsValue = "max-age=31536000; includeSubDomains"

// secureHeaders sets the headers every response carries: no type sniffing,
// no framing by another site, referrers without paths to other sites, a
// strict policy a page handler may replace, and with HSTS on, HTTPS only.
func (s *Server) secureHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Content-Security-Policy", apiPolicy)
		if s.hsts && s.secure(r) {
			h.Set("Strict-Transport-Security", hstsValue)
		}
		next.ServeHTTP(w, r)
	})
}

// bearerOnly serves next to callers that send token as a bearer token and
// answers 404 to others, as if nothing were there.
func bearerOnly(token string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, found := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !found || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			http.NotFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}
