package account

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/persistence"
)

// Reasons a member earns growth points for.
const (
	GrowthSignIn         = "signIn"
	GrowthChat           = "chat"
	GrowthPrivateMessage = "privateMessage"
	GrowthTopic          = "topic"
	GrowthAnswer         = "answer"
	GrowthLikeReceived   = "likeReceived"
)

// GrowthRule is what one reason earns: Points each time, at most Cap a
// UTC day.
type GrowthRule struct {
	Reason string `json:"reason" doc:"signIn, chat, privateMessage, topic, answer or likeReceived"`
	Points int64  `json:"points" doc:"points each time"`
	Cap    int64  `json:"cap" doc:"most points a UTC day"`
}

// GrowthRules are the points of every reason, in the order the client
// lists them. The sign-in's cap equals its points: once a day.
var GrowthRules = []GrowthRule{
	{Reason: GrowthSignIn, Points: 10, Cap: 10},
	{Reason: GrowthChat, Points: 1, Cap: 20},
	{Reason: GrowthPrivateMessage, Points: 1, Cap: 10},
	{Reason: GrowthTopic, Points: 5, Cap: 20},
	{Reason: GrowthAnswer, Points: 2, Cap: 20},
	{Reason: GrowthLikeReceived, Points: 1, Cap: 20},
}

func growthRule(reason string) (GrowthRule, bool) {
	i := slices.IndexFunc(GrowthRules, func(r GrowthRule) bool { return r.Reason == reason })
	if i < 0 {
		return GrowthRule{}, false
	}
	return GrowthRules[i], true
}

// EventViewer is the event a member gets when their rights change; the
// client reloads auth.viewer, the realtime layer the socket's rights.
const EventViewer = "viewer"

// ViewerChanged is the data of EventViewer.
type ViewerChanged struct {
	Reason string `json:"reason" doc:"level (a level reached), membership (a VIP tier bought, souk/app/wallet, or ended)"`
}

// ViewerChangedLevel is ViewerChanged's reason after a level up.
const ViewerChangedLevel = "level"

// Events describes the live events this package sends, for the client's
// generated wire types (souk tstypes).
var Events = []action.Event{
	action.EventOf[ViewerChanged](EventViewer, "The viewer's rights changed (a level reached, a VIP tier bought or ended): reload auth.viewer."),
}

// Deliverer routes a live event to a member's connections; *actors.Sessions is one.
type Deliverer interface {
	Deliver(ctx context.Context, userID int64, idemKey, action string, data []byte) (int, error)
}

var _ Deliverer = (*actors.Sessions)(nil)

// growthDay is the UTC day points are counted in, YYYY-MM-DD.
func growthDay(now time.Time) string { return now.UTC().Format(time.DateOnly) }

// cappedToday remembers, in this node's memory, the reasons a member has
// reached the day's cap of, so that a chat message past the cap costs no
// database write. It is forgotten when the day changes. Safe for
// concurrent use.
type cappedToday struct {
	mu  sync.Mutex
	day string                 // guarded by mu
	set map[cappedKey]struct{} // guarded by mu: reasons capped on day
}

type cappedKey struct {
	userID int64
	reason string
}

func (c *cappedToday) has(day string, userID int64, reason string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.day != day {
		return false
	}
	_, ok := c.set[cappedKey{userID, reason}]
	return ok
}

func (c *cappedToday) add(day string, userID int64, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.day != day {
		c.day, c.set = day, make(map[cappedKey]struct{})
	}
	c.set[cappedKey{userID, reason}] = struct{}{}
}

// Award gives userID the points of reason (one of GrowthRules), within
// the day's cap, and moves the member up to the level their points reach
// (never down). It returns the points added: 0 once the day's cap is
// reached. The sign-in calls it; the points of chat and private messages
// go through Awards, behind the message.
func (s *Service) Award(ctx context.Context, userID int64, reason string) (int64, error) {
	rule, ok := growthRule(reason)
	if !ok {
		return 0, fmt.Errorf("account: award: unknown reason %q", reason)
	}
	day := growthDay(s.now())
	if s.capped.has(day, userID, reason) {
		return 0, nil
	}
	grant := persistence.GrowthGrant{UserID: userID, Reason: reason, Points: rule.Points, DailyCap: rule.Cap}
	got, err := s.db.Growth().Award(ctx, day, []persistence.GrowthGrant{grant})
	if err != nil {
		return 0, fmt.Errorf("account: award %s: %w", reason, err)
	}
	return got[0].Added, s.settleGrants(ctx, day, []persistence.GrowthGrant{grant}, got)
}

// settleGrants follows written grants up (got: what each added): a member
// who got less than asked is capped for the day on this node, and one who
// got points is moved up to the level they reach.
func (s *Service) settleGrants(ctx context.Context, day string, grants []persistence.GrowthGrant, got []persistence.GrowthAward) error {
	var levels []persistence.Level
	var errs []error
	for i, g := range grants {
		if got[i].Added < g.Points || (g.DailyCap > 0 && got[i].Day >= g.DailyCap) {
			// Nothing more of the reason today: later awards skip the database.
			s.capped.add(day, g.UserID, g.Reason)
		}
		if got[i].Added == 0 {
			continue
		}
		if levels == nil {
			var err error
			if levels, err = s.db.Levels().List(ctx, persistence.LevelKindGrowth); err != nil {
				return fmt.Errorf("account: level up: %w", err)
			}
		}
		if err := s.levelUp(ctx, levels, g.UserID, got[i].Total, got[i].LevelKey); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// levelUp sets the member's level to the highest of levels (the site's
// growth levels) their points reach when it is above the one they hold
// (held, the key read with the points), and tells them. A level key the site no longer has counts as its lowest
// level, as in loadRights.
func (s *Service) levelUp(ctx context.Context, levels []persistence.Level, userID, points int64, held string) error {
	reached := reachedLevel(levels, points)
	if reached < 0 {
		return nil
	}
	if held := heldLevel(levels, held); levels[reached].Rank <= levels[held].Rank {
		return nil
	}
	changed, err := s.db.Growth().SetLevel(ctx, userID, levels[reached].Key)
	if err != nil {
		return fmt.Errorf("account: level up: %w", err)
	}
	if changed {
		s.log.Info("account: level up", "user", userID, "level", levels[reached].Key, "points", points)
		s.tellViewerChanged(ctx, userID, ViewerChangedLevel, levels[reached].Key)
	}
	return nil
}

// reachedLevel is the index of the highest of levels (ordered by rank)
// whose MinPoints points reach; -1 when none. A level above the lowest
// without a threshold (MinPoints 0, a site that has not set them) is not
// earned by points: only an administrator gives it.
func reachedLevel(levels []persistence.Level, points int64) int {
	reached := -1
	for i, l := range levels {
		if l.MinPoints <= points && (i == 0 || l.MinPoints > 0) {
			reached = i
		}
	}
	return reached
}

// tellViewerChanged pushes EventViewer to the member's connections; a
// failure is only logged (the client sees the change on its next viewer).
func (s *Service) tellViewerChanged(ctx context.Context, userID int64, reason, ref string) {
	if s.sessions == nil {
		return
	}
	data, err := json.Marshal(ViewerChanged{Reason: reason})
	if err == nil {
		key := fmt.Sprintf("viewer:%s:%d:%s", reason, userID, ref)
		_, err = s.sessions.Deliver(ctx, userID, key, EventViewer, data)
	}
	if err != nil {
		s.log.Warn("account: deliver viewer event", "user", userID, "reason", reason, "error", err)
	}
}
