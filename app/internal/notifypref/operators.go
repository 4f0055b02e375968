package notifypref

import "time"

// The operators' defaults and bounds.
const (
	DefaultEmailDelayMinutes = 15
	MaxEmailDelayMinutes     = 1440
	DefaultDigestHour        = 8
)

// Operators is the operators' switches above every member's preferences,
// the site settings document "notify" (sitesettings.KeyNotify) the console
// edits.
type Operators struct {
	// Push and Email turn a kind off by that channel for everyone; a kind
	// missing is on.
	Push  map[Kind]bool `json:"push" doc:"per kind, whether push is allowed (missing = allowed)"`
	Email map[Kind]bool `json:"email" doc:"per kind, whether email is allowed (missing = allowed)"`
	// EmailDelayMinutes is how long an unread private message or mention
	// waits before its email, 1..1440; 0 is DefaultEmailDelayMinutes.
	EmailDelayMinutes int `json:"emailDelayMinutes" doc:"minutes an unread message waits before its email, 1..1440 (0 = 15)"`
	// Digest allows daily digests at all.
	Digest bool `json:"digest" doc:"whether members may ask for the daily digest"`
	// DigestHour is the members' local hour (0..23) digests go out at.
	DigestHour int `json:"digestHour" doc:"members' local hour 0..23 the digest goes out at"`
}

// DefaultOperators returns the switches when the operators saved none:
// everything allowed, a 15 minute email delay, digests at 8.
func DefaultOperators() Operators {
	return Operators{EmailDelayMinutes: DefaultEmailDelayMinutes, Digest: true, DigestHour: DefaultDigestHour}
}

// Allows reports whether the operators allow kind k by channel c; the site
// is always allowed.
func (o Operators) Allows(k Kind, c Channel) bool {
	var switches map[Kind]bool
	switch c {
	case Push:
		switches = o.Push
	case Email:
		switches = o.Email
	default:
		return true
	}
	on, ok := switches[k]
	return !ok || on
}

// EmailDelay returns how long an unread private message or mention waits
// before its email.
func (o Operators) EmailDelay() time.Duration {
	minutes := o.EmailDelayMinutes
	if minutes <= 0 || minutes > MaxEmailDelayMinutes {
		minutes = DefaultEmailDelayMinutes
	}
	return time.Duration(minutes) * time.Minute
}

// Validate returns the name of the first invalid field of o ("push",
// "email", "emailDelayMinutes", "digestHour"), or "" when o is valid.
func (o Operators) Validate() string {
	for k := range o.Push {
		if !Known(k) {
			return "push"
		}
	}
	for k := range o.Email {
		if !Known(k) {
			return "email"
		}
	}
	if o.EmailDelayMinutes < 0 || o.EmailDelayMinutes > MaxEmailDelayMinutes {
		return "emailDelayMinutes"
	}
	if o.DigestHour < 0 || o.DigestHour > 23 {
		return "digestHour"
	}
	return ""
}
