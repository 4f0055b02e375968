package account

import (
	"context"
	"fmt"
	"slices"

	"souk/app/action"
	"souk/persistence"
)

// Growth is a member's growth: points, level and what they earned today.
type Growth struct {
	Points int64  `json:"points" doc:"growth points earned in all"`
	Level  *Badge `json:"level" doc:"the growth level held; null when the site has none"`
	// Next is the next level points earn; nil at the top.
	Next          *GrowthNext   `json:"next" doc:"the next level points earn and its threshold; null at the top"`
	Today         []GrowthToday `json:"today" doc:"every reason (as GrowthRules lists them) with today's points"`
	SignedInToday bool          `json:"signedInToday" doc:"account.signIn was done today (UTC)"`
}

// GrowthNext is the next growth level and the points it needs.
type GrowthNext struct {
	Level     Badge `json:"level"`
	MinPoints int64 `json:"minPoints" doc:"the points the level needs"`
}

// GrowthToday is what one reason earned today.
type GrowthToday struct {
	Reason string `json:"reason"`
	Points int64  `json:"points" doc:"points earned today (UTC)"`
	Cap    int64  `json:"cap" doc:"most points a day"`
}

// GrowthReply is the reply of account.growth and account.signIn.
type GrowthReply struct {
	Growth Growth `json:"growth"`
}

// Growth answers account.growth.
func (s *Service) Growth(ctx context.Context, _ struct{}) (GrowthReply, error) {
	g, err := s.growthOf(ctx, action.RequestFrom(ctx).Viewer.UserID)
	return GrowthReply{Growth: g}, err
}

// SignIn answers account.signIn: the daily sign-in's points, once per UTC
// day.
func (s *Service) SignIn(ctx context.Context, _ struct{}) (GrowthReply, error) {
	userID := action.RequestFrom(ctx).Viewer.UserID
	added, err := s.Award(ctx, userID, GrowthSignIn)
	if err != nil {
		return GrowthReply{}, err
	}
	if added == 0 {
		return GrowthReply{}, ErrSignedIn
	}
	g, err := s.growthOf(ctx, userID)
	return GrowthReply{Growth: g}, err
}

// growthOf reads a member's growth in the request's language.
func (s *Service) growthOf(ctx context.Context, userID int64) (Growth, error) {
	lang := action.RequestFrom(ctx).Lang
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil {
		return Growth{}, fmt.Errorf("account: growth: %w", err)
	}
	points, err := s.db.Growth().Points(ctx, userID)
	if err != nil {
		return Growth{}, fmt.Errorf("account: growth: %w", err)
	}
	today, err := s.db.Growth().Today(ctx, userID, growthDay(s.now()))
	if err != nil {
		return Growth{}, fmt.Errorf("account: growth: %w", err)
	}
	levels, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return Growth{}, fmt.Errorf("account: growth: %w", err)
	}
	g := Growth{Points: points, Today: make([]GrowthToday, 0, len(GrowthRules)),
		SignedInToday: today[GrowthSignIn] > 0}
	for _, r := range GrowthRules {
		g.Today = append(g.Today, GrowthToday{Reason: r.Reason, Points: today[r.Reason], Cap: r.Cap})
	}
	if len(levels) == 0 {
		return g, nil
	}
	held := heldLevel(levels, u.LevelKey)
	g.Level = badge(&levels[held], lang)
	if next := nextEarned(levels, held); next >= 0 {
		g.Next = &GrowthNext{Level: *badge(&levels[next], lang), MinPoints: levels[next].MinPoints}
	}
	return g, nil
}

// heldLevel is the index in levels of the level key; a key the site no
// longer has counts as the lowest level, as in loadRights.
func heldLevel(levels []persistence.Level, key string) int {
	return max(slices.IndexFunc(levels, func(l persistence.Level) bool { return l.Key == key }), 0)
}

// nextEarned is the index of the first level above held that points earn
// (see reachedLevel); -1 when none.
func nextEarned(levels []persistence.Level, held int) int {
	for i := held + 1; i < len(levels); i++ {
		if levels[i].MinPoints > 0 {
			return i
		}
	}
	return -1
}
