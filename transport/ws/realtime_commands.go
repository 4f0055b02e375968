package ws

import (
	"context"
	"slices"
	"strconv"

	"souk/app/action"

	"souk/actors"
)

const defaultRoom = "chat"

type connectData struct {
	UserID    action.ID `json:"userId"`
	Signature string    `json:"signature"`
	Timestamp string    `json:"timestamp"`
	InboxSeq  *int64    `json:"inboxSeq"`
}

// authenticate checks a socket token and binds the member to the
// connection; a connection already bound to another member is refused.
// A newly bound connection starts receiving the member's inbox after
// inboxSeq (nil: live events only).
func (h *Realtime) authenticate(ctx context.Context, c *Conn, st *connState, frameAction string, userID int64, signature, timestamp string, inboxSeq *int64) bool {
	if userID <= 0 {
		h.refuse(c, st, frameAction, keyed(keyBadSignature))
		return false
	}
	session, ok := h.cfg.VerifySocket(userID, signature, timestamp)
	if !ok {
		h.refuse(c, st, frameAction, keyed(keyBadSignature))
		return false
	}
	if st.user != nil {
		if st.user.ID != userID {
			h.refuse(c, st, frameAction, keyed(keyBadSignature))
			return false
		}
		return true
	}
	u, err := h.cfg.LookupUser(ctx, userID)
	if err != nil {
		h.log.Warn("realtime: look up member", "user", userID, "error", err)
		h.refuse(c, st, frameAction, keyed(keyBadSignature))
		return false
	}
	st.user = &u
	cursor := newInboxCursor(h, c, u.ID, session)
	h.mu.Lock()
	conns := h.users[u.ID]
	if conns == nil {
		conns = make(map[*Conn]*inboxCursor)
		h.users[u.ID] = conns
	}
	conns[c] = cursor
	n := len(conns)
	h.mu.Unlock()
	cursor.begin(inboxSeq)
	h.sync.session(u.ID, n)
	return true
}

func (h *Realtime) connect(ctx context.Context, c *Conn, st *connState, f Frame) {
	var in connectData
	if !decodeData(f, &in) {
		h.refuse(c, st, f.Action, keyed(keyBadData))
		return
	}
	already := st.user != nil
	if !h.authenticate(ctx, c, st, f.Action, int64(in.UserID), in.Signature, in.Timestamp, in.InboxSeq) {
		return
	}
	c.SendJSON("connect", map[string]string{"userId": strconv.FormatInt(st.user.ID, 10)})
	if already && in.InboxSeq != nil {
		h.cursorOf(c, st.user.ID).resume(*in.InboxSeq)
	}
}

type joinData struct {
	Room      string    `json:"room"`
	User      userRef   `json:"user"`
	UserID    action.ID `json:"userId"`
	Signature string    `json:"signature"`
	Timestamp string    `json:"timestamp"`
	LastSeq   *int64    `json:"lastSeq"`
}

// joinSuccess is the data of join_success and leave_room.
type joinSuccess struct {
	Action  string                 `json:"action"`
	Room    string                 `json:"room"`
	Online  int                    `json:"online"`
	LastSeq int64                  `json:"lastSeq,omitempty"`
	User    actors.ChatMessageUser `json:"user"`
	Self    bool                   `json:"self,omitempty"`
}

func (h *Realtime) joinRoom(ctx context.Context, c *Conn, st *connState, f Frame) {
	var in joinData
	if !decodeData(f, &in) {
		h.refuse(c, st, f.Action, keyed(keyBadData))
		return
	}
	if in.Room == "" {
		in.Room = defaultRoom
	}
	if !actors.ValidRoom(in.Room) {
		h.refuse(c, st, f.Action, h.refusal(ctx, actors.ErrBadRoom))
		return
	}
	userID := max(int64(in.User), int64(in.UserID))
	switch {
	case in.Signature != "":
		if !h.authenticate(ctx, c, st, f.Action, userID, in.Signature, in.Timestamp, nil) {
			return
		}
	case st.user == nil:
		h.refuse(c, st, f.Action, keyed(keyNotConnected))
		return
	}
	if !st.user.IsAdmin && !slices.Contains(st.user.UserCan, "chat") {
		h.refuse(c, st, f.Action, h.refusal(ctx, actors.ErrNoAccess))
		return
	}
	since := int64(-1)
	if in.LastSeq != nil {
		since = max(*in.LastSeq, 0)
	}
	if st.rooms[in.Room] {
		// Joined already: a resume on the same connection replays nothing twice.
		return
	}
	st.rooms[in.Room] = true
	h.join(c, st, in.Room, since)
}

type roomData struct {
	Room string `json:"room"`
}

func (h *Realtime) leaveRoom(c *Conn, st *connState, f Frame) {
	var in roomData
	if !decodeData(f, &in) {
		h.refuse(c, st, f.Action, keyed(keyBadData))
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

// showRoomData is the data of show_room.
type showRoomData struct {
	Room    string                   `json:"room"`
	Online  int                      `json:"online"`
	LastSeq int64                    `json:"lastSeq"`
	Users   []actors.ChatMessageUser `json:"users"`
}

func (h *Realtime) showRoom(ctx context.Context, c *Conn, f Frame) {
	var in roomData
	st := stateOf(c)
	if !decodeData(f, &in) {
		h.refuse(c, st, f.Action, keyed(keyBadData))
		return
	}
	if in.Room == "" {
		in.Room = defaultRoom
	}
	p, err := h.cfg.Rooms.Presence(ctx, in.Room, 50)
	if err != nil {
		h.refuse(c, st, f.Action, h.refusal(ctx, err))
		return
	}
	out := showRoomData{Room: in.Room, Online: p.Online, LastSeq: p.LastSeq, Users: make([]actors.ChatMessageUser, 0, len(p.Users))}
	for _, u := range p.Users {
		out.Users = append(out.Users, actors.NewChatMessageUser(u))
	}
	c.SendJSON("show_room", out)
}

type chatData struct {
	Room     string `json:"room"`
	Message  string `json:"message"`
	ClientID string `json:"clientId"`
}

// chatAck tells the sender its message was stored.
type chatAck struct {
	ClientID string `json:"clientId"`
	ID       string `json:"id"`
	Seq      int64  `json:"seq"`
	Room     string `json:"room"`
}

func (h *Realtime) chat(ctx context.Context, c *Conn, st *connState, f Frame) {
	var in chatData
	if !decodeData(f, &in) || len(in.ClientID) > 64 {
		h.refuse(c, st, f.Action, keyed(keyBadData))
		return
	}
	if st.user == nil {
		h.refuse(c, st, f.Action, keyed(keyNotConnected))
		return
	}
	if in.Room == "" {
		in.Room = defaultRoom
	}
	ev, err := h.cfg.Rooms.Send(ctx, actors.SendInput{
		Room:    in.Room,
		IdemKey: idemKey(st.user.ID, in.ClientID, c),
		User:    chatUser(st.user),
		UserCan: st.user.UserCan,
		IsAdmin: st.user.IsAdmin,
		Text:    in.Message,
	})
	if err != nil {
		e := h.refusal(ctx, err)
		e.ClientID = in.ClientID
		h.refuse(c, st, f.Action, e)
		return
	}
	c.SendJSON("chat_ack", chatAck{ClientID: in.ClientID, ID: strconv.FormatInt(ev.GetId(), 10), Seq: ev.GetSeq(), Room: ev.GetRoom()})
}

// idemKey scopes the client's key to its member; without one, the
// connection and a counter make each frame distinct.
func idemKey(userID int64, clientID string, c *Conn) string {
	if clientID == "" {
		clientID = "ws-" + strconv.FormatUint(c.ID(), 10) + "-" + strconv.FormatInt(nextFrameID(), 10)
	}
	return strconv.FormatInt(userID, 10) + ":" + clientID
}

type deleteData struct {
	ID        action.ID `json:"id"`
	Room      string    `json:"room"`
	Signature string    `json:"signature"`
	Timestamp string    `json:"timestamp"`
}

func (h *Realtime) deleteChat(ctx context.Context, c *Conn, st *connState, f Frame) {
	var in deleteData
	if !decodeData(f, &in) || in.ID <= 0 {
		h.refuse(c, st, f.Action, keyed(keyBadData))
		return
	}
	refuse := func(e refusalFrame) {
		e.ID = strconv.FormatInt(int64(in.ID), 10)
		h.refuse(c, st, f.Action, e)
	}
	if st.user == nil {
		refuse(keyed(keyNotConnected))
		return
	}
	if !h.cfg.VerifyDelete(st.user.ID, int64(in.ID), in.Signature, in.Timestamp) {
		refuse(keyed(keyBadSignature))
		return
	}
	if in.Room == "" {
		msg, err := h.cfg.Rooms.Message(ctx, int64(in.ID))
		if err != nil {
			refuse(h.refusal(ctx, actors.ErrNotFound))
			return
		}
		in.Room = msg.GetRoom()
	}
	_, err := h.cfg.Rooms.Delete(ctx, actors.DeleteInput{
		Room:      in.Room,
		IdemKey:   strconv.FormatInt(st.user.ID, 10) + ":delete:" + strconv.FormatInt(int64(in.ID), 10),
		User:      chatUser(st.user),
		IsAdmin:   st.user.IsAdmin,
		MessageID: int64(in.ID),
	})
	if err != nil {
		refuse(h.refusal(ctx, err))
	}
}

// deliver writes an event a session grain routed to this node to the
// member's local connections, encoded once: an inbox event through each
// connection's cursor, which keeps them in order, anything else directly.
func (h *Realtime) deliver(userID int64, action string, data []byte) {
	frame, err := Encode(action, rawJSON(data))
	if err != nil {
		h.log.Warn("realtime: encode delivery", "action", action, "error", err)
		return
	}
	seq := inboxSeqOf(data)
	h.mu.Lock()
	conns := make(map[*Conn]*inboxCursor, len(h.users[userID]))
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

// rawJSON embeds pre-encoded JSON; empty data encodes as null.
type rawJSON []byte

func (r rawJSON) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}
