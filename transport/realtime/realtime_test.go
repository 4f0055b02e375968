package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gobwas "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/app/chat"
	"souk/app/community"
	"souk/app/i18n"
	pm "souk/app/messages"
	"souk/app/notify"
	"souk/app/watch"
	"souk/cluster"
	"souk/persistence"
	"souk/persistence/pgtest"
	"souk/transport/ws"
	"souk/webui"
)

// rtCluster is a set of in-process nodes sharing one database: each with
// its own gossip, NATS, actor and HTTP ports on loopback.
type rtCluster struct {
	t         *testing.T
	clustered bool   // gossip and NATS routes even for the first node
	dbURL     string // postgres, or "" for a shared SQLite folder
	dataDir   string
	seq       int
	// clock is the rooms' clock on every node (the send throttle).
	clock *testClock
	// maxRunes is the chat service's longest message; zero: the default.
	maxRunes int
	// nodes are the nodes started, in this process or in children.
	nodes []*rtNode
}

// advance moves the rooms' clock forward on every node.
func (c *rtCluster) advance(d time.Duration) {
	c.clock.Advance(d)
	for _, n := range c.nodes {
		if n.remote != nil {
			n.remote.advance(d)
		}
	}
}

// testClock is a clock the tests move forward instead of waiting.
type testClock struct {
	mu  sync.Mutex
	now time.Time // guarded by mu
}

// Now returns the clock's time.
func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// newRTCluster prepares nodes; a clustered set shares PostgreSQL when
// SOUK_TEST_POSTGRES_URL is set, a SQLite file otherwise.
func newRTCluster(t *testing.T, clustered bool) *rtCluster {
	c := &rtCluster{t: t, dataDir: t.TempDir(), clustered: clustered, clock: &testClock{now: time.Now()}}
	if clustered {
		if os.Getenv(pgtest.Env) == "" {
			t.Log(pgtest.Env + " not set: the cluster runs on a shared SQLite file")
		} else {
			c.dbURL = pgtest.NewDatabase(t)
		}
	}
	return c
}

// rtNode is one node: database handle, actor system, gateway and HTTP server.
type rtNode struct {
	ended sync.Map // session → true: the sessions the node counts as ended
	name  string
	db    *persistence.DB
	sys   *actors.System
	reg   *action.Registry
	h     *Realtime
	gw    *ws.Gateway
	srv   *httptest.Server
	wsURL string
	once  sync.Once
	// inboxReads counts the node's reads of inbox events from the store.
	inboxReads atomic.Int64
	// A node in a child process (process_test.go) has no sys, reg, h, gw
	// or srv: its control address answers for them.
	remote *remoteNode
}

// testSignature is the socket token the tests' verifier accepts.
func testSignature(userID int64) string { return "sig-" + strconv.FormatInt(userID, 10) }

// testSecret signs the chat deletions of the tests' nodes.
var testSecret = []byte("0123456789abcdef0123456789abcdef")

// deleteSignature is the signature utils.chatDelete gives userID for id.
func deleteSignature(userID, id int64) (signature, timestamp string) {
	return chat.DeleteSignature(testSecret, userID, id, time.Now())
}

// testCatalog translates the nodes' refusals.
var testCatalog = sync.OnceValue(func() *i18n.Catalog {
	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	if err != nil {
		panic(err)
	}
	return catalog
})

func (c *rtCluster) start(join ...string) *rtNode {
	t := c.t
	c.seq++
	name := fmt.Sprintf("n%d", c.seq)
	db, err := persistence.Open(t.Context(), persistence.Config{URL: c.dbURL, DataDir: c.dataDir, Node: int64(c.seq)})
	require.NoError(t, err)
	require.NoError(t, db.Migrate(t.Context()))
	// The levels that allow chat, which a refusal names.
	for _, l := range []persistence.Level{
		{Kind: persistence.LevelKindGrowth, Key: "lv2", Rank: 2, Names: map[string]string{"en": "Lv2"}},
		{Kind: persistence.LevelKindVIP, Key: "vip1", Rank: 1, Names: map[string]string{"en": "VIP1"}},
	} {
		l.Roles.UserCan = []string{"chat"}
		require.NoError(t, db.Levels().Upsert(t.Context(), l))
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() && os.Getenv("SOUK_TEST_LOG") != "" {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	cfg := cluster.Config{NodeName: name, Join: join, Logger: logger}
	if c.clustered {
		cfg.Gossip = "127.0.0.1:0"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sys, err := actors.Start(ctx, cfg, db, actors.WithClock(c.clock.Now))
	require.NoError(t, err)
	n := &rtNode{name: name, db: db, sys: sys, reg: action.NewRegistry()}
	chat.New(chat.Config{DB: db, Rooms: sys.Rooms(), Secret: testSecret, MaxRunes: c.maxRunes}).Register(n.reg)
	notices := notify.New(notify.Config{DB: db, Sessions: sys.Sessions()})
	notices.Register(n.reg)
	pm.New(pm.Config{DB: db, Notify: notices}).Register(n.reg)
	liveBus := NewLiveBus(sys.Node().Bus())
	community.New(community.Config{DB: db, Live: liveBus, Logger: logger}).Register(n.reg)
	watch.Register(n.reg)
	h, err := New(Config{
		Rooms:    sys.Rooms(),
		Sessions: sys.Sessions(),
		RoomLog:  roomLog{db.Chat()},
		Inbox:    inboxLog{store: db.Inbox(), reads: &n.inboxReads},
		Commands: n.reg,
		Live:     liveBus,
		// Counts repeated often, so that a count missed while a new
		// subscription spreads comes soon after.
		PresenceEvery: 100 * time.Millisecond,
		Translator:    testCatalog(),
		// A timestamp "s<N>" puts the token in session N, "i<unix>" issues
		// it then ("s<N>.i<unix>": both).
		VerifySocket: func(userID int64, signature, timestamp string) (SocketGrant, bool) {
			var grant SocketGrant
			for part := range strings.SplitSeq(timestamp, ".") {
				n, _ := strconv.ParseInt(part[min(len(part), 1):], 10, 64)
				switch {
				case strings.HasPrefix(part, "s"):
					grant.Session = n
				case strings.HasPrefix(part, "i"):
					grant.Issued = time.Unix(n, 0)
				}
			}
			return grant, signature == testSignature(userID)
		},
		SessionEnded: func(session int64) bool {
			_, ended := n.ended.Load(session)
			return ended
		},
		SessionSweep: 20 * time.Millisecond,
		Now:          c.clock.Now,
		LookupUser: func(ctx context.Context, userID int64) (Member, error) {
			u, err := db.Users().Get(ctx, userID)
			if err != nil {
				return Member{}, err
			}
			can := []string{"chat"}
			if strings.HasPrefix(u.Name, "guest") {
				can = nil
			}
			return Member{ID: u.ID, Name: u.Name, Slug: u.Slug, UserCan: can, IsAdmin: u.IsAdmin}, nil
		},
		OnTopology: sys.Node().OnTopology,
		Logger:     logger,
	})
	require.NoError(t, err)
	n.h = h
	n.gw = ws.New(ws.Config{Handler: h, MaxFrameBytes: 8 << 10})
	mux := http.NewServeMux()
	mux.Handle("GET /api/ws", n.gw)
	n.srv = httptest.NewServer(mux)
	n.wsURL = "ws" + strings.TrimPrefix(n.srv.URL, "http") + "/api/ws?lang=en"
	t.Cleanup(func() { n.stop() })
	c.nodes = append(c.nodes, n)
	return n
}

// roomLog and inboxLog read the database as cmd/souk wires them.
type roomLog struct{ store persistence.ChatStore }

func (l roomLog) LastSeq(ctx context.Context, room string) (int64, error) {
	return l.store.LastSeq(ctx, room)
}

func (l roomLog) Since(ctx context.Context, room string, seq int64, limit int) ([]*actors.ChatEvent, error) {
	list, err := l.store.Since(ctx, room, seq, limit)
	out := make([]*actors.ChatEvent, len(list))
	for i, e := range list {
		out[i] = actors.EventFromStore(e)
	}
	return out, err
}

// inboxLog reads the node's inbox store, counting the reads of events.
type inboxLog struct {
	store persistence.InboxStore
	reads *atomic.Int64
}

func (l inboxLog) LastSeq(ctx context.Context, userID int64) (int64, error) {
	return l.store.LastSeq(ctx, userID)
}

func (l inboxLog) Since(ctx context.Context, userID, seq int64, limit int) ([]InboxEvent, error) {
	l.reads.Add(1)
	list, err := l.store.Since(ctx, userID, seq, limit)
	out := make([]InboxEvent, len(list))
	for i, e := range list {
		out[i] = InboxEvent{Seq: e.Seq, Action: e.Action, Data: e.Data, CreatedAt: e.CreatedAt}
	}
	return out, err
}

// stop shuts the node down gracefully: connections closed, cluster left, NATS drained.
func (n *rtNode) stop() {
	n.once.Do(func() {
		if n.remote != nil {
			n.remote.stop()
			_ = n.db.Close()
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = n.gw.Shutdown(ctx)
		n.srv.Close()
		n.h.Stop()
		_ = n.sys.Stop(ctx)
		_ = n.db.Close()
	})
}

func (n *rtNode) gossip() string {
	if n.remote != nil {
		return n.remote.info.Gossip
	}
	return n.sys.Node().GossipAddr()
}

// members is how many members the node sees in the cluster.
func (n *rtNode) members() int {
	if n.remote != nil {
		return n.remote.count("members")
	}
	return n.sys.Node().Members()
}

// activations is how many room grains the node holds.
func (n *rtNode) activations() int {
	if n.remote != nil {
		return n.remote.count("activations")
	}
	return n.sys.RoomActivations()
}

// sessionNodes reads on which nodes the member's session grain routes
// events, with their connection counts.
func (n *rtNode) sessionNodes(ctx context.Context, userID int64) (map[string]int, error) {
	if n.remote != nil {
		var nodes map[string]int
		err := n.remote.post("/sessions", userID, &nodes)
		return nodes, err
	}
	return n.sys.Sessions().Nodes(ctx, userID)
}

// call runs an action on the node as the viewer ctx carries and decodes
// its reply into out.
func (n *rtNode) call(ctx context.Context, name string, in, out any) error {
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	if n.remote != nil {
		return n.remote.call(ctx, name, data, out)
	}
	reply, err := n.reg.Call(ctx, name, data)
	if err != nil {
		return err
	}
	b, err := json.Marshal(reply)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

func addUser(t *testing.T, db *persistence.DB, name string, admin bool) int64 {
	t.Helper()
	u := persistence.User{Name: name, Slug: name, LevelKey: "lv1", IsAdmin: admin}
	require.NoError(t, db.Users().Create(t.Context(), &u))
	return u.ID
}

// chatClient is a browser tab: it reads frames on its own goroutine and
// records the sequenced events it receives.
type chatClient struct {
	t      *testing.T
	userID int64
	c      *client

	mu      sync.Mutex
	frames  []ws.Frame // guarded by mu: everything but chat_room and delete_chat
	seqs    []int64    // guarded by mu: seq of every chat_room and delete_chat, in arrival order
	maxSeq  int64      // guarded by mu
	closed  bool       // guarded by mu
	err     error      // guarded by mu: why the connection ended
	changed chan struct{}
}

func dialChat(t *testing.T, url string, userID int64) *chatClient {
	t.Helper()
	cc := &chatClient{t: t, userID: userID, c: dialWith(t, url), changed: make(chan struct{}, 1)}
	go cc.read()
	return cc
}

func (cc *chatClient) read() {
	for {
		_, p, err := cc.c.next(time.Minute)
		if err != nil {
			cc.mu.Lock()
			cc.closed, cc.err = true, err
			cc.mu.Unlock()
			cc.notify()
			return
		}
		var f ws.Frame
		if json.Unmarshal(p, &f) != nil {
			continue
		}
		cc.mu.Lock()
		switch f.Action {
		case "chat_room", "delete_chat":
			var ev struct {
				Seq int64 `json:"seq"`
			}
			_ = json.Unmarshal(f.Data, &ev)
			cc.seqs = append(cc.seqs, ev.Seq)
			cc.maxSeq = max(cc.maxSeq, ev.Seq)
		default:
			cc.frames = append(cc.frames, f)
		}
		cc.mu.Unlock()
		cc.notify()
	}
}

func (cc *chatClient) notify() {
	select {
	case cc.changed <- struct{}{}:
	default:
	}
}

func (cc *chatClient) send(action string, data any) {
	b, err := ws.Encode(action, data)
	require.NoError(cc.t, err)
	_ = wsutil.WriteClientText(cc.c.conn, b)
}

func (cc *chatClient) connect() {
	cc.send("connect", map[string]any{"userId": strconv.FormatInt(cc.userID, 10),
		"signature": testSignature(cc.userID), "timestamp": "1"})
}

// join joins the room resuming after lastSeq (nil: live only).
func (cc *chatClient) join(room string, lastSeq *int64) {
	data := map[string]any{"room": room, "user": strconv.FormatInt(cc.userID, 10),
		"signature": testSignature(cc.userID), "timestamp": "1"}
	if lastSeq != nil {
		data["lastSeq"] = *lastSeq
	}
	cc.send("join_room", data)
}

// waitFrame waits for a frame of action whose data satisfies ok, and returns it.
func (cc *chatClient) waitFrame(action string, ok func(json.RawMessage) bool) ws.Frame {
	cc.t.Helper()
	deadline := time.After(10 * time.Second)
	seen := 0
	for {
		cc.mu.Lock()
		frames := cc.frames[seen:]
		seen = len(cc.frames)
		cc.mu.Unlock()
		for _, f := range frames {
			if f.Action == action && (ok == nil || ok(f.Data)) {
				return f
			}
		}
		select {
		case <-cc.changed:
		case <-deadline:
			cc.t.Fatalf("no %s frame within 10s", action)
		}
	}
}

func (cc *chatClient) waitError(code string) map[string]any {
	cc.t.Helper()
	f := cc.waitFrame("error", func(d json.RawMessage) bool { return strings.Contains(string(d), `"`+code+`"`) })
	var m map[string]any
	require.NoError(cc.t, json.Unmarshal(f.Data, &m))
	return m
}

func (cc *chatClient) state() (seqs []int64, maxSeq int64, closed bool) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return append([]int64(nil), cc.seqs...), cc.maxSeq, cc.closed
}

// TestRealtimeBadInput checks that every kind of bad input gets a clear
// error frame, stores nothing and leaves the connection up.
func TestRealtimeBadInput(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	bob := addUser(t, n.db, "bob", false)
	guest := addUser(t, n.db, "guest1", false)

	a := dialChat(t, n.wsURL, ann)
	a.send("chat_room", map[string]any{"message": "before connect"})
	a.waitError(errNotConnected.Key)
	a.send("connect", map[string]any{"userId": ann, "signature": "forged", "timestamp": "1"})
	a.waitError(errBadSignature.Key)
	a.send("join_room", map[string]any{"room": "chat"})
	a.waitError(errNotConnected.Key)
	a.connect()
	a.waitFrame("connect", nil)
	a.send("join_room", map[string]any{"room": "no room!"})
	a.waitError(chat.ErrBadRoom.Key)
	a.send("join_room", map[string]any{"room": "chat", "lastSeq": "x"})
	a.waitError(action.BadField("").Key)
	zero := int64(0)
	a.join("chat", &zero)
	a.waitFrame("join_success", nil)

	a.send("chat_room", map[string]any{"message": "  ", "clientId": "e"})
	a.waitError(chat.ErrEmpty.Key)
	long := a.waitErrorAfter("chat_room", map[string]any{"message": strings.Repeat("x", 121), "clientId": "l"}, "chat.error.tooLong")
	assert.EqualValues(t, 120, long["max"])
	a.send("chat_room", map[string]any{"message": "hello", "clientId": "ok-1"})
	a.waitFrame("chat_ack", nil)
	throttled := a.waitErrorAfter("chat_room", map[string]any{"message": "again", "clientId": "ok-2"}, "chat.error.throttled")
	assert.Greater(t, throttled["retryAfterMs"], 0.0)
	assert.Equal(t, "ok-2", throttled["clientId"])
	a.send("chat_room", map[string]any{"message": "hello", "clientId": "ok-1"})
	acks := 0
	require.Eventually(t, func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		acks = 0
		for _, f := range a.frames {
			if f.Action == "chat_ack" {
				acks++
			}
		}
		return acks == 2
	}, 5*time.Second, 10*time.Millisecond, "a resent clientId is acknowledged again")
	a.send("delete_chat", map[string]any{"id": "1", "signature": "forged", "timestamp": "1"})
	refusedDelete := a.waitFrame("error", func(d json.RawMessage) bool { return strings.Contains(string(d), `"action":"delete_chat"`) })
	assert.JSONEq(t, `{"code":"`+chat.ErrBadSignature.Key+`","message":"`+testCatalog().Translate("en", chat.ErrBadSignature.Key, nil)+`","action":"delete_chat","id":"1"}`, string(refusedDelete.Data), "a refused delete names its message")
	a.send("nonsense", map[string]any{})
	a.waitError("common.error.unknownAction")
	_ = wsutil.WriteClientText(a.c.conn, []byte("not json"))
	a.waitError("bad_frame")

	g := dialChat(t, n.wsURL, guest)
	g.join("chat", nil)
	noAccess := g.waitError("chat.error.noAccess")
	assert.Equal(t, []any{"Lv2", "VIP1"}, noAccess["levels"])
	assert.Equal(t, "Your level can't chat yet. Levels that can: Lv2, VIP1", noAccess["message"], "translated into the socket's language")

	b := dialChat(t, n.wsURL, bob)
	b.connect()
	b.waitFrame("connect", nil)
	var ackSeq struct {
		ID string `json:"id"`
	}
	require.NoError(t, json.Unmarshal(a.waitFrame("chat_ack", nil).Data, &ackSeq))
	msgID, _ := strconv.ParseInt(ackSeq.ID, 10, 64)
	sig, ts := deleteSignature(bob, msgID)
	b.send("delete_chat", map[string]any{"id": ackSeq.ID, "signature": sig, "timestamp": ts})
	assert.Equal(t, ackSeq.ID, b.waitError(chat.ErrForbidden.Key)["id"])
	sig, ts = deleteSignature(ann, msgID)
	a.send("delete_chat", map[string]any{"id": ackSeq.ID, "signature": sig, "timestamp": ts})
	a.waitSeqs(2)

	_, _, closed := a.state()
	assert.False(t, closed, "refusals leave the connection up")
	seqs, _, _ := a.state()
	assert.Equal(t, []int64{1, 2}, seqs, "one message and its deletion; nothing else was stored")
	events, err := roomLog{n.db.Chat()}.Since(t.Context(), "chat", 0, 10)
	require.NoError(t, err)
	assert.Len(t, events, 2)

	a.send("show_room", map[string]any{"room": "chat"})
	show := a.waitFrame("show_room", nil)
	assert.Contains(t, string(show.Data), `"online":1`)
}

// waitSeqs waits until the client received n sequenced events.
func (cc *chatClient) waitSeqs(n int) {
	cc.t.Helper()
	require.Eventually(cc.t, func() bool {
		seqs, _, _ := cc.state()
		return len(seqs) >= n
	}, 10*time.Second, 5*time.Millisecond, "want %d sequenced events", n)
}

// waitErrorAfter sends a frame and waits for the error it causes.
func (cc *chatClient) waitErrorAfter(action string, data any, code string) map[string]any {
	cc.t.Helper()
	cc.send(action, data)
	return cc.waitError(code)
}

// TestEndedSessionClosesItsConnections: once a session ends, the
// connections its socket token opened are closed (1008 "session ended");
// the member's connections of other sessions stay.
func TestEndedSessionClosesItsConnections(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	open := func(timestamp string) *chatClient {
		cc := dialChat(t, n.wsURL, ann)
		cc.send("connect", map[string]any{"userId": strconv.FormatInt(ann, 10), "signature": testSignature(ann), "timestamp": timestamp})
		cc.waitFrame("connect", nil)
		return cc
	}
	laptop, phone, bench := open("s7"), open("s8"), open("1")

	n.ended.Store(int64(7), true)
	require.Eventually(t, func() bool { _, _, closed := laptop.state(); return closed }, 5*time.Second, 10*time.Millisecond)
	laptop.mu.Lock()
	var ce closeErr
	require.ErrorAs(t, laptop.err, &ce)
	laptop.mu.Unlock()
	assert.Equal(t, closeErr{code: ws.ClosePolicy, reason: ReasonSessionEnded}, ce)

	swept := n.h.sweeps.Load()
	require.Eventually(t, func() bool { return n.h.sweeps.Load() >= swept+2 }, 5*time.Second, 5*time.Millisecond, "two more sweeps")
	for name, cc := range map[string]*chatClient{"another session": phone, "no session": bench} {
		_, _, closed := cc.state()
		assert.False(t, closed, name)
	}
}

// count returns how many frames of action the client received.
func (cc *chatClient) count(action string) int {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	n := 0
	for _, f := range cc.frames {
		if f.Action == action {
			n++
		}
	}
	return n
}

// TestCommandFramesAreRateLimited: a connection may send
// DefaultCommandBurst frames in a row and DefaultCommandRate a second
// after that; a frame beyond is refused (chat.error.tooManyCommands, with
// retryAfterMs) without running, and a connection that keeps on is closed
// as abusive.
func TestCommandFramesAreRateLimited(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	guest := dialChat(t, n.wsURL, 0)
	for range DefaultCommandBurst {
		guest.send("show_room", map[string]any{"room": "chat"})
	}
	require.Eventually(t, func() bool { return guest.count("show_room") == DefaultCommandBurst }, 10*time.Second, 5*time.Millisecond)
	refused := guest.waitErrorAfter("show_room", map[string]any{"room": "chat"}, "chat.error.tooManyCommands")
	assert.EqualValues(t, 1000/DefaultCommandRate, refused["retryAfterMs"])
	assert.Equal(t, DefaultCommandBurst, guest.count("show_room"), "the refused frame did not run")

	cl.clock.Advance(time.Second)
	for range DefaultCommandRate {
		guest.send("show_room", map[string]any{"room": "chat"})
	}
	require.Eventually(t, func() bool { return guest.count("show_room") == DefaultCommandBurst+DefaultCommandRate }, 10*time.Second, 5*time.Millisecond,
		"the limit refills at DefaultCommandRate a second")

	for range refusalLimit + 1 {
		guest.send("show_room", map[string]any{"room": "chat"})
	}
	require.Eventually(t, func() bool { _, _, closed := guest.state(); return closed }, 10*time.Second, 5*time.Millisecond)
	guest.mu.Lock()
	var ce closeErr
	require.ErrorAs(t, guest.err, &ce)
	guest.mu.Unlock()
	assert.Equal(t, closeErr{code: ws.ClosePolicy, reason: ws.ReasonAbusive}, ce, "closed on sustained abuse")
	assert.Equal(t, DefaultCommandBurst+DefaultCommandRate, guest.count("show_room"))
}

// TestSignedInSocketsLeaveTheGuestCap: a socket bound to a member by
// connect no longer counts against its address's guest connections.
func TestSignedInSocketsLeaveTheGuestCap(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	gw := ws.New(ws.Config{Handler: n.h, MaxGuestsPerAddr: 1})
	mux := http.NewServeMux()
	mux.Handle("GET /api/ws", gw)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = gw.Shutdown(ctx)
		srv.Close()
	})
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/api/ws?lang=en"
	a := dialChat(t, url, ann)
	_, _, _, err := gobwas.Dialer{}.Dial(t.Context(), url)
	require.Error(t, err, "a second guest of the address is refused")
	assert.Equal(t, uint64(1), gw.Stats().RefusedPerAddr)
	a.connect()
	a.waitFrame("connect", nil)
	dialChat(t, url, ann)
	assert.Equal(t, uint64(1), gw.Stats().RefusedPerAddr, "the signed-in socket freed the guest's place")
}
