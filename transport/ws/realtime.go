package ws

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"time"

	"souk/actors"
	"souk/app/action"
)

// The realtime protocol on /api/ws (chat and user events). Frames are
// {"action": "...", "data": {...}}.
//
// Sent by the client:
//
//	connect     {"userId": "42", "signature": "…", "timestamp": "1700000000", "inboxSeq": 17}
//	            the viewer's gqUserSocketToken; answered with connect {"userId"}.
//	            inboxSeq is the last inbox seq the client holds: every inbox
//	            event after it is sent first, from the database, then the
//	            live ones, each once and in order, and inbox_synced tells
//	            where the replay ended. Without inboxSeq only live events
//	            follow (inbox_synced gives the starting point).
//	resume_inbox {"lastSeq": 17}  on a connected socket: the same replay again
//	join_room   {"room": "chat", "user": "42", "signature": "…", "timestamp": "…", "lastSeq": 120}
//	            signature/timestamp are the socket token again (not needed
//	            after connect); lastSeq is the last seq the client holds:
//	            every event after it is sent first, from the database, then
//	            the live ones, each once and in order. Without lastSeq only
//	            live events follow. Answered with join_success (self: true).
//	show_room   {"room": "chat"}  answered with show_room
//	chat_room   {"room": "chat", "message": "hi", "clientId": "c-1"}
//	            clientId is the idempotency key of the send: a resend after a
//	            lost answer is answered the same way and not stored twice.
//	            Answered with chat_ack; the message itself comes as chat_room.
//	delete_chat {"id": "…", "signature": "…", "timestamp": "…"}  from utils.chatDelete
//	leave_room  {"room": "chat"}
//
// Sent by the server:
//
//	chat_room    a chat message (actors.ChatMessage) with its room and seq
//	delete_chat  {"id": "<deleted message>", "room", "seq", "user"}
//	join_success {"action": "join_room", "room", "online", "lastSeq", "user", "self"?}
//	             online counts the members in the room on every node, each
//	             once (a joiner new to the room is counted by the join_success
//	             without self that follows)
//	leave_room   {"action": "leave_room", "room", "online", "user"}
//	show_room    {"room", "online", "lastSeq", "users": [user…]}
//	chat_ack     {"clientId", "id", "seq", "room"}
//	error        {"code": "<i18n key>", "message", "action", "clientId"?, "levels"?, "retryAfterMs"?, "max"?}
//
// Inbox events (private_message, delete_private_message, notification,
// unread; see souk/app/messages and souk/app/notify) come to every
// connection of their member, on any node. Their data starts with "seq",
// the member's inbox sequence number: 1, 2, 3… without gaps. The client
// keeps the highest it saw and sends it as connect's inboxSeq when it
// reconnects.
//
//	inbox_synced {"lastSeq", "replayed"}  the replay after connect or resume_inbox ended at lastSeq
//	inbox_reset  {"lastSeq"}  the client is more than 500 events behind: it
//	             reloads its lists and counters, and continues from lastSeq
//
// A user is {"name", "gqSlug", "avatar": {"url"}, "databaseId"}. chat_room
// and delete_chat carry the room's sequence number: the client keeps the
// highest it saw and ignores anything at or below it.

// RealtimeUser is a member as the realtime handler needs them.
type RealtimeUser struct {
	ID        int64
	Name      string
	Slug      string
	AvatarURL string
	UserCan   []string
	IsAdmin   bool
}

// RealtimeConfig wires a Realtime handler. The functions keep the gateway
// free of the account and chat packages.
type RealtimeConfig struct {
	Rooms    *actors.Rooms
	Sessions *actors.Sessions
	// VerifySocket checks a socket token (the viewer's gqUserSocketToken)
	// and returns the session it was issued in (0: none).
	VerifySocket func(userID int64, signature, timestamp string) (session int64, ok bool)
	// SessionEnded reports whether a session has ended; the connections
	// bound with its socket token are then closed (within SessionSweep).
	// Nil: sessions never end here.
	SessionEnded func(session int64) bool
	// LookupUser returns a member; an error wrapping a not-found means no such member.
	LookupUser func(ctx context.Context, userID int64) (RealtimeUser, error)
	// VerifyDelete checks a deletion signature from utils.chatDelete.
	VerifyDelete func(userID, messageID int64, signature, timestamp string) bool
	// ChatLevels names the levels that allow chat, in ctx's language.
	ChatLevels func(ctx context.Context) []string
	// OnTopology registers a callback run after each cluster topology
	// change (presence is then repeated to the grains, which may have moved).
	OnTopology func(func())
	// CallTimeout bounds a call to a grain; zero means 10s.
	CallTimeout time.Duration
	Logger      *slog.Logger
}

const (
	// maxReplay bounds the events sent to a resuming connection; a client
	// further behind reloads the history.
	maxReplay = 1000
	// refusalLimit is how many refused commands a connection may cause per
	// refusalWindow before it is closed as abusive.
	refusalLimit  = 30
	refusalWindow = time.Minute
	connStateKey  = realtimeKey("realtime")
	// SessionSweep is how often connections of ended sessions are closed.
	SessionSweep = time.Second
	// ReasonSessionEnded closes (1008) a connection whose session ended.
	ReasonSessionEnded = "session ended"
)

type realtimeKey string

// Realtime implements Handler for chat rooms and user events.
//
// Ownership: each room this node has local members of has one feed
// goroutine (realtime_feed.go) that alone broadcasts to them, resumes
// joiners and fills gaps; presence counts are pushed to the grains by one
// syncer goroutine (realtime_sync.go); each member's connection has an
// inbox cursor (realtime_inbox.go) that alone writes the member's
// sequenced events to it, in order; per-connection state is touched
// only by that connection's Frame and Close calls, which the gateway
// serializes.
type Realtime struct {
	cfg    RealtimeConfig
	log    *slog.Logger
	groups *Groups
	sync   *presenceSync
	unsub  func()
	done   chan struct{} // closed by Stop
	stop   sync.Once

	mu        sync.Mutex
	feeds     map[string]*feed                 // guarded by mu: the live feed of each room
	users     map[int64]map[*Conn]*inboxCursor // guarded by mu: connected members' connections
	roomUsers map[string]map[int64]int         // guarded by mu: room → member → local connections in it
	seq       uint64                           // guarded by mu: numbers feeds
}

var _ Handler = (*Realtime)(nil)

// connState is what the handler keeps on a connection; owned by its Frame
// and Close calls.
type connState struct {
	user     *RealtimeUser
	rooms    map[string]bool
	refusals int
	since    time.Time
}

// NewRealtime returns the handler and subscribes it to the events the
// session grains route to this node.
func NewRealtime(cfg RealtimeConfig) (*Realtime, error) {
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = 10 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	h := &Realtime{cfg: cfg, log: cfg.Logger, groups: NewGroups(), done: make(chan struct{}),
		feeds: make(map[string]*feed), users: make(map[int64]map[*Conn]*inboxCursor),
		roomUsers: make(map[string]map[int64]int)}
	h.sync = newPresenceSync(cfg.Rooms, cfg.Sessions, cfg.CallTimeout, cfg.Logger, h.catchUpInbox)
	unsub, err := cfg.Sessions.SubscribeNode(h.deliver)
	if err != nil {
		h.sync.stop()
		return nil, err
	}
	h.unsub = unsub
	if cfg.OnTopology != nil {
		cfg.OnTopology(h.sync.resyncAll)
	}
	if cfg.SessionEnded != nil {
		go h.sweepEndedSessions()
	}
	return h, nil
}

// sweepEndedSessions closes, every SessionSweep, the connections whose
// socket token belongs to a session that has ended (logout, password
// reset): the token is refused from then on, and so is what it opened.
func (h *Realtime) sweepEndedSessions() {
	t := time.NewTicker(SessionSweep)
	defer t.Stop()
	for {
		select {
		case <-h.done:
			return
		case <-t.C:
		}
		var ended []*Conn
		h.mu.Lock()
		for _, conns := range h.users {
			for c, cursor := range conns {
				if cursor.session != 0 && h.cfg.SessionEnded(cursor.session) {
					ended = append(ended, c)
				}
			}
		}
		h.mu.Unlock()
		for _, c := range ended {
			c.Close(ClosePolicy, ReasonSessionEnded)
		}
	}
}

// Stop unsubscribes from the bus and stops the presence syncer; call it
// after the gateway shut down.
func (h *Realtime) Stop() {
	h.stop.Do(func() {
		h.unsub()
		h.sync.stop()
		close(h.done)
	})
}

// Open prepares the connection's state.
func (h *Realtime) Open(c *Conn) {
	c.Set(connStateKey, &connState{rooms: make(map[string]bool)})
}

func stateOf(c *Conn) *connState {
	st, _ := c.Get(connStateKey).(*connState)
	return st
}

// Frame handles one client frame.
func (h *Realtime) Frame(c *Conn, f Frame) {
	st := stateOf(c)
	if st == nil {
		return
	}
	ctx, cancel := context.WithTimeout(h.requestContext(c), h.cfg.CallTimeout)
	defer cancel()
	switch f.Action {
	case "connect":
		h.connect(ctx, c, st, f)
	case "join_room":
		h.joinRoom(ctx, c, st, f)
	case "leave_room":
		h.leaveRoom(c, st, f)
	case "show_room":
		h.showRoom(ctx, c, f)
	case "chat_room":
		h.chat(ctx, c, st, f)
	case "delete_chat":
		h.deleteChat(ctx, c, st, f)
	case "resume_inbox":
		h.resumeInbox(c, st, f)
	default:
		h.refuse(c, st, f.Action, refusalFrame{Code: "common.error.unknownAction", Message: "unknown action " + strconv.Quote(f.Action)})
	}
}

// Close forgets the connection: it leaves its rooms and its session.
func (h *Realtime) Close(c *Conn, _ string) {
	st := stateOf(c)
	if st == nil {
		return
	}
	for room := range st.rooms {
		h.leave(c, st, room)
	}
	if st.user != nil {
		h.mu.Lock()
		conns := h.users[st.user.ID]
		if cur := conns[c]; cur != nil {
			cur.close()
		}
		delete(conns, c)
		n := len(conns)
		if n == 0 {
			delete(h.users, st.user.ID)
		}
		h.mu.Unlock()
		h.sync.session(st.user.ID, n)
	}
}

// requestContext carries the connection's language (?lang= on the
// upgrade URL) for translated refusals.
func (h *Realtime) requestContext(c *Conn) context.Context {
	lang := action.NormalizeLang(c.Request().URL.Query().Get("lang"))
	return action.WithRequest(context.WithoutCancel(c.Context()), &action.Request{Lang: lang})
}

// refusalFrame is the data of the handler's error frames: the gateway's
// errorFrame (code, message) with the context of the refused command.
type refusalFrame struct {
	Code     string `json:"code"`
	Message  string `json:"message"`
	Action   string `json:"action,omitempty"`
	ClientID string `json:"clientId,omitempty"`
	// ID names the message a refused delete_chat was about.
	ID           string   `json:"id,omitempty"`
	Levels       []string `json:"levels,omitempty"`
	RetryAfterMs int64    `json:"retryAfterMs,omitempty"`
	Max          int      `json:"max,omitempty"`
}

// refuse answers a refused command with an error frame and closes a
// connection that keeps causing them.
func (h *Realtime) refuse(c *Conn, st *connState, action string, e refusalFrame) {
	e.Action = action
	c.SendJSON("error", e)
	now := time.Now()
	if now.Sub(st.since) > refusalWindow {
		st.since, st.refusals = now, 0
	}
	st.refusals++
	if st.refusals > refusalLimit {
		c.Close(ClosePolicy, ReasonAbusive)
	}
}

// refusal turns a grain's refusal (or an unreachable grain) into an error frame.
func (h *Realtime) refusal(ctx context.Context, err error) refusalFrame {
	var refused *actors.Error
	if !errors.As(err, &refused) {
		h.log.Warn("realtime: command failed", "error", err)
		refused = actors.ErrUnavailable
	}
	e := refusalFrame{Code: refused.Key, Message: messages[refused.Key]}
	switch {
	case errors.Is(err, actors.ErrNoAccess):
		if h.cfg.ChatLevels != nil {
			e.Levels = h.cfg.ChatLevels(ctx)
		}
	case errors.Is(err, actors.ErrThrottled):
		e.RetryAfterMs = int64(math.Ceil(float64(refused.RetryAfter) / float64(time.Millisecond)))
	case errors.Is(err, actors.ErrTooLong):
		e.Max = actors.MaxMessageRunes
	}
	return e
}

// messages are English explanations beside the codes, for developers; the
// client shows the translation of the code.
var messages = map[string]string{
	actors.ErrNoAccess.Key:    "your level does not allow chat",
	actors.ErrEmpty.Key:       "the message is empty",
	actors.ErrTooLong.Key:     "the message is longer than 120 characters",
	actors.ErrThrottled.Key:   "wait before sending again",
	actors.ErrNotFound.Key:    "no such message",
	actors.ErrForbidden.Key:   "only admins delete the messages of others",
	actors.ErrBadRoom.Key:     "no such room",
	actors.ErrUnavailable.Key: "the chat is unavailable, try again",
	keyBadSignature:           "the signature is forged or expired",
	keyNotConnected:           "send connect first",
	keyBadData:                "the frame's data is malformed",
}

// Keys of the handler's own refusals.
const (
	keyBadSignature = "chat.error.badSignature"
	keyNotConnected = "chat.error.notConnected"
	keyBadData      = "common.error.badField"
)

func keyed(key string) refusalFrame { return refusalFrame{Code: key, Message: messages[key]} }

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

func decodeData(f Frame, into any) bool {
	if len(f.Data) == 0 {
		return true
	}
	return json.Unmarshal(f.Data, into) == nil
}

func chatUser(u *RealtimeUser) *actors.ChatUser {
	return &actors.ChatUser{Id: u.ID, Name: u.Name, Slug: u.Slug, AvatarUrl: u.AvatarURL}
}
