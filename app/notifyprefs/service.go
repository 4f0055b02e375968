// Package notifyprefs answers a member's notification preferences
// (notify.prefs, notify.savePrefs): per kind of notification whether it
// reaches them in the site, by push and by email, a "do not disturb" range
// in their time zone and the daily email digest, within what the operators
// allow. The preferences themselves, and what the deliveries make of them,
// are souk/app/internal/notifypref's.
package notifyprefs

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"souk/app/action"
	"souk/app/internal/notifypref"
	"souk/persistence"
)

// MaxTimeZoneBytes bounds a time zone's name.
const MaxTimeZoneBytes = 64

// maxKinds bounds the kinds a save lists (each kind once is far below).
const maxKinds = 64

// Errors the actions return, each naming its field.
var (
	// ErrKind is returned for a kind that is not one of notifypref.Kinds.
	ErrKind = action.Errorf(http.StatusBadRequest, "notify.prefs.error.kind", "field", "kinds")
	// ErrStart and ErrEnd are returned for a time that is not HH:MM.
	ErrStart = action.Errorf(http.StatusBadRequest, "notify.prefs.error.time", "field", "dnd.start")
	ErrEnd   = action.Errorf(http.StatusBadRequest, "notify.prefs.error.time", "field", "dnd.end")
	// ErrTimeZone is returned for a time zone that is not a known IANA
	// name of at most MaxTimeZoneBytes.
	ErrTimeZone = action.Errorf(http.StatusBadRequest, "notify.prefs.error.timeZone", "field", "dnd.timeZone")
)

// Store is the members' preferences and the operators' switches, with
// this node's short-lived copies: one per node, shared by the deliveries
// (push, email) and these actions, so that a save is seen at once here.
type Store = notifypref.Store

// NewStore returns the node's Store on db.
func NewStore(db *persistence.DB) *Store { return notifypref.NewStore(db) }

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Prefs reads and saves the preferences; nil uses a store of its own on DB.
	Prefs *Store
	// PushAvailable says whether this site sends Web Push at all.
	PushAvailable bool
}

// Service answers the preference actions.
type Service struct {
	db            *persistence.DB
	prefs         *notifypref.Store
	pushAvailable bool
}

// New returns the service.
func New(cfg Config) *Service {
	if cfg.Prefs == nil {
		cfg.Prefs = notifypref.NewStore(cfg.DB)
	}
	return &Service{db: cfg.DB, prefs: cfg.Prefs, pushAvailable: cfg.PushAvailable}
}

// Register adds the actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "notify.prefs",
		Summary: "The viewer's notification preferences: per kind (in the settings' order) whether it reaches them in the site, " +
			"by push and by email, and what the operators allow; the do-not-disturb range in their time zone; the daily digest.",
		Access: action.Member,
	}, s.Prefs)
	action.Register(r, action.Spec{
		Name: "notify.savePrefs",
		Summary: "Saves the viewer's notification preferences and answers them as notify.prefs does. Kinds missing from the " +
			"list keep their stored channels; private messages and system notices always reach the site. Refusals name " +
			"their field: kinds, dnd.start, dnd.end, dnd.timeZone.",
		Access: action.Member,
	}, s.SavePrefs)
}

// KindPrefs is one kind's channels as the member set them, and what the
// operators allow.
type KindPrefs struct {
	Kind  string `json:"kind" doc:"messages, mentions, replies, follows, likes, awards, orders, wallet or system"`
	Site  bool   `json:"site"`
	Push  bool   `json:"push"`
	Email bool   `json:"email"`
	// SiteLocked marks the kinds that always reach the site.
	SiteLocked   bool `json:"siteLocked" doc:"the kind always reaches the site (messages, system)"`
	PushAllowed  bool `json:"pushAllowed" doc:"the operators allow push for the kind"`
	EmailAllowed bool `json:"emailAllowed" doc:"the operators allow email for the kind"`
}

// DND is the "do not disturb" range as the client shows it.
type DND struct {
	Enabled bool   `json:"enabled"`
	Start   string `json:"start" doc:"local time HH:MM, e.g. 22:00"`
	End     string `json:"end" doc:"local time HH:MM, e.g. 07:30; before start wraps midnight"`
	// TimeZone is an IANA name; "" is UTC.
	TimeZone string `json:"timeZone" doc:"IANA time zone, e.g. Europe/Madrid; empty is UTC"`
}

// NotifyPrefsReply is the reply of notify.prefs and notify.savePrefs.
type NotifyPrefsReply struct {
	Kinds         []KindPrefs `json:"kinds"`
	DND           DND         `json:"dnd"`
	Digest        bool        `json:"digest" doc:"the member asked for the daily email digest"`
	DigestAllowed bool        `json:"digestAllowed" doc:"the operators allow digests"`
	DigestHour    int         `json:"digestHour" doc:"the member's local hour (0..23) digests go out at"`
	// HasEmail says whether the member has an address emails can go to.
	HasEmail bool `json:"hasEmail"`
	// PushAvailable says whether the site sends Web Push.
	PushAvailable     bool `json:"pushAvailable"`
	EmailDelayMinutes int  `json:"emailDelayMinutes" doc:"minutes an unread message or mention waits before its email"`
}

// PrefsInput is the input of notify.prefs.
type PrefsInput struct{}

// Prefs answers notify.prefs.
func (s *Service) Prefs(ctx context.Context, _ PrefsInput) (NotifyPrefsReply, error) {
	userID := action.RequestFrom(ctx).Viewer.UserID
	p, err := s.prefs.Get(ctx, userID)
	if err != nil {
		return NotifyPrefsReply{}, err
	}
	return s.reply(ctx, userID, p)
}

// KindInput is one kind's channels to save.
type KindInput struct {
	Kind  string `json:"kind"`
	Site  bool   `json:"site"`
	Push  bool   `json:"push"`
	Email bool   `json:"email"`
}

// SavePrefsInput is the input of notify.savePrefs.
type SavePrefsInput struct {
	Kinds []KindInput `json:"kinds" doc:"the kinds to change; the others keep their stored channels"`
	// DND, when absent, keeps the stored range.
	DND *DND `json:"dnd,omitempty" doc:"absent keeps the stored range"`
	// Digest, when absent, keeps the stored choice.
	Digest *bool `json:"digest,omitempty" doc:"absent keeps the stored choice"`

	// The validated DND range, in minutes.
	start, end int
}

// Validate checks the input and reads the DND times.
func (in *SavePrefsInput) Validate() error {
	if len(in.Kinds) > maxKinds {
		return ErrKind
	}
	for _, k := range in.Kinds {
		if !notifypref.Known(notifypref.Kind(k.Kind)) {
			return ErrKind
		}
	}
	if in.DND == nil {
		return nil
	}
	var ok bool
	if in.start, ok = ParseClock(in.DND.Start); !ok {
		return ErrStart
	}
	if in.end, ok = ParseClock(in.DND.End); !ok {
		return ErrEnd
	}
	in.DND.TimeZone = strings.TrimSpace(in.DND.TimeZone)
	if !ValidTimeZone(in.DND.TimeZone) {
		return ErrTimeZone
	}
	return nil
}

// SavePrefs answers notify.savePrefs.
func (s *Service) SavePrefs(ctx context.Context, in SavePrefsInput) (NotifyPrefsReply, error) {
	userID := action.RequestFrom(ctx).Viewer.UserID
	p, err := s.prefs.Update(ctx, userID, func(p *notifypref.Prefs) {
		for _, k := range in.Kinds {
			kind := notifypref.Kind(k.Kind)
			p.Kinds[kind] = notifypref.Channels{Site: k.Site, Push: k.Push, Email: k.Email}
		}
		if in.DND != nil {
			p.DND = notifypref.DND{Enabled: in.DND.Enabled, Start: in.start, End: in.end}
			p.TimeZone = in.DND.TimeZone
		}
		if in.Digest != nil {
			p.Digest = *in.Digest
		}
	})
	if err != nil {
		return NotifyPrefsReply{}, err
	}
	return s.reply(ctx, userID, p)
}

func (s *Service) reply(ctx context.Context, userID int64, p notifypref.Prefs) (NotifyPrefsReply, error) {
	ops, err := s.prefs.Operators(ctx)
	if err != nil {
		return NotifyPrefsReply{}, err
	}
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return NotifyPrefsReply{}, fmt.Errorf("notifyprefs: read the member: %w", err)
	}
	reply := NotifyPrefsReply{
		Kinds: make([]KindPrefs, 0, len(notifypref.Kinds)),
		DND: DND{Enabled: p.DND.Enabled, Start: FormatClock(p.DND.Start), End: FormatClock(p.DND.End),
			TimeZone: p.TimeZone},
		Digest: p.Digest, DigestAllowed: ops.Digest, DigestHour: ops.DigestHour,
		HasEmail: u.Email != "", PushAvailable: s.pushAvailable,
		EmailDelayMinutes: int(ops.EmailDelay() / time.Minute),
	}
	for _, k := range notifypref.Kinds {
		reply.Kinds = append(reply.Kinds, KindPrefs{Kind: string(k),
			Site: p.Allows(k, notifypref.Site), Push: p.Allows(k, notifypref.Push), Email: p.Allows(k, notifypref.Email),
			SiteLocked: notifypref.AlwaysInSite(k), PushAllowed: ops.Allows(k, notifypref.Push),
			EmailAllowed: ops.Allows(k, notifypref.Email)})
	}
	return reply, nil
}

// ParseClock reads a local time "HH:MM" (00:00 to 23:59) as minutes after
// midnight.
func ParseClock(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' || !digits(s[:2]) || !digits(s[3:]) {
		return 0, false
	}
	hours, _ := strconv.Atoi(s[:2])
	minutes, _ := strconv.Atoi(s[3:])
	if hours > 23 || minutes > 59 {
		return 0, false
	}
	return hours*60 + minutes, true
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// FormatClock writes minutes after midnight as "HH:MM".
func FormatClock(minutes int) string {
	minutes = ((minutes % notifypref.MinutesPerDay) + notifypref.MinutesPerDay) % notifypref.MinutesPerDay
	return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60)
}

// ValidTimeZone reports whether name is "" (UTC) or an IANA zone of at
// most MaxTimeZoneBytes ("Local", which differs per node, is not).
func ValidTimeZone(name string) bool {
	if name == "" {
		return true
	}
	if len(name) > MaxTimeZoneBytes || name == "Local" {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}
