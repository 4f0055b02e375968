package wallet

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"souk/app/action"
	"souk/persistence"
)

// MembershipsInput takes nothing.
type MembershipsInput struct{}

// Tier is a VIP tier on sale.
type Tier struct {
	Key          string                           `json:"key"`
	Icon         string                           `json:"icon" doc:"the badge picture's URL"`
	Name         string                           `json:"name" doc:"in the request's language"`
	Roles        []string                         `json:"roles" doc:"the capabilities the tier unlocks (userCan), e.g. chat, directMessages"`
	Media        map[string]persistence.MediaRole `json:"media" doc:"upload rights per media type: can, max per day (0 unlimited), size MB"`
	CanBuilder   bool                             `json:"canBuilder" doc:"whether the tier unlocks the page builder"`
	Prices       map[string]string                `json:"prices" doc:"price per site currency code (its decimals) and CREDIT (an integer); a currency missing here cannot buy the tier"`
	DurationDays int                              `json:"durationDays" doc:"how long one purchase lasts"`
}

// Membership is a member's VIP tier.
type Membership struct {
	Key       string `json:"key"`
	ExpiresAt int64  `json:"expiresAt" doc:"epoch milliseconds; 0 never ends"`
}

// MembershipsReply is the reply of wallet.memberships.
type MembershipsReply struct {
	Tiers   []Tier      `json:"tiers"`
	Current *Membership `json:"current" doc:"the viewer's tier; null for none, an ended one or a guest"`
}

// Memberships answers wallet.memberships.
func (s *Service) Memberships(ctx context.Context, _ MembershipsInput) (MembershipsReply, error) {
	req := action.RequestFrom(ctx)
	reply := MembershipsReply{Tiers: []Tier{}}
	levels, err := s.db.Levels().List(ctx, persistence.LevelKindVIP)
	if err != nil {
		return reply, fmt.Errorf("wallet: tiers: %w", err)
	}
	assets, err := s.assetsByCode(ctx)
	if err != nil {
		return reply, err
	}
	for _, l := range levels {
		t := Tier{Key: l.Key, Icon: l.Icon, Name: levelName(l, req.Lang), Roles: append([]string{}, l.Roles.UserCan...),
			Media: map[string]persistence.MediaRole{}, CanBuilder: l.Roles.CanBuilder,
			Prices: map[string]string{}, DurationDays: l.DurationDays}
		maps.Copy(t.Media, l.Roles.Media)
		for code, units := range l.Prices {
			if a, ok := assets[code]; ok && units > 0 {
				t.Prices[code] = a.Format(units)
			}
		}
		reply.Tiers = append(reply.Tiers, t)
	}
	if req.Viewer.IsGuest() {
		return reply, nil
	}
	u, err := s.db.Users().Get(ctx, req.Viewer.UserID)
	if errors.Is(err, persistence.ErrNotFound) {
		return reply, nil
	}
	if err != nil {
		return reply, err
	}
	if u.VIPKey != "" && (u.VIPExpiresAt == 0 || u.VIPExpiresAt > s.now().UnixMilli()) {
		reply.Current = &Membership{Key: u.VIPKey, ExpiresAt: u.VIPExpiresAt}
	}
	return reply, nil
}

// levelName is a level's name in lang, else in the default language.
func levelName(l persistence.Level, lang string) string {
	if n := l.Names[lang]; n != "" {
		return n
	}
	return l.Names[action.DefaultLang]
}
