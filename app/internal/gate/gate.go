// Package gate decides who sees gated content (SPEC.md §6, issue 14 item
// 4): a piece of content carries roles, a list of entries of which any one
// lets a viewer in: free, login (signed in), comment (after the viewer
// commented on it), qrcode, money or credit (after the viewer paid its
// price through the wallet), level (a growth level at least) or vip (a
// VIP tier at least, not ended). The author and administrators always see
// their content. A viewer who may not see it gets the excerpt and the
// entry chosen by the rule of §6 instead: an allowed entry first, then
// free, login, comment, qrcode, then the first.
//
// Articles (souk/app/content) and topics (souk/app/community) share it.
package gate

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"souk/persistence"
)

// The types of a role.
const (
	Free   = "free"
	Login  = "login"
	Cmt    = "comment"
	QRCode = "qrcode"
	Money  = "money"
	Credit = "credit"
	Level  = "level"
	VIP    = "vip"
)

// Role is one way into gated content.
type Role struct {
	Type string `json:"type" doc:"free, login, comment, qrcode, money, credit, level or vip"`
	// Value is the price (money, qrcode: minor units of Currency; credit:
	// credits) or the level or VIP key (level, vip); empty otherwise.
	Value string `json:"value,omitempty" doc:"money and qrcode: the price in minor units of currency; credit: the credits; level and vip: the level's or tier's key"`
	// Currency is the ISO code of a money or qrcode price.
	Currency string `json:"currency,omitempty" doc:"money and qrcode: the price's currency (ISO code)"`
}

// Priced reports whether the role opens by a payment.
func (r Role) Priced() bool { return r.Type == Money || r.Type == Credit || r.Type == QRCode }

// Price is the asset and amount a priced role costs.
func (r Role) Price() (asset string, amount int64) {
	amount, _ = strconv.ParseInt(r.Value, 10, 64)
	if r.Type == Credit {
		return persistence.AssetCredit, amount
	}
	return r.Currency, amount
}

// MaxRoles bounds the entries of one piece of content.
const MaxRoles = 8

// ErrInvalid is returned by Check for roles that are not well formed.
var ErrInvalid = errors.New("gate: invalid roles")

// Check validates roles against the site's currencies and levels: known
// types, a positive whole price in a known currency, an existing level or
// tier key.
func Check(ctx context.Context, db *persistence.DB, roles []Role) error {
	if len(roles) > MaxRoles {
		return ErrInvalid
	}
	for _, r := range roles {
		switch r.Type {
		case Free, Login, Cmt:
			if r.Value != "" || r.Currency != "" {
				return ErrInvalid
			}
		case Money, QRCode, Credit:
			n, err := strconv.ParseInt(r.Value, 10, 64)
			if err != nil || n <= 0 || n > 1_000_000_000 {
				return ErrInvalid
			}
			if r.Type == Credit {
				if r.Currency != "" {
					return ErrInvalid
				}
				continue
			}
			if _, err := db.Currencies().Get(ctx, r.Currency); err != nil {
				if persistence.IsUnavailable(err) {
					return err
				}
				return ErrInvalid
			}
		case Level, VIP:
			kind := persistence.LevelKindGrowth
			if r.Type == VIP {
				kind = persistence.LevelKindVIP
			}
			if _, err := db.Levels().Get(ctx, kind, r.Value); err != nil {
				if persistence.IsUnavailable(err) {
					return err
				}
				return ErrInvalid
			}
		default:
			return ErrInvalid
		}
	}
	return nil
}

// Viewer is who asks to see gated content.
type Viewer struct {
	UserID  int64
	IsAdmin bool
}

// Content is the gated piece asked for.
type Content struct {
	TargetType string
	TargetID   int64
	AuthorID   int64
	Roles      []Role
}

// Decision is what a viewer gets of gated content.
type Decision struct {
	// Open is set when the viewer sees the whole content.
	Open bool
	// Shown is the entry the client offers a viewer who may not see it
	// (nil when Open or when the content has no roles).
	Shown *Role
}

// Decide tells whether v may see c, reading what the roles need (the
// member's levels, comments and purchases) from db; now ends VIP tiers.
func Decide(ctx context.Context, db *persistence.DB, v Viewer, c Content, now time.Time) (Decision, error) {
	if len(c.Roles) == 0 || (v.UserID != 0 && (v.IsAdmin || v.UserID == c.AuthorID)) {
		return Decision{Open: true}, nil
	}
	facts := facts{db: db, v: v, c: c, now: now}
	for _, r := range c.Roles {
		ok, err := facts.allows(ctx, r)
		if err != nil {
			return Decision{}, err
		}
		if ok {
			return Decision{Open: true}, nil
		}
	}
	shown := Choose(c.Roles)
	return Decision{Shown: &shown}, nil
}

// Choose is the entry shown to a viewer no entry lets in (§6): free,
// login, comment, qrcode in that order, then the first.
func Choose(roles []Role) Role {
	for _, t := range []string{Free, Login, Cmt, QRCode} {
		for _, r := range roles {
			if r.Type == t {
				return r
			}
		}
	}
	return roles[0]
}

type facts struct {
	db  *persistence.DB
	v   Viewer
	c   Content
	now time.Time
	// user is read once, when a level or vip entry needs it.
	user *persistence.User
}

func (f *facts) allows(ctx context.Context, r Role) (bool, error) {
	if r.Type == Free {
		return true, nil
	}
	if f.v.UserID == 0 {
		return false, nil
	}
	switch r.Type {
	case Login:
		return true, nil
	case Cmt:
		return f.db.Comments().HasCommented(ctx, f.v.UserID, f.c.TargetType, f.c.TargetID)
	case Money, Credit, QRCode:
		return f.db.Unlocks().Unlocked(ctx, f.v.UserID, f.c.TargetType, f.c.TargetID)
	case Level, VIP:
		return f.ranked(ctx, r)
	}
	return false, nil
}

// ranked reports whether the member's growth level (or live VIP tier)
// ranks at least the role's.
func (f *facts) ranked(ctx context.Context, r Role) (bool, error) {
	if f.user == nil {
		u, err := f.db.Users().Get(ctx, f.v.UserID)
		if err != nil {
			return false, fmt.Errorf("gate: read member: %w", err)
		}
		f.user = &u
	}
	kind, key := persistence.LevelKindGrowth, f.user.LevelKey
	if r.Type == VIP {
		kind, key = persistence.LevelKindVIP, f.user.VIPKey
		if key == "" || (f.user.VIPExpiresAt != 0 && f.user.VIPExpiresAt <= persistence.Millis(f.now)) {
			return false, nil
		}
	}
	if key == "" {
		return false, nil
	}
	want, err := f.db.Levels().Get(ctx, kind, r.Value)
	if err != nil {
		return false, fmt.Errorf("gate: read level %q: %w", r.Value, err)
	}
	have, err := f.db.Levels().Get(ctx, kind, key)
	if err != nil {
		return false, fmt.Errorf("gate: read level %q: %w", key, err)
	}
	return have.Rank >= want.Rank, nil
}
