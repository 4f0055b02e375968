package action

import "context"

// Languages the site speaks, the default first.
var Languages = []string{"zh-hans", "en", "es"}

// DefaultLang is the language of unprefixed routes and of requests that name none.
const DefaultLang = "zh-hans"

// NormalizeLang maps a language tag the client sent to one of Languages,
// falling back to DefaultLang for anything unknown.
func NormalizeLang(tag string) string {
	switch tag {
	case "zh-hans", "zh", "zh-cn", "zh-CN", "zh-Hans", "zh_CN":
		return "zh-hans"
	case "en", "en-US", "en-us", "en-GB":
		return "en"
	case "es", "es-ES", "es-es":
		return "es"
	}
	return DefaultLang
}

// Viewer is the caller of a request. The zero value is a guest.
type Viewer struct {
	// UserID is the member's databaseId; 0 for a guest.
	UserID int64
	// IsAdmin grants every permission.
	IsAdmin bool
	// UserCan lists the capabilities the member's level and VIP tier give
	// (for example "chat", "directMessages").
	UserCan []string
	// Session is the session (refresh token family) the member's access
	// token belongs to; 0 when unknown.
	Session int64
}

// IsGuest reports whether nobody is signed in.
func (v Viewer) IsGuest() bool { return v.UserID == 0 }

// Can reports whether the viewer holds a capability. Admins hold them all.
func (v Viewer) Can(capability string) bool {
	if v.IsAdmin {
		return true
	}
	for _, c := range v.UserCan {
		if c == capability {
			return true
		}
	}
	return false
}

// Request is the context of one call, filled by the transport from the
// envelope of POST /api/request (or the websocket frame). It belongs to one
// call and is not safe for concurrent use.
type Request struct {
	// Action is the name of the action called.
	Action string
	// Path is the page the client is on, with its locale prefix.
	Path string
	// Device is mobile, tablet or desktop.
	Device string
	// Currency is the ISO code the client shows prices in.
	Currency string
	// Lang is one of Languages.
	Lang string
	// VisitorID identifies the browser, signed in or not.
	VisitorID string
	// RequestID is the id the transport logs this request under.
	RequestID string
	// Viewer is who is calling.
	Viewer Viewer
	// ClientIP is the caller's address, for rate limits.
	ClientIP string
	// UserAgent is the caller's User-Agent header.
	UserAgent string
	// RefreshToken is the caller's refresh token, when the transport has one
	// (auth.refresh and auth.logout read it).
	RefreshToken string

	change *sessionChange // set by SignIn and SignOut
	audits []auditChange  // appended by AuditChange
}

type requestKey struct{}

// WithRequest returns a context carrying req.
func WithRequest(ctx context.Context, req *Request) context.Context {
	return context.WithValue(ctx, requestKey{}, req)
}

// RequestFrom returns the request ctx carries, or a guest request in the
// default language when it carries none.
func RequestFrom(ctx context.Context) *Request {
	if req, ok := ctx.Value(requestKey{}).(*Request); ok {
		return req
	}
	return &Request{Lang: DefaultLang}
}

// LangPrefix is the URL prefix of a language's pages: none for the
// default language (and for an empty one), "/<lang>" for the others.
func LangPrefix(lang string) string {
	if lang == "" || lang == DefaultLang {
		return ""
	}
	return "/" + lang
}
