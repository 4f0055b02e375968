package chat

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"souk/app/action"
	"souk/persistence"
)

// MuteRefresh is how old a node's view of the active mutes may get: a
// mute made on another node refuses the member's messages here within it.
const MuteRefresh = time.Second

// muteKey names a member in a room.
type muteKey struct {
	room   string
	userID int64
}

// muteSnapshot is the active mutes as read at loadedAt: until (epoch ms)
// per room and member. It is never changed once published.
type muteSnapshot struct {
	loadedAt time.Time
	until    map[muteKey]int64
}

// muteCache is the node's view of the active chat mutes. A send reads the
// published snapshot (one atomic load and a map lookup); the first send
// that finds it older than MuteRefresh reloads it from the database, the
// sends that arrive meanwhile wait for that one reload. A mute or unmute
// made on this node drops the snapshot, so that it holds at once here.
type muteCache struct {
	db  *persistence.DB
	now func() time.Time
	// reload serializes the reloads.
	reload sync.Mutex
	snap   atomic.Pointer[muteSnapshot]
}

// until returns when userID's mute in room ends (epoch ms), 0 when the
// member is not muted there.
func (c *muteCache) until(ctx context.Context, room string, userID int64) int64 {
	now := c.now()
	snap := c.snap.Load()
	if snap == nil || now.Sub(snap.loadedAt) >= MuteRefresh {
		snap = c.refresh(ctx, now)
	}
	if snap == nil {
		return 0
	}
	if until := snap.until[muteKey{room, userID}]; until > now.UnixMilli() {
		return until
	}
	return 0
}

// refresh reloads the snapshot unless another caller just did. When the
// database cannot be read the old snapshot stays (nil when there is none):
// chat keeps working on what was last known.
func (c *muteCache) refresh(ctx context.Context, now time.Time) *muteSnapshot {
	c.reload.Lock()
	defer c.reload.Unlock()
	if snap := c.snap.Load(); snap != nil && now.Sub(snap.loadedAt) < MuteRefresh {
		return snap
	}
	list, err := c.db.ChatModeration().Active(ctx, "", now.UnixMilli())
	if err != nil {
		return c.snap.Load()
	}
	snap := &muteSnapshot{loadedAt: now, until: make(map[muteKey]int64, len(list))}
	for _, m := range list {
		snap.until[muteKey{m.Room, m.UserID}] = m.Until
	}
	c.snap.Store(snap)
	return snap
}

// drop forgets the snapshot: the next send reads the mutes afresh.
func (c *muteCache) drop() { c.snap.Store(nil) }

// muted is the refusal of a member muted in the room until (epoch ms):
// until is the end as a UTC time for the message, untilMs for clients
// that show it in their own time zone.
func muted(until int64) *action.Error {
	return action.Errorf(http.StatusForbidden, "chat.error.muted",
		"until", time.UnixMilli(until).UTC().Format("2006-01-02 15:04 UTC"), "untilMs", until)
}

// checkMuted refuses a member muted in room; administrators are never muted.
func (s *Service) checkMuted(ctx context.Context, room string) error {
	viewer := action.RequestFrom(ctx).Viewer
	if viewer.IsAdmin {
		return nil
	}
	if until := s.mutes.until(ctx, room, viewer.UserID); until != 0 {
		return muted(until)
	}
	return nil
}

// Mute mutes m.UserID in m.Room until m.Until and returns the mute it
// replaced (found false when none was active). The room must exist.
// Every node refuses the member's messages in the room within MuteRefresh,
// this one at once.
func (s *Service) Mute(ctx context.Context, m persistence.ChatMute) (before persistence.ChatMute, found bool, err error) {
	if err := s.roomExists(ctx, m.Room); err != nil {
		return before, false, err
	}
	m.CreatedAt = s.now().UnixMilli()
	before, found, err = s.db.ChatModeration().Mute(ctx, m)
	s.mutes.drop()
	if err != nil {
		return before, false, fmt.Errorf("chat: mute: %w", err)
	}
	return before, found, nil
}

// Unmute ends userID's mute in room and returns it (found false when none
// was active).
func (s *Service) Unmute(ctx context.Context, room string, userID int64) (before persistence.ChatMute, found bool, err error) {
	before, found, err = s.db.ChatModeration().Unmute(ctx, room, userID, s.now().UnixMilli())
	s.mutes.drop()
	if err != nil {
		return before, false, fmt.Errorf("chat: unmute: %w", err)
	}
	return before, found, nil
}

// roomExists refuses a room name that is malformed or that the site has
// not created.
func (s *Service) roomExists(ctx context.Context, name string) error {
	if name == "" {
		return ErrBadRoom
	}
	_, err := s.room(ctx, name)
	return err
}
