package realtime

import (
	"context"
	"sync"
	"sync/atomic"

	"souk/transport/ws"
)

// EventViewer is the event any feature sends a member whose rights changed
// (a VIP tier bought or ended, a level reached): the client reloads its
// viewer, and this node reloads the member's rights for their connections
// before it writes the event to them, so the commands the client sends
// after it run with the new rights, without a reconnect.
const EventViewer = "viewer"

// liveMember is a connected member as every connection of theirs on this
// node sees them: one record per member, shared by those connections, so
// that one reload reaches all of them at once and a command reads the
// rights with one atomic load.
type liveMember struct {
	// ID is the member's id; it never changes.
	ID int64
	// cur is the member as last looked up; a stored Member is never
	// modified (a reload stores a new one).
	cur atomic.Pointer[Member]
	// reload serializes the reloads of the member: each looks the member
	// up while holding it, so the last one to store read the newest rights.
	reload sync.Mutex
}

func newLiveMember(m Member) *liveMember {
	lm := &liveMember{ID: m.ID}
	lm.cur.Store(&m)
	return lm
}

// get returns the member as last looked up.
func (m *liveMember) get() *Member { return m.cur.Load() }

// bindMember returns the shared record of a member who just authenticated
// a connection with u, just looked up: it creates it for their first
// connection on this node, or refreshes it (rights may also change with
// time alone, a VIP tier ending). h.mu must be held. A lookup that raced a
// viewer event's reload may be the older one: authenticate then reloads
// (see rightsEpoch).
func (h *Realtime) bindMember(u Member) *liveMember {
	lm := h.members[u.ID]
	if lm == nil {
		lm = newLiveMember(u)
		h.members[u.ID] = lm
		return lm
	}
	lm.cur.Store(&u)
	return lm
}

// deliverViewer writes a viewer event to the member's connections after
// reloading their rights. It runs off the bus's delivery goroutine, which
// must not wait on the database.
func (h *Realtime) deliverViewer(userID int64, frame []byte) {
	h.rightsEpoch.Add(1)
	h.mu.Lock()
	if h.stopped {
		h.mu.Unlock()
		return
	}
	h.background.Add(1)
	h.mu.Unlock()
	go func() {
		defer h.background.Done()
		h.reloadRights(userID)
		h.mu.Lock()
		conns := make([]*ws.Conn, 0, len(h.users[userID]))
		for c := range h.users[userID] {
			conns = append(conns, c)
		}
		h.mu.Unlock()
		for _, c := range conns {
			c.Send(frame)
		}
	}()
}

// reloadRights looks the member up again (Config.LookupUser) and makes
// every connection of theirs on this node use the result for its next
// commands. A member without connections here is left alone; a failed
// lookup keeps the rights held and is logged.
func (h *Realtime) reloadRights(userID int64) {
	h.mu.Lock()
	lm := h.members[userID]
	h.mu.Unlock()
	if lm == nil {
		return
	}
	lm.reload.Lock()
	defer lm.reload.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), h.cfg.CallTimeout)
	defer cancel()
	u, err := h.cfg.LookupUser(ctx, userID)
	if err != nil {
		h.log.Warn("realtime: reload member rights", "user", userID, "error", err)
		return
	}
	lm.cur.Store(&u)
}
