package realtime

import (
	"souk/app/action"
	"souk/transport/ws"
)

// focus records whether a member's connection shows the site focused, and
// tells the member's session grain how many of this node's connections do
// (Web Push wakes no device of a member who is looking at the site). A
// guest's focus means nothing and is ignored.
func (h *Realtime) focus(c *ws.Conn, st *connState, f ws.Frame) {
	var in Focus
	if !decodeData(f, &in) {
		h.refuse(c, st, f, action.BadField("data"))
		return
	}
	if st.user == nil {
		return
	}
	h.mu.Lock()
	if _, bound := h.users[st.user.ID][c]; !bound || h.focused[c] == in.Focused {
		h.mu.Unlock()
		return
	}
	if in.Focused {
		h.focused[c] = true
	} else {
		delete(h.focused, c)
	}
	n := h.sessionCount(st.user.ID)
	h.mu.Unlock()
	h.sync.session(st.user.ID, n)
}

// sessionCount is the member's connections on this node and how many of
// them are focused. h.mu must be held.
func (h *Realtime) sessionCount(userID int64) sessionCount {
	n := sessionCount{conns: len(h.users[userID])}
	for c := range h.users[userID] {
		if h.focused[c] {
			n.focused++
		}
	}
	return n
}
