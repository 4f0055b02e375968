package realtime

import (
	"context"
	"encoding/json"
	"strconv"

	"souk/app/action"
	"souk/transport/ws"
)

// answers names the event a command answers with when it succeeds; a
// command not listed answers with an event of its own name, unless its
// reply is a subscription (join_room: the feed answers) or is listed with
// "" (delete_chat: the deletion comes to the room as an event).
var answers = map[string]string{
	"chat_room":   "chat_ack",
	"delete_chat": "",
}

// subscription is a command's reply that subscribes the connection to a
// room's events after since (-1: live only); the chat package's join_room
// reply is one.
type subscription interface {
	Subscription() (room string, since int64)
}

// socketToken is the socket token a command may carry instead of a
// connect (join_room does).
type socketToken struct {
	User      userRef   `json:"user"`
	UserID    action.ID `json:"userId"`
	Signature string    `json:"signature"`
	Timestamp string    `json:"timestamp"`
}

// tokenCommands are the commands whose data may carry the socket token.
var tokenCommands = map[string]bool{"join_room": true}

// command runs a command frame through the registry as the socket's
// viewer, then answers it, subscribes the connection or refuses it.
func (h *Realtime) command(ctx context.Context, c *ws.Conn, st *connState, f ws.Frame) {
	if tokenCommands[f.Action] {
		var tok socketToken
		if decodeData(f, &tok) && tok.Signature != "" {
			userID := max(int64(tok.User), int64(tok.UserID))
			if !h.authenticate(ctx, c, st, f, userID, tok.Signature, tok.Timestamp, nil) {
				return
			}
			// The command runs as the member the token just bound.
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(h.requestContext(c, st, f.Action), h.cfg.CallTimeout)
			defer cancel()
		}
	}
	reply, err := h.cfg.Commands.CallSocket(ctx, f.Action, f.Data)
	if err != nil {
		h.refuse(c, st, f, err)
		return
	}
	if w, ok := reply.(liveWatch); ok {
		if err := h.applyWatch(c, st, w); err != nil {
			h.refuse(c, st, f, err)
			return
		}
	}
	if sub, ok := reply.(subscription); ok {
		room, since := sub.Subscription()
		if !st.rooms[room] {
			// Joined already: a resume on the same connection replays nothing twice.
			st.rooms[room] = true
			h.join(c, st, room, since)
		}
		return
	}
	event, listed := answers[f.Action]
	if !listed {
		event = f.Action
	}
	if event != "" {
		c.SendJSON(event, reply)
	}
}

// authenticate checks a socket token and binds the member to the
// connection; a connection already bound to another member is refused.
// A newly bound connection starts receiving the member's inbox after
// inboxSeq (nil: live events only).
func (h *Realtime) authenticate(ctx context.Context, c *ws.Conn, st *connState, f ws.Frame, userID int64, signature, timestamp string, inboxSeq *int64) bool {
	if userID <= 0 {
		h.refuse(c, st, f, errBadSignature)
		return false
	}
	grant, ok := h.cfg.VerifySocket(userID, signature, timestamp)
	if !ok {
		h.refuse(c, st, f, errBadSignature)
		return false
	}
	if st.user != nil {
		if st.user.ID != userID {
			h.refuse(c, st, f, errBadSignature)
			return false
		}
		return true
	}
	epoch := h.rightsEpoch.Load()
	u, err := h.cfg.LookupUser(ctx, userID)
	if err != nil {
		h.log.Warn("realtime: look up member", "user", userID, "error", err)
		if action.AsError(err) == action.ErrUnavailable {
			// The token is good; the database is away. Say so, so that the
			// client retries the same token rather than signs the member out.
			h.refuse(c, st, f, action.ErrUnavailable)
		} else {
			h.refuse(c, st, f, errBadSignature)
		}
		return false
	}
	st.session = grant.Session
	c.SignedIn()
	cursor := newInboxCursor(h, c, u.ID, grant)
	h.mu.Lock()
	st.user = h.bindMember(u)
	conns := h.users[u.ID]
	if conns == nil {
		conns = make(map[*ws.Conn]*inboxCursor)
		h.users[u.ID] = conns
	}
	conns[c] = cursor
	n := h.sessionCount(u.ID)
	h.mu.Unlock()
	cursor.begin(inboxSeq)
	h.sync.session(u.ID, n)
	if h.rightsEpoch.Load() != epoch {
		// A viewer event came during the lookup: it may have found no
		// record to reload yet.
		h.reloadRights(u.ID)
	}
	return true
}

func (h *Realtime) connect(ctx context.Context, c *ws.Conn, st *connState, f ws.Frame) {
	var in Connect
	if !decodeData(f, &in) {
		h.refuse(c, st, f, action.BadField("data"))
		return
	}
	already := st.user != nil
	if !h.authenticate(ctx, c, st, f, int64(in.UserID), in.Signature, in.Timestamp, in.InboxSeq) {
		return
	}
	c.SendJSON("connect", Connected{UserID: strconv.FormatInt(st.user.ID, 10)})
	if already && in.InboxSeq != nil {
		h.cursorOf(c, st.user.ID).resume(*in.InboxSeq)
	}
}

// defaultRoom is the room a leave_room without one leaves.
const defaultRoom = "chat"

func (h *Realtime) leaveRoom(c *ws.Conn, st *connState, f ws.Frame) {
	var in LeaveRoom
	if !decodeData(f, &in) {
		h.refuse(c, st, f, action.BadField("data"))
		return
	}
	if in.Room == "" {
		in.Room = defaultRoom
	}
	if st.rooms[in.Room] {
		h.leave(c, st, in.Room)
		delete(st.rooms, in.Room)
	}
}

// deliver writes an event a session grain routed to this node to the
// member's local connections, encoded once: an inbox event through each
// connection's cursor, which keeps them in order, anything else directly.
func (h *Realtime) deliver(userID int64, name string, data []byte) {
	frame, err := ws.Encode(name, rawJSON(data))
	if err != nil {
		h.log.Warn("realtime: encode delivery", "action", name, "error", err)
		return
	}
	if name == EventViewer {
		h.deliverViewer(userID, frame)
		return
	}
	seq := inboxSeqOf(data)
	h.mu.Lock()
	conns := make(map[*ws.Conn]*inboxCursor, len(h.users[userID]))
	for c, cur := range h.users[userID] {
		conns[c] = cur
	}
	h.mu.Unlock()
	for c, cur := range conns {
		if seq > 0 {
			cur.offer(seq, frame)
		} else {
			c.Send(frame)
		}
	}
}

// userRef reads join_room's user: an id, or an object with databaseId or id.
type userRef int64

func (u *userRef) UnmarshalJSON(b []byte) error {
	var id action.ID
	if err := json.Unmarshal(b, &id); err == nil {
		*u = userRef(id)
		return nil
	}
	var obj struct {
		DatabaseID action.ID `json:"databaseId"`
		ID         action.ID `json:"id"`
	}
	if err := json.Unmarshal(b, &obj); err != nil {
		return err
	}
	*u = userRef(max(obj.DatabaseID, obj.ID))
	return nil
}

func decodeData(f ws.Frame, into any) bool {
	if len(f.Data) == 0 {
		return true
	}
	return json.Unmarshal(f.Data, into) == nil
}
