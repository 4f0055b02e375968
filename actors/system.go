package actors

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"regexp"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
	"google.golang.org/protobuf/proto"

	"souk/cluster"
	"souk/persistence"
)

// Grain kinds.
const (
	roomKind    = "room"
	sessionKind = "session"
	walletKind  = "wallet"
	uploadKind  = "upload"
)

const (
	// SendInterval is how long a member waits between two messages (SPEC.md §9).
	SendInterval = 2 * time.Second
	// loadPage is how many of its newest events a room loads on activation:
	// their replies are answered from memory, their senders held back.
	loadPage = 18
	// DefaultRoomIdle is how long a room grain with nobody in it stays
	// active without a message before it is passivated.
	DefaultRoomIdle = 5 * time.Minute
	// DefaultSessionIdle is how long a session grain of a member connected
	// nowhere stays active without a message before it is passivated.
	DefaultSessionIdle = 5 * time.Minute
	// DefaultWalletIdle is how long a wallet grain stays active without an
	// operation before it is passivated.
	DefaultWalletIdle = 2 * time.Minute
)

const (
	// firstAttemptTimeout bounds a grain request's first attempt; each
	// attempt that times out doubles it for the next, up to attemptTimeout.
	// An activation stopped while the request waited in its mailbox (its
	// grain moved, or its node is stopping) drops it without an answer,
	// so a short first wait bounds that stall; a grain that is merely slow
	// answers the resend from its reply cache (commands are idempotent).
	firstAttemptTimeout = 300 * time.Millisecond
	attemptTimeout      = 2 * time.Second
	// defaultCallTimeout bounds a call whose context has no deadline.
	defaultCallTimeout = 10 * time.Second
	// bindWait is how long a grain activated during start-up waits for the node.
	bindWait = 15 * time.Second
)

var roomName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ValidRoom reports whether name can be a room (a single NATS subject token).
func ValidRoom(name string) bool { return roomName.MatchString(name) }

// System is this node's share of the actors: it hosts the grains the
// cluster places here and calls grains wherever they are. It is safe for
// concurrent use.
type System struct {
	env      *env
	rooms    *Rooms
	sessions *Sessions
	wallets  *Wallets
	uploads  *Uploads
}

// env is what grains need; node is set once the cluster node has started.
type env struct {
	db  *persistence.DB
	log *slog.Logger
	now func() time.Time // the rooms' clock (send throttle)
	// roomIdle is how long an empty room grain stays active without a
	// message.
	roomIdle time.Duration
	// walletIdle is how long a wallet grain stays active without an operation.
	walletIdle time.Duration
	// sessionIdle is how long a session grain of a member connected
	// nowhere stays active without a message.
	sessionIdle time.Duration
	// uploadIdle is how long an upload-job grain stays active without a chunk.
	uploadIdle time.Duration
	// blobs keeps the chunks and files of uploads.
	blobs persistence.Blobs
	bound chan struct{} // closed once node is set
	node  *cluster.Node // written once before bound is closed
	// chatCommits and chatCommitted count the rooms' group commits and
	// the messages they stored.
	chatCommits, chatCommitted atomic.Int64
	// sessionEvents is told of every event the session grains of this
	// node route (Sessions.OnDeliver); nil: nobody is.
	sessionEvents atomic.Pointer[SessionEventFunc]
}

// Option changes how Start builds the system.
type Option func(*env)

// WithClock makes the grains read the time from now instead of time.Now
// (tests move it forward instead of waiting out the send throttle).
func WithClock(now func() time.Time) Option {
	return func(e *env) { e.now = now }
}

// WithRoomIdle passivates a room grain that nobody is in after d without a
// message instead of DefaultRoomIdle.
func WithRoomIdle(d time.Duration) Option {
	return func(e *env) {
		if d > 0 {
			e.roomIdle = d
		}
	}
}

// WithSessionIdle passivates a session grain of a member connected nowhere
// after d without a message instead of DefaultSessionIdle.
func WithSessionIdle(d time.Duration) Option {
	return func(e *env) {
		if d > 0 {
			e.sessionIdle = d
		}
	}
}

// WithWalletIdle passivates a wallet grain after d without an operation
// instead of DefaultWalletIdle.
func WithWalletIdle(d time.Duration) Option {
	return func(e *env) {
		if d > 0 {
			e.walletIdle = d
		}
	}
}

// WithUploadIdle passivates an upload-job grain after d without a chunk
// instead of DefaultUploadIdle.
func WithUploadIdle(d time.Duration) Option {
	return func(e *env) {
		if d > 0 {
			e.uploadIdle = d
		}
	}
}

// WithBlobs keeps the bytes of uploads in b instead of the database
// (persistence.DBBlobs), e.g. a folder on disk for a single node.
func WithBlobs(b persistence.Blobs) Option {
	return func(e *env) { e.blobs = b }
}

// Start starts the cluster node with the room, session, wallet and upload kinds and
// returns the system bound to it.
func Start(ctx context.Context, cfg cluster.Config, db *persistence.DB, opts ...Option) (*System, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	e := &env{db: db, log: log, now: time.Now, roomIdle: DefaultRoomIdle, walletIdle: DefaultWalletIdle,
		sessionIdle: DefaultSessionIdle,
		uploadIdle:  DefaultUploadIdle, bound: make(chan struct{})}
	for _, opt := range opts {
		opt(e)
	}
	if e.blobs == nil {
		e.blobs = db.Blobs()
	}
	cfg.Kinds = append(cfg.Kinds,
		pcluster.NewKind(roomKind, actor.PropsFromProducer(func() actor.Actor { return newRoomGrain(e) })),
		pcluster.NewKind(sessionKind, actor.PropsFromProducer(func() actor.Actor { return newSessionGrain(e) })),
		pcluster.NewKind(walletKind, actor.PropsFromProducer(func() actor.Actor { return newWalletGrain(e) })),
		pcluster.NewKind(uploadKind, actor.PropsFromProducer(func() actor.Actor { return newUploadGrain(e) })),
	)
	// Grains may be placed here as soon as the others see this node, a
	// second before cluster.Start returns: bind them to the node (its name
	// and bus are all they use) before its member starts.
	bind := cfg.Bind
	cfg.Bind = func(n *cluster.Node) {
		e.node = n
		close(e.bound)
		if bind != nil {
			bind(n)
		}
	}
	if _, err := cluster.Start(ctx, cfg); err != nil {
		return nil, err
	}
	return &System{env: e, rooms: &Rooms{env: e}, sessions: &Sessions{env: e}, wallets: &Wallets{env: e},
		uploads: &Uploads{env: e}}, nil
}

// Node returns the cluster node.
func (s *System) Node() *cluster.Node { return s.env.node }

// Rooms returns the chat rooms.
func (s *System) Rooms() *Rooms { return s.rooms }

// Sessions returns the user sessions.
func (s *System) Sessions() *Sessions { return s.sessions }

// Wallets returns the members' wallets.
func (s *System) Wallets() *Wallets { return s.wallets }

// Uploads returns the upload jobs.
func (s *System) Uploads() *Uploads { return s.uploads }

// Ready returns nil once the node sees itself in the cluster topology.
func (s *System) Ready() error { return s.env.node.Ready() }

// Stop leaves the cluster and drains NATS.
func (s *System) Stop(ctx context.Context) error { return s.env.node.Stop(ctx) }

// waitBound blocks a grain activated during start-up until the node is set.
func (e *env) waitBound() bool {
	select {
	case <-e.bound:
		return true
	case <-time.After(bindWait):
		return false
	}
}

// request sends msg to the grain and waits for its reply, retrying until
// ctx ends: grains are idempotent, so a request that arrives twice does no
// harm. A request whose grain moved while it was in flight is sent again
// at once to the new owner; other failures (the old owner's dead letter
// before this node has seen the new topology, an activation that failed)
// are retried after a short jittered pause that grows to retryPauseMax.
func (e *env) request(ctx context.Context, kind, identity string, msg proto.Message) (any, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultCallTimeout)
		defer cancel()
	}
	var lastErr error
	moved, failed := 0, 0
	timeout := firstAttemptTimeout
	for {
		if deadline, _ := ctx.Deadline(); time.Until(deadline) < timeout {
			timeout = max(time.Until(deadline), 10*time.Millisecond)
		}
		res, err := e.requestOnce(kind, identity, msg, timeout)
		if err == nil && res != nil {
			return res, nil
		}
		if err == nil {
			err = errors.New("empty reply")
		}
		if errors.Is(err, actor.ErrTimeout) {
			timeout = min(2*timeout, attemptTimeout)
		}
		lastErr = err
		var pause time.Duration
		if errors.Is(err, cluster.ErrMoved) && moved < maxImmediateRetries {
			moved++
		} else {
			pause = retryPause(failed)
			failed++
		}
		if pause == 0 && ctx.Err() == nil {
			continue
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: %s %s: %w", ErrUnavailable, kind, identity, errors.Join(lastErr, ctx.Err()))
		case <-time.After(pause):
		}
	}
}

const (
	// retryPauseMin and retryPauseMax bound the pause before a failed
	// request is sent again; it doubles from the first to the last.
	retryPauseMin = 10 * time.Millisecond
	retryPauseMax = 250 * time.Millisecond
	// maxImmediateRetries bounds the requests sent again at once because
	// their grain moved (each needs a topology change).
	maxImmediateRetries = 3
)

// retryPause is the pause after the n-th failure in a row (from 0):
// retryPauseMin·2ⁿ up to retryPauseMax, with up to half of it taken off at
// random, so that the callers held by one move do not all come back at once.
func retryPause(n int) time.Duration {
	p := retryPauseMax
	if n < 16 {
		p = min(retryPauseMin<<n, retryPauseMax)
	}
	return p - time.Duration(rand.Int64N(int64(p/2)+1))
}

func (e *env) requestOnce(kind, identity string, msg proto.Message, timeout time.Duration) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("request while the member restarts: %v", r)
		}
	}()
	return e.node.Request(kind, identity, msg, timeout)
}

// publish sends a message on a subject of the bus.
func (e *env) publish(subject string, msg proto.Message) error {
	data, err := proto.Marshal(msg)
	if err != nil {
		return fmt.Errorf("actors: encode %T: %w", msg, err)
	}
	return e.node.Bus().Publish(subject, data)
}

// replyCache remembers the replies to the last commands by idempotency
// key, so that a command delivered twice is answered the same way without
// a database round trip. Owned by one grain: not safe for concurrent use.
// It grows with use up to size: a grain that sees few commands (most user
// sessions) keeps a few hundred bytes, not size entries.
type replyCache[V any] struct {
	byKey map[string]V
	order []string // keys in insertion order, a ring once it holds size
	size  int
	next  int
}

func newReplyCache[V any](size int) *replyCache[V] {
	return &replyCache[V]{byKey: make(map[string]V), size: max(size, 1)}
}

func (c *replyCache[V]) get(key string) (V, bool) {
	v, ok := c.byKey[key]
	return v, ok
}

func (c *replyCache[V]) put(key string, v V) {
	if key == "" {
		return
	}
	if _, ok := c.byKey[key]; ok {
		c.byKey[key] = v
		return
	}
	c.byKey[key] = v
	if len(c.order) < c.size {
		c.order = append(c.order, key)
		return
	}
	delete(c.byKey, c.order[c.next])
	c.order[c.next] = key
	c.next = (c.next + 1) % len(c.order)
}

// SessionActivations counts the session grains active on this node.
func (s *System) SessionActivations() int { return s.env.node.Activations(sessionKind) }

// RoomActivations counts the room grains active on this node.
func (s *System) RoomActivations() int { return s.env.node.Activations(roomKind) }

// ChatCommits returns how many group commits the room grains of this node
// made and how many messages they stored: their ratio is the mean group.
func (s *System) ChatCommits() (commits, messages int64) {
	return s.env.chatCommits.Load(), s.env.chatCommitted.Load()
}
