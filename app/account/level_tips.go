package account

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"souk/app/action"
	"souk/persistence"
)

// LevelInfo is a growth level or VIP tier with its rights.
type LevelInfo struct {
	Key       string                 `json:"key"`
	Icon      string                 `json:"icon"`
	Name      string                 `json:"name" doc:"in the request's language"`
	Rank      int                    `json:"rank"`
	Roles     persistence.LevelRoles `json:"roles" doc:"userCan, media per type {can, max per day (0 unlimited), size MB}, canBuilder"`
	MinPoints int64                  `json:"minPoints" doc:"growth points the level needs (0: the lowest level, one not earned by points, or a VIP tier)"`
}

// NextLevel is the growth level after the caller's and what it would add.
type NextLevel struct {
	Level     Badge   `json:"level"`
	Unlocks   Unlocks `json:"unlocks"`
	MinPoints int64   `json:"minPoints" doc:"growth points the level needs; 0 when points do not earn it (an administrator gives it)"`
}

// Unlocks are the rights a level adds to what the caller holds.
type Unlocks struct {
	UserCan    []string                         `json:"userCan" doc:"capabilities gained"`
	Media      map[string]persistence.MediaRole `json:"media" doc:"per media type whose rights grow, the level's rights"`
	CanBuilder bool                             `json:"canBuilder" doc:"whether the page builder is gained"`
}

// LevelTipsReply is the reply of utils.levelTips.
type LevelTipsReply struct {
	LevelTips struct {
		Levels     []LevelInfo  `json:"levels" doc:"growth levels, lowest first"`
		VIP        []LevelInfo  `json:"vip" doc:"VIP tiers, lowest first"`
		Current    *Badge       `json:"current" doc:"the caller's growth level; null for a guest"`
		CurrentVIP *Badge       `json:"currentVip" doc:"the caller's VIP tier; null when none"`
		Next       *NextLevel   `json:"next" doc:"the next growth level (for a guest the first) and what it unlocks; null at the top"`
		Points     int64        `json:"points" doc:"the caller's growth points; 0 for a guest"`
		Earn       []GrowthRule `json:"earn" doc:"how growth points are earned: points per reason and the most a UTC day"`
	} `json:"levelTips"`
}

// LevelTips answers utils.levelTips, for the level tips dialog.
func (s *Service) LevelTips(ctx context.Context, _ struct{}) (LevelTipsReply, error) {
	req := action.RequestFrom(ctx)
	growth, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return LevelTipsReply{}, fmt.Errorf("account: level tips: %w", err)
	}
	vips, err := s.db.Levels().List(ctx, persistence.LevelKindVIP)
	if err != nil {
		return LevelTipsReply{}, fmt.Errorf("account: level tips: %w", err)
	}
	var reply LevelTipsReply
	reply.LevelTips.Levels = levelInfos(growth, req.Lang)
	reply.LevelTips.VIP = levelInfos(vips, req.Lang)
	reply.LevelTips.Earn = GrowthRules

	held := rights{media: map[string]persistence.MediaRole{}}
	next := 0
	if !req.Viewer.IsGuest() {
		u, err := s.db.Users().Get(ctx, req.Viewer.UserID)
		switch {
		case err == nil:
			if held, err = loadRights(ctx, s.db, u, s.now()); err != nil {
				return LevelTipsReply{}, err
			}
			reply.LevelTips.Current = badge(held.level, req.Lang)
			if reply.LevelTips.Points, err = s.db.Growth().Points(ctx, u.ID); err != nil {
				return LevelTipsReply{}, fmt.Errorf("account: level tips: %w", err)
			}
			reply.LevelTips.CurrentVIP = badge(held.vip, req.Lang)
			next = len(growth)
			if held.level != nil {
				next = slices.IndexFunc(growth, func(l persistence.Level) bool { return l.Key == held.level.Key }) + 1
			}
		case !errors.Is(err, persistence.ErrNotFound):
			return LevelTipsReply{}, fmt.Errorf("account: level tips: %w", err)
		}
	}
	if next < len(growth) {
		l := growth[next]
		reply.LevelTips.Next = &NextLevel{Level: *badge(&l, req.Lang), Unlocks: unlocks(held, l.Roles), MinPoints: l.MinPoints}
	}
	return reply, nil
}

func levelInfos(levels []persistence.Level, lang string) []LevelInfo {
	out := make([]LevelInfo, 0, len(levels))
	for _, l := range levels {
		out = append(out, LevelInfo{Key: l.Key, Icon: l.Icon, Name: inLang(l.Names, lang), Rank: l.Rank, Roles: l.Roles,
			MinPoints: l.MinPoints})
	}
	return out
}

// unlocks is what roles give beyond held.
func unlocks(held rights, roles persistence.LevelRoles) Unlocks {
	u := Unlocks{UserCan: []string{}, Media: map[string]persistence.MediaRole{}}
	if held.isAdmin {
		return u
	}
	for _, c := range roles.UserCan {
		if !slices.Contains(held.userCan, c) {
			u.UserCan = append(u.UserCan, c)
		}
	}
	u.CanBuilder = roles.CanBuilder && !held.canBuilder
	for _, t := range mediaTypes {
		if m := roles.Media[t]; mergeMedia(held.media[t], m) != held.media[t] {
			u.Media[t] = m
		}
	}
	return u
}
