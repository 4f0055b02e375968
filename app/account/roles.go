package account

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"souk/app/internal/credential"
	"souk/persistence"
)

// mediaTypes are the upload types a role speaks of.
var mediaTypes = []string{"image", "video", "audio", "attachment"}

// Capabilities every administrator holds besides those of any level.
var adminCapabilities = []string{"chat", "directMessages"}

// barredInDarkRoom are the capabilities a member in the dark room loses.
var barredInDarkRoom = []string{"chat", "directMessages"}

// rights is what a member may do: their growth level and VIP tier merged,
// or everything for an administrator.
type rights struct {
	// level is the member's growth level; nil when the site has none.
	level *persistence.Level
	// vip is the member's VIP tier; nil when none or expired.
	vip        *persistence.Level
	isAdmin    bool
	canBuilder bool
	// userCan is sorted and without duplicates.
	userCan []string
	// media holds every type of mediaTypes. A Max of 0 means unlimited,
	// a SizeMB of 0 the site's max_file_size.
	media map[string]persistence.MediaRole
}

// loadRights computes u's rights at now. A level key the site no longer
// has counts as its lowest level; an expired VIP tier counts as none.
func loadRights(ctx context.Context, db *persistence.DB, u persistence.User, now time.Time) (rights, error) {
	growth, err := db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return rights{}, fmt.Errorf("account: rights: %w", err)
	}
	r := rights{isAdmin: u.IsAdmin, media: make(map[string]persistence.MediaRole, len(mediaTypes))}
	for i := range growth {
		if growth[i].Key == u.LevelKey {
			r.level = &growth[i]
		}
	}
	if r.level == nil && len(growth) > 0 {
		r.level = &growth[0]
	}
	if u.VIPKey != "" && (u.VIPExpiresAt == 0 || u.VIPExpiresAt > persistence.Millis(now)) {
		vip, err := db.Levels().Get(ctx, persistence.LevelKindVIP, u.VIPKey)
		switch {
		case err == nil:
			r.vip = &vip
		case !errors.Is(err, persistence.ErrNotFound):
			return rights{}, fmt.Errorf("account: rights: %w", err)
		}
	}

	if u.IsAdmin {
		r.canBuilder = true
		r.userCan = append(r.userCan, adminCapabilities...)
		vips, err := db.Levels().List(ctx, persistence.LevelKindVIP)
		if err != nil {
			return rights{}, fmt.Errorf("account: rights: %w", err)
		}
		for _, l := range append(growth, vips...) {
			r.userCan = append(r.userCan, l.Roles.UserCan...)
			for _, t := range mediaTypes {
				if size := l.Roles.Media[t].SizeMB; size > r.media[t].SizeMB {
					r.media[t] = persistence.MediaRole{SizeMB: size}
				}
			}
		}
		for _, t := range mediaTypes {
			r.media[t] = persistence.MediaRole{Can: true, Max: 0, SizeMB: r.media[t].SizeMB}
		}
	} else {
		// The builder role an administrator gave holds whatever the levels say.
		r.canBuilder = u.CanBuilder
		for _, l := range []*persistence.Level{r.level, r.vip} {
			if l == nil {
				continue
			}
			r.canBuilder = r.canBuilder || l.Roles.CanBuilder
			r.userCan = append(r.userCan, l.Roles.UserCan...)
			for _, t := range mediaTypes {
				r.media[t] = mergeMedia(r.media[t], l.Roles.Media[t])
			}
		}
		if u.DarkRoom {
			r.userCan = slices.DeleteFunc(r.userCan, func(c string) bool { return slices.Contains(barredInDarkRoom, c) })
		}
	}
	slices.Sort(r.userCan)
	r.userCan = slices.Compact(r.userCan)
	if r.userCan == nil {
		r.userCan = []string{}
	}
	return r, nil
}

// mergeMedia gives the more generous of two rights to one media type.
func mergeMedia(a, b persistence.MediaRole) persistence.MediaRole {
	switch {
	case !b.Can:
		return a
	case !a.Can:
		return b
	}
	out := persistence.MediaRole{Can: true, Max: max(a.Max, b.Max), SizeMB: max(a.SizeMB, b.SizeMB)}
	if a.Max == 0 || b.Max == 0 {
		out.Max = 0
	}
	if a.SizeMB == 0 || b.SizeMB == 0 {
		out.SizeMB = 0
	}
	return out
}

// TokenRights are u's rights at now as an access token carries them
// (an auth.Rights).
func TokenRights(ctx context.Context, db *persistence.DB, u persistence.User, now time.Time) (credential.TokenRights, error) {
	r, err := loadRights(ctx, db, u, now)
	if err != nil {
		return credential.TokenRights{}, err
	}
	t := credential.TokenRights{IsAdmin: r.isAdmin, UserCan: r.userCan}
	if r.level != nil {
		t.Level = r.level.Key
	}
	if r.vip != nil {
		t.VIP = r.vip.Key
	}
	return t, nil
}

// MediaRights are member userID's upload rights at now per media type
// (image, video, audio, attachment), for the media feature: SizeMB is the
// role's limit bounded by the site's max_file_size (a role without one
// gets the site's; 0 when neither sets one). Max is uploads per day, 0
// meaning unlimited.
func MediaRights(ctx context.Context, db *persistence.DB, userID int64, now time.Time) (map[string]persistence.MediaRole, error) {
	u, err := db.Users().Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("account: media rights: %w", err)
	}
	r, err := loadRights(ctx, db, u, now)
	if err != nil {
		return nil, err
	}
	var siteMB int
	if err := db.Settings().Get(ctx, maxFileSizeKey, &siteMB); err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return nil, fmt.Errorf("account: media rights: %w", err)
	}
	out := make(map[string]persistence.MediaRole, len(mediaTypes))
	for _, t := range mediaTypes {
		m := r.media[t]
		if m.SizeMB == 0 || (siteMB > 0 && m.SizeMB > siteMB) {
			m.SizeMB = siteMB
		}
		out[t] = m
	}
	return out, nil
}
