// Package notifypref holds what reaches a member and how: per kind of
// notification, in the site, by push and by email; a "do not disturb"
// range in their time zone; the daily email digest; and the operators'
// switches above every member's (the site settings document "notify").
// app/push, app/notify and app/notifymail consult it before they deliver.
package notifypref

import (
	"time"
	// The zones are built in, so every node reads a member's alike
	// whatever its system holds.
	_ "time/tzdata"
)

// Kind is a kind of notification a member sets channels for.
type Kind string

// The kinds a member sets channels for, in the order the settings list them.
const (
	Messages Kind = "messages"
	Mentions Kind = "mentions"
	Replies  Kind = "replies"
	Follows  Kind = "follows"
	Likes    Kind = "likes"
	Awards   Kind = "awards"
	Orders   Kind = "orders"
	Wallet   Kind = "wallet"
	System   Kind = "system"
)

// Kinds lists every Kind in the settings' order.
var Kinds = []Kind{Messages, Mentions, Replies, Follows, Likes, Awards, Orders, Wallet, System}

// Known reports whether k is one of Kinds.
func Known(k Kind) bool {
	for _, known := range Kinds {
		if k == known {
			return true
		}
	}
	return false
}

// KindOf maps the kind of an event (a notification's kind, or "message"
// for a private message) to the Kind its member's preferences name;
// anything unknown is System.
func KindOf(eventKind string) Kind {
	switch eventKind {
	case "message", "private_message":
		return Messages
	case "mention":
		return Mentions
	case "comment", "answer":
		return Replies
	case "follow":
		return Follows
	case "like":
		return Likes
	case "award", "refund":
		return Awards
	case "order":
		return Orders
	case "wallet", "coupon":
		return Wallet
	}
	return System
}

// Channel is a way a notification reaches a member.
type Channel string

// The channels.
const (
	Site  Channel = "site"
	Push  Channel = "push"
	Email Channel = "email"
)

// Channels says whether one kind reaches a member in the site, by push and
// by email.
type Channels struct{ Site, Push, Email bool }

// On reports whether c is on.
func (c Channels) On(ch Channel) bool {
	switch ch {
	case Site:
		return c.Site
	case Push:
		return c.Push
	case Email:
		return c.Email
	}
	return false
}

// MinutesPerDay bounds DND's Start and End.
const MinutesPerDay = 24 * 60

// DND is a daily "do not disturb" range: no push, and emails wait until it
// ends.
type DND struct {
	Enabled bool
	// Start and End are minutes after local midnight, 0..1439; a Start
	// after End wraps midnight (22:00 to 07:30), and Start == End is an
	// empty range.
	Start, End int
}

// Prefs is a member's notification preferences.
type Prefs struct {
	// Kinds holds every Kind's channels.
	Kinds map[Kind]Channels
	DND   DND
	// TimeZone is an IANA name; "" is UTC.
	TimeZone string
	// Digest asks for a daily email digest of unread notifications.
	Digest bool
}

// The DND range a member who never set one is offered (turned off).
const (
	DefaultDNDStart = 22 * 60
	DefaultDNDEnd   = 7 * 60
)

// Defaults returns the preferences of a member who never saved any: in the
// site everything, by push everything but likes, by email everything but
// follows and likes; no DND (22:00 to 07:00 when turned on), no digest.
func Defaults() Prefs {
	kinds := make(map[Kind]Channels, len(Kinds))
	for _, k := range Kinds {
		kinds[k] = Channels{Site: true, Push: k != Likes, Email: k != Follows && k != Likes}
	}
	return Prefs{Kinds: kinds, DND: DND{Start: DefaultDNDStart, End: DefaultDNDEnd}}
}

// AlwaysInSite reports whether kind k always reaches the member in the
// site, whatever they set: private messages and the site's own notices.
func AlwaysInSite(k Kind) bool { return k == Messages || k == System }

// Allows reports whether kind k reaches the member by channel c. A kind
// missing from p.Kinds has its default.
func (p Prefs) Allows(k Kind, c Channel) bool {
	if c == Site && AlwaysInSite(k) {
		return true
	}
	ch, ok := p.Kinds[k]
	if !ok {
		ch = Defaults().Kinds[k]
	}
	return ch.On(c)
}

// Location returns the member's time zone, UTC when it is unset or unknown.
func (p Prefs) Location() *time.Location {
	if p.TimeZone == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(p.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// inside reports whether minute m of the local day is inside the range.
func (d DND) inside(m int) bool {
	switch {
	case d.Start < d.End:
		return d.Start <= m && m < d.End
	case d.Start > d.End:
		return m >= d.Start || m < d.End
	}
	return false
}

// Quiet reports whether now falls in the member's DND range.
func (p Prefs) Quiet(now time.Time) bool {
	if !p.DND.Enabled {
		return false
	}
	local := now.In(p.Location())
	return p.DND.inside(local.Hour()*60 + local.Minute())
}

// QuietUntil returns when the DND range now is in ends (the next local
// End after now), or now when it is not Quiet.
func (p Prefs) QuietUntil(now time.Time) time.Time {
	if !p.Quiet(now) {
		return now
	}
	local := now.In(p.Location())
	y, m, d := local.Date()
	end := time.Date(y, m, d, p.DND.End/60, p.DND.End%60, 0, 0, local.Location())
	if !end.After(now) {
		end = time.Date(y, m, d+1, p.DND.End/60, p.DND.End%60, 0, 0, local.Location())
	}
	return end
}
