package ws

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
	"testing"
	"time"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/cluster"
	"souk/persistence"
	"souk/persistence/pgtest"
)

// rtCluster is a set of in-process nodes sharing one database: each with
// its own gossip, NATS, actor and HTTP ports on loopback.
type rtCluster struct {
	t         *testing.T
	clustered bool   // gossip and NATS routes even for the first node
	dbURL     string // postgres, or "" for a shared SQLite folder
	dataDir   string
	seq       int
}

// newRTCluster prepares nodes; a clustered set shares PostgreSQL when
// SOUK_TEST_POSTGRES_URL is set, a SQLite file otherwise.
func newRTCluster(t *testing.T, clustered bool) *rtCluster {
	c := &rtCluster{t: t, dataDir: t.TempDir(), clustered: clustered}
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
	h     *Realtime
	gw    *Gateway
	srv   *httptest.Server
	wsURL string
	once  sync.Once
}

// testSignature is the socket token the tests' verifier accepts.
func testSignature(userID int64) string { return "sig-" + strconv.FormatInt(userID, 10) }

func (c *rtCluster) start(join ...string) *rtNode {
	t := c.t
	c.seq++
	name := fmt.Sprintf("n%d", c.seq)
	db, err := persistence.Open(t.Context(), persistence.Config{URL: c.dbURL, DataDir: c.dataDir, Node: int64(c.seq)})
	require.NoError(t, err)
	require.NoError(t, db.Migrate(t.Context()))
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
	sys, err := actors.Start(ctx, cfg, db)
	require.NoError(t, err)
	n := &rtNode{name: name, db: db, sys: sys}
	h, err := NewRealtime(RealtimeConfig{
		Rooms:    sys.Rooms(),
		Sessions: sys.Sessions(),
		// A timestamp "s<N>" puts the token in session N.
		VerifySocket: func(userID int64, signature, timestamp string) (int64, bool) {
			session, _ := strconv.ParseInt(strings.TrimPrefix(timestamp, "s"), 10, 64)
			if !strings.HasPrefix(timestamp, "s") {
				session = 0
			}
			return session, signature == testSignature(userID)
		},
		SessionEnded: func(session int64) bool {
			_, ended := n.ended.Load(session)
			return ended
		},
		LookupUser: func(ctx context.Context, userID int64) (RealtimeUser, error) {
			u, err := db.Users().Get(ctx, userID)
			if err != nil {
				return RealtimeUser{}, err
			}
			can := []string{"chat"}
			if strings.HasPrefix(u.Name, "guest") {
				can = nil
			}
			return RealtimeUser{ID: u.ID, Name: u.Name, Slug: u.Slug, UserCan: can, IsAdmin: u.IsAdmin}, nil
		},
		VerifyDelete: func(userID, messageID int64, signature, _ string) bool {
			return signature == fmt.Sprintf("del-%d-%d", userID, messageID)
		},
		ChatLevels: func(context.Context) []string { return []string{"Lv2", "VIP1"} },
		OnTopology: sys.Node().OnTopology,
		Logger:     logger,
	})
	require.NoError(t, err)
	n.h = h
	n.gw = New(Config{Handler: h, MaxFrameBytes: 8 << 10})
	mux := http.NewServeMux()
	mux.Handle("GET /api/ws", n.gw)
	n.srv = httptest.NewServer(mux)
	n.wsURL = "ws" + strings.TrimPrefix(n.srv.URL, "http") + "/api/ws"
	t.Cleanup(func() { n.stop() })
	return n
}

// stop shuts the node down gracefully: connections closed, cluster left, NATS drained.
func (n *rtNode) stop() {
	n.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = n.gw.Shutdown(ctx)
		n.srv.Close()
		n.h.Stop()
		_ = n.sys.Stop(ctx)
		_ = n.db.Close()
	})
}

func (n *rtNode) gossip() string { return n.sys.Node().GossipAddr() }

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
	frames  []Frame // guarded by mu: everything but chat_room and delete_chat
	seqs    []int64 // guarded by mu: seq of every chat_room and delete_chat, in arrival order
	maxSeq  int64   // guarded by mu
	closed  bool    // guarded by mu
	err     error   // guarded by mu: why the connection ended
	changed chan struct{}
}

func dialChat(t *testing.T, url string, userID int64) *chatClient {
	t.Helper()
	cc := &chatClient{t: t, userID: userID, c: dialWith(t, url, gws.Dialer{}), changed: make(chan struct{}, 1)}
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
		var f Frame
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
	b, err := Encode(action, data)
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
func (cc *chatClient) waitFrame(action string, ok func(json.RawMessage) bool) Frame {
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
	a.waitError(keyNotConnected)
	a.send("connect", map[string]any{"userId": ann, "signature": "forged", "timestamp": "1"})
	a.waitError(keyBadSignature)
	a.send("join_room", map[string]any{"room": "chat"})
	a.waitError(keyNotConnected)
	a.connect()
	a.waitFrame("connect", nil)
	a.send("join_room", map[string]any{"room": "no room!"})
	a.waitError(actors.ErrBadRoom.Key)
	a.send("join_room", map[string]any{"room": "chat", "lastSeq": "x"})
	a.waitError(keyBadData)
	zero := int64(0)
	a.join("chat", &zero)
	a.waitFrame("join_success", nil)

	a.send("chat_room", map[string]any{"message": "  ", "clientId": "e"})
	a.waitError(actors.ErrEmpty.Key)
	long := a.waitErrorAfter("chat_room", map[string]any{"message": strings.Repeat("x", 121), "clientId": "l"}, actors.ErrTooLong.Key)
	assert.EqualValues(t, 120, long["max"])
	a.send("chat_room", map[string]any{"message": "hello", "clientId": "ok-1"})
	a.waitFrame("chat_ack", nil)
	throttled := a.waitErrorAfter("chat_room", map[string]any{"message": "again", "clientId": "ok-2"}, actors.ErrThrottled.Key)
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
	assert.JSONEq(t, `{"code":"`+keyBadSignature+`","message":"`+messages[keyBadSignature]+`","action":"delete_chat","id":"1"}`, string(refusedDelete.Data), "a refused delete names its message")
	a.send("nonsense", map[string]any{})
	a.waitError("common.error.unknownAction")
	_ = wsutil.WriteClientText(a.c.conn, []byte("not json"))
	a.waitError("bad_frame")

	g := dialChat(t, n.wsURL, guest)
	g.join("chat", nil)
	noAccess := g.waitError(actors.ErrNoAccess.Key)
	assert.Equal(t, []any{"Lv2", "VIP1"}, noAccess["levels"])

	b := dialChat(t, n.wsURL, bob)
	b.connect()
	b.waitFrame("connect", nil)
	var ackSeq struct {
		ID string `json:"id"`
	}
	require.NoError(t, json.Unmarshal(a.waitFrame("chat_ack", nil).Data, &ackSeq))
	msgID, _ := strconv.ParseInt(ackSeq.ID, 10, 64)
	b.send("delete_chat", map[string]any{"id": ackSeq.ID, "signature": fmt.Sprintf("del-%d-%d", bob, msgID), "timestamp": "1"})
	assert.Equal(t, ackSeq.ID, b.waitError(actors.ErrForbidden.Key)["id"])
	a.send("delete_chat", map[string]any{"id": ackSeq.ID, "signature": fmt.Sprintf("del-%d-%d", ann, msgID), "timestamp": "1"})
	a.waitSeqs(2)

	_, _, closed := a.state()
	assert.False(t, closed, "refusals leave the connection up")
	seqs, _, _ := a.state()
	assert.Equal(t, []int64{1, 2}, seqs, "one message and its deletion; nothing else was stored")
	events, err := n.sys.Rooms().Since(t.Context(), "chat", 0, 10)
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
	assert.Equal(t, closeErr{code: ClosePolicy, reason: ReasonSessionEnded}, ce)

	time.Sleep(2 * SessionSweep)
	for name, cc := range map[string]*chatClient{"another session": phone, "no session": bench} {
		_, _, closed := cc.state()
		assert.False(t, closed, name)
	}
}
