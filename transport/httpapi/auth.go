package httpapi

import (
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"souk/app/action"
)

// Cookie names. The two tokens are httpOnly; the expiry is readable by the
// client, which refreshes when it is reached (SPEC.md §4).
const (
	AccessCookie  = "souk_access"
	RefreshCookie = "souk_refresh"
	ExpiryCookie  = "authTokenExpiration"
)

// refreshPath scopes the refresh token cookie to the endpoints that read it.
const refreshPath = "/api/auth"

// identify fills the caller's address, agent, refresh token and viewer from
// the request; a missing or bad access token leaves a guest.
func (s *Server) identify(r *http.Request, req *action.Request) {
	req.ClientIP = s.clientIP(r)
	req.UserAgent = r.UserAgent()
	if c, err := r.Cookie(RefreshCookie); err == nil {
		req.RefreshToken = c.Value
	}
	if c, err := r.Cookie(AccessCookie); err == nil {
		s.authenticate(r, req, c.Value)
	}
}

// authenticate replaces the viewer with the one token was issued to.
func (s *Server) authenticate(r *http.Request, req *action.Request, token string) {
	if s.auth == nil || token == "" {
		return
	}
	viewer, err := s.auth.Authenticate(r.Context(), token)
	if err != nil {
		req.Viewer = action.Viewer{}
		return
	}
	req.Viewer = viewer
}

// clientIP is the peer address, or with TrustProxy the address the nearest
// proxy saw (the last X-Forwarded-For entry).
func (s *Server) clientIP(r *http.Request) string {
	if s.trustProxy {
		if fwd := r.Header.Get("X-Forwarded-For"); fwd != "" {
			parts := strings.Split(fwd, ",")
			if ip := net.ParseIP(strings.TrimSpace(parts[len(parts)-1])); ip != nil {
				return ip.String()
			}
		}
	}
	return peerAddress(r)
}

// peerAddress is the address of the connection's other end.
func peerAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || (s.trustProxy && r.Header.Get("X-Forwarded-Proto") == "https")
}

// writeSession turns what the action did to the session into cookies.
func (s *Server) writeSession(w http.ResponseWriter, r *http.Request, req *action.Request) {
	session, signedOut, changed := req.SessionChange()
	if !changed {
		return
	}
	secure := s.secure(r)
	if signedOut {
		for _, c := range []*http.Cookie{
			{Name: AccessCookie, Path: "/", HttpOnly: true},
			{Name: RefreshCookie, Path: refreshPath, HttpOnly: true},
			{Name: ExpiryCookie, Path: "/"},
		} {
			c.MaxAge, c.Secure, c.SameSite = -1, secure, http.SameSiteLaxMode
			http.SetCookie(w, c)
		}
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: AccessCookie, Value: session.AccessToken, Path: "/",
		Expires: session.AccessExpires, MaxAge: maxAge(session.AccessExpires),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	})
	http.SetCookie(w, &http.Cookie{
		Name: RefreshCookie, Value: session.RefreshToken, Path: refreshPath,
		Expires: session.RefreshExpires, MaxAge: maxAge(session.RefreshExpires),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	})
	// The client reads when to refresh; it lives as long as the refresh
	// token, so a client with an expired access token still knows to refresh.
	http.SetCookie(w, &http.Cookie{
		Name: ExpiryCookie, Value: strconv.FormatInt(session.AccessExpires.Unix(), 10), Path: "/",
		Expires: session.RefreshExpires, MaxAge: maxAge(session.RefreshExpires),
		Secure: secure, SameSite: http.SameSiteLaxMode,
	})
}

func maxAge(until time.Time) int {
	if s := int(time.Until(until).Seconds()); s > 0 {
		return s
	}
	return -1
}

// handleRefresh serves POST /api/auth/refresh: the auth.refresh action with
// the refresh token from its cookie, for this site's pages only.
func (s *Server) handleRefresh(w http.ResponseWriter, r *http.Request) {
	if s.refuseForged(w, r) {
		return
	}
	s.dispatch(w, r, "auth.refresh", nil)
}

// handleLogout serves POST /api/auth/logout: the auth.logout action, for
// this site's pages only. It is no GET, so that no picture or link can sign
// a member out.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if s.refuseForged(w, r) {
		return
	}
	s.dispatch(w, r, "auth.logout", nil)
}
