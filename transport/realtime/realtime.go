package realtime

import (
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/transport/ws"
)

// Member is a member as the realtime handler needs them.
type Member struct {
	ID        int64
	Name      string
	Slug      string
	AvatarURL string
	UserCan   []string
	IsAdmin   bool
}

// Commands runs the websocket commands: the action registry
// (souk/app/action.Registry) implements it.
type Commands interface {
	CallSocket(ctx context.Context, name string, data json.RawMessage) (any, error)
}

// Translator translates an i18n key into a language (souk/app/i18n.Catalog).
type Translator interface {
	Translate(lang, key string, args map[string]any) string
}

// RoomLog reads a room's stored events (the database, the truth): what a
// resuming client or a feed that lost events missed.
type RoomLog interface {
	// LastSeq returns the room's last sequence number.
	LastSeq(ctx context.Context, room string) (int64, error)
	// Since returns up to limit events of the room after seq, oldest first.
	Since(ctx context.Context, room string, seq int64, limit int) ([]*actors.ChatEvent, error)
}

// InboxEvent is a stored event of a member's inbox: a websocket action and
// its data, whose "seq" is Seq.
type InboxEvent struct {
	Seq    int64
	Action string
	Data   []byte
	// CreatedAt is when the event was stored, epoch ms.
	CreatedAt int64
}

// SocketGrant is what a valid socket token vouches for.
type SocketGrant struct {
	// Session is the session the token was issued in; 0 for none.
	Session int64
	// Issued is when the token was signed (the page load that holds it);
	// zero: unknown. An inbox replay reaches back no further than
	// InboxReplayGrace before it: older events are the lists the page
	// loaded, or were never this token's to read.
	Issued time.Time
}

// InboxLog reads a member's stored inbox events.
type InboxLog interface {
	// LastSeq returns the member's last inbox sequence number.
	LastSeq(ctx context.Context, userID int64) (int64, error)
	// Since returns up to limit events of the member's inbox after seq, oldest first.
	Since(ctx context.Context, userID, seq int64, limit int) ([]InboxEvent, error)
}

// Config wires a Realtime handler. The functions keep the protocol free of
// the account and chat packages.
type Config struct {
	Rooms    *actors.Rooms
	Sessions *actors.Sessions
	// RoomLog and Inbox read what a connection missed.
	RoomLog RoomLog
	Inbox   InboxLog
	// Commands runs every command frame.
	Commands Commands
	// Live carries the live page channels between the nodes; nil refuses
	// every watch as unavailable.
	Live *LiveBus
	// PresenceEvery is how often a node repeats to the others how many
	// members watch each topic page here (see live_presence.go); zero
	// means DefaultPresenceEvery.
	PresenceEvery time.Duration
	// Translator translates refusals; nil sends the keys as messages.
	Translator Translator
	// VerifySocket checks a socket token (the viewer's gqUserSocketToken)
	// and returns what it vouches for: its session (0: none) and when it
	// was issued.
	VerifySocket func(userID int64, signature, timestamp string) (SocketGrant, bool)
	// SessionEnded reports whether a session has ended; the connections
	// bound with its socket token are then closed (within SessionSweep).
	// Nil: sessions never end here.
	SessionEnded func(session int64) bool
	// SessionSweep is how often connections of ended sessions are
	// closed; zero means DefaultSessionSweep.
	SessionSweep time.Duration
	// LookupUser returns a member; an error wrapping a not-found means no such member.
	LookupUser func(ctx context.Context, userID int64) (Member, error)
	// OnTopology registers a callback run after each cluster topology
	// change (presence is then repeated to the grains, which may have moved).
	OnTopology func(func())
	// CommandRate is how many frames per second a connection may send on
	// average, CommandBurst how many in a row; a frame beyond is refused
	// with chat.error.tooManyCommands, and a connection that keeps on is
	// closed as abusive (see refuse). Zero means DefaultCommandRate and
	// DefaultCommandBurst.
	CommandRate  float64
	CommandBurst int
	// Now is the clock of the command limit; nil means time.Now.
	Now func() time.Time
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
	connStateKey  = stateKey("realtime")
	// DefaultSessionSweep is how often connections of ended sessions are closed.
	DefaultSessionSweep = time.Second
	// ReasonSessionEnded closes (1008) a connection whose session ended.
	ReasonSessionEnded = "session ended"
	// DefaultCommandRate and DefaultCommandBurst bound the frames of a
	// connection: a page sends a handful at load (connect, join_room,
	// show_room) and then about one every SendInterval.
	DefaultCommandRate  = 10
	DefaultCommandBurst = 30
)

type stateKey string

// Realtime implements ws.Handler for chat rooms and member events (see the
// package comment for who owns what).
type Realtime struct {
	cfg    Config
	log    *slog.Logger
	groups *ws.Groups
	live   *liveHub
	sync   *presenceSync
	unsub  func()
	done   chan struct{} // closed by Stop
	stop   sync.Once
	sweeps atomic.Int64 // sweeps of ended sessions done
	// rightsEpoch counts the viewer events delivered to this node: a
	// connection whose member lookup saw it move may hold rights older
	// than the event, and reloads them.
	rightsEpoch atomic.Uint64
	// background are the viewer deliveries under way; Stop waits for them.
	// Added to only under mu while stopped is false.
	background sync.WaitGroup

	mu        sync.Mutex
	feeds     map[string]*feed                    // guarded by mu: the live feed of each room
	users     map[int64]map[*ws.Conn]*inboxCursor // guarded by mu: connected members' connections
	roomUsers map[string]map[int64]int            // guarded by mu: room → member → local connections in it
	members   map[int64]*liveMember               // guarded by mu: the shared record of each member in users
	focused   map[*ws.Conn]bool                   // guarded by mu: members' connections whose page is focused
	seq       uint64                              // guarded by mu: numbers feeds
	stopped   bool                                // guarded by mu: Stop began; no more background work
}

var _ ws.Handler = (*Realtime)(nil)

// connState is what the handler keeps on a connection; owned by its Frame
// and Close calls.
type connState struct {
	// user is the member the connection is bound to (nil: a guest), shared
	// with the member's other connections on this node.
	user     *liveMember
	session  int64 // the session of the socket token that bound user
	lang     string
	rooms    map[string]bool
	watched  map[string]bool // the live channels the connection watches
	refusals int
	since    time.Time
	tokens   float64   // frames the connection may still send at once
	tokensAt time.Time // when tokens was last counted
}

// New returns the handler and subscribes it to the events the session
// grains route to this node.
func New(cfg Config) (*Realtime, error) {
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = 10 * time.Second
	}
	if cfg.SessionSweep <= 0 {
		cfg.SessionSweep = DefaultSessionSweep
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.CommandRate <= 0 {
		cfg.CommandRate = DefaultCommandRate
	}
	if cfg.CommandBurst <= 0 {
		cfg.CommandBurst = DefaultCommandBurst
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	h := &Realtime{cfg: cfg, log: cfg.Logger, groups: ws.NewGroups(), done: make(chan struct{}),
		feeds: make(map[string]*feed), users: make(map[int64]map[*ws.Conn]*inboxCursor),
		roomUsers: make(map[string]map[int64]int), members: make(map[int64]*liveMember), focused: make(map[*ws.Conn]bool)}
	h.live = newLiveHub(h)
	h.sync = newPresenceSync(cfg.Rooms, cfg.Sessions, cfg.CallTimeout, cfg.Logger, h.catchUpInbox)
	unsub, err := cfg.Sessions.SubscribeNode(h.deliver)
	if err != nil {
		h.sync.stop()
		return nil, err
	}
	h.unsub = unsub
	if h.live.presence != nil {
		h.background.Add(1)
		go func() {
			defer h.background.Done()
			h.live.presence.run(h.done)
		}()
	}
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
	t := time.NewTicker(h.cfg.SessionSweep)
	defer t.Stop()
	for {
		select {
		case <-h.done:
			return
		case <-t.C:
		}
		h.SweepNow()
	}
}

// SweepNow closes at once the connections whose session has ended, without
// waiting for the next SessionSweep: a ban or a revocation an operator made
// on any node, told over the bus once this node read the ended sessions.
// It does nothing without Config.SessionEnded.
func (h *Realtime) SweepNow() {
	if h.cfg.SessionEnded == nil {
		return
	}
	var ended []*ws.Conn
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
		c.Close(ws.ClosePolicy, ReasonSessionEnded)
	}
	h.sweeps.Add(1)
}

// Stop unsubscribes from the bus and stops the presence syncer; call it
// after the gateway shut down.
func (h *Realtime) Stop() {
	h.stop.Do(func() {
		h.unsub()
		h.sync.stop()
		close(h.done)
		h.mu.Lock()
		h.stopped = true
		h.mu.Unlock()
		h.background.Wait()
	})
}

// Open prepares the connection's state; its language is ?lang= on the
// upgrade URL.
func (h *Realtime) Open(c *ws.Conn) {
	lang := action.NormalizeLang(c.Request().URL.Query().Get("lang"))
	c.Set(connStateKey, &connState{rooms: make(map[string]bool), watched: make(map[string]bool), lang: lang,
		tokens: float64(h.cfg.CommandBurst), tokensAt: h.cfg.Now()})
}

// take counts a frame against the connection's command limit (a token
// bucket of CommandBurst refilled at CommandRate per second); it returns
// how long until the frame would be allowed, 0 when it is.
func (h *Realtime) take(st *connState) time.Duration {
	now := h.cfg.Now()
	if elapsed := now.Sub(st.tokensAt); elapsed > 0 {
		st.tokens = min(st.tokens+elapsed.Seconds()*h.cfg.CommandRate, float64(h.cfg.CommandBurst))
		st.tokensAt = now
	}
	if st.tokens >= 1 {
		st.tokens--
		return 0
	}
	return max(time.Duration(math.Ceil((1-st.tokens)/h.cfg.CommandRate*float64(time.Second))), 1)
}

func stateOf(c *ws.Conn) *connState {
	st, _ := c.Get(connStateKey).(*connState)
	return st
}

// Frame handles one client frame: the socket's own frames here, every
// other one as a command.
func (h *Realtime) Frame(c *ws.Conn, f ws.Frame) {
	st := stateOf(c)
	if st == nil {
		return
	}
	if wait := h.take(st); wait > 0 {
		h.refuse(c, st, f, tooManyCommands(wait))
		return
	}
	ctx, cancel := context.WithTimeout(h.requestContext(c, st, f.Action), h.cfg.CallTimeout)
	defer cancel()
	switch f.Action {
	case "connect":
		h.connect(ctx, c, st, f)
	case "resume_inbox":
		h.resumeInbox(c, st, f)
	case "leave_room":
		h.leaveRoom(c, st, f)
	case "focus":
		h.focus(c, st, f)
	default:
		h.command(ctx, c, st, f)
	}
}

// Close forgets the connection: it leaves its rooms and its session.
func (h *Realtime) Close(c *ws.Conn, _ string) {
	st := stateOf(c)
	if st == nil {
		return
	}
	for room := range st.rooms {
		h.leave(c, st, room)
	}
	if len(st.watched) > 0 {
		h.live.removeAll(c)
		for channel := range st.watched {
			h.live.left(channel, st)
		}
	}
	if st.user != nil {
		h.mu.Lock()
		conns := h.users[st.user.ID]
		if cur := conns[c]; cur != nil {
			cur.close()
		}
		delete(conns, c)
		delete(h.focused, c)
		n := h.sessionCount(st.user.ID)
		if n.conns == 0 {
			delete(h.users, st.user.ID)
			delete(h.members, st.user.ID)
		}
		h.mu.Unlock()
		h.sync.session(st.user.ID, n)
	}
}

var frameIDs atomic.Int64

// requestContext carries the request of one frame: the socket's viewer
// (a guest until connect) and language.
func (h *Realtime) requestContext(c *ws.Conn, st *connState, name string) context.Context {
	req := &action.Request{
		Action:    name,
		Lang:      st.lang,
		RequestID: "ws-" + strconv.FormatUint(c.ID(), 10) + "-" + strconv.FormatInt(frameIDs.Add(1), 10),
		ClientIP:  c.RemoteAddr(),
		UserAgent: c.Request().UserAgent(),
	}
	if st.user != nil {
		u := st.user.get()
		req.Viewer = action.Viewer{UserID: u.ID, IsAdmin: u.IsAdmin, UserCan: u.UserCan, Session: st.session}
	}
	return action.WithRequest(context.WithoutCancel(c.Context()), req)
}

func chatUser(u *Member) *actors.ChatUser {
	return &actors.ChatUser{Id: u.ID, Name: u.Name, Slug: u.Slug, AvatarUrl: u.AvatarURL}
}
