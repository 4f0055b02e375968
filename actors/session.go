package actors

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
	"google.golang.org/protobuf/proto"
)

// sessionGrain is the one activation of a member's session: it knows on
// which nodes the member's connections are, and routes events addressed to
// the member to those nodes (one NATS message per node, never one per
// connection). Its memory is a cache that the nodes refill (Sessions.Attach
// is repeated after topology changes). The mailbox serializes everything.
// A session with no connection anywhere is passivated after sessionIdle
// without a message: a look at an offline member (profile.online) or an
// event for them does not keep a grain alive.
//
// It also knows whether the member has the site focused somewhere: each
// node reports, with its connection count, how many of its connections
// said (the focus command) that their page is visible and focused. Web
// Push asks it before waking a member's devices.
type sessionGrain struct {
	env    *env
	userID int64
	// nodes are the nodes holding connections: their counts.
	nodes   map[string]nodeConnections
	replies *replyCache[*DeliverReply]
	idle    idleWatch
}

// nodeConnections are a node's connections of the member, and how many
// of them show the site focused.
type nodeConnections struct{ connections, focused int32 }

func newSessionGrain(e *env) *sessionGrain {
	return &sessionGrain{env: e, nodes: make(map[string]nodeConnections), replies: newReplyCache[*DeliverReply](256)}
}

// Receive handles one message at a time.
func (g *sessionGrain) Receive(ctx actor.Context) {
	if _, tick := ctx.Message().(idleTick); !tick {
		g.idle.touch()
	}
	switch msg := ctx.Message().(type) {
	case *pcluster.ClusterInit:
		g.userID, _ = strconv.ParseInt(msg.Identity.Identity, 10, 64)
		g.env.waitBound()
		g.idle.start(ctx, g.env.sessionIdle)
	case idleTick:
		if g.idle.idle() && len(g.nodes) == 0 {
			ctx.Poison(ctx.Self())
		}
	case *actor.Stopping:
		g.idle.stop()
	case *SetSessionNode:
		if msg.GetConnections() > 0 {
			g.nodes[msg.GetNode()] = nodeConnections{connections: msg.GetConnections(),
				focused: min(msg.GetFocused(), msg.GetConnections())}
		} else {
			delete(g.nodes, msg.GetNode())
		}
		ctx.Respond(g.reply())
	case *GetSession:
		ctx.Respond(g.reply())
	case *DeliverToUser:
		ctx.Respond(g.deliver(msg))
	}
}

func (g *sessionGrain) reply() *SessionReply {
	r := &SessionReply{}
	for node, n := range g.nodes {
		r.Nodes = append(r.Nodes, &NodeConnections{Node: node, Connections: n.connections, Focused: n.focused})
	}
	slices.SortFunc(r.Nodes, func(a, b *NodeConnections) int { return strings.Compare(a.Node, b.Node) })
	return r
}

func (g *sessionGrain) deliver(msg *DeliverToUser) *DeliverReply {
	if prior, ok := g.replies.get(msg.GetIdemKey()); ok {
		return &DeliverReply{Nodes: prior.GetNodes(), Replayed: true}
	}
	payload := &UserDelivery{UserId: g.userID, Action: msg.GetAction(), Data: msg.GetData()}
	var sent int32
	for node := range g.nodes {
		if err := g.env.publish(nodeSubject(g.env, node), payload); err != nil {
			g.env.log.Warn("session: publish", "user", g.userID, "node", node, "error", err)
			continue
		}
		sent++
	}
	reply := &DeliverReply{Nodes: sent}
	g.replies.put(msg.GetIdemKey(), reply)
	if fn := g.env.sessionEvents.Load(); fn != nil {
		(*fn)(g.userID, msg.GetAction(), msg.GetData())
	}
	return reply
}

func nodeSubject(e *env, node string) string { return e.node.Bus().Subject("node", node) }

// Sessions calls the user session grains. It is safe for concurrent use.
type Sessions struct{ env *env }

// Attach sets how many connections of the user this node holds (0 to
// detach), none of them focused; repeating it is harmless.
func (s *Sessions) Attach(ctx context.Context, userID int64, connections int) error {
	return s.AttachFocused(ctx, userID, connections, 0)
}

// AttachFocused sets how many connections of the user this node holds (0
// to detach) and how many of them show the site focused; repeating it is
// harmless.
func (s *Sessions) AttachFocused(ctx context.Context, userID int64, connections, focused int) error {
	_, err := s.env.request(ctx, sessionKind, strconv.FormatInt(userID, 10),
		&SetSessionNode{Node: s.env.node.Name(), Connections: int32(connections), Focused: int32(focused)})
	return err
}

// Focused reports whether the user has a connection, on any node, whose
// page is visible and focused.
func (s *Sessions) Focused(ctx context.Context, userID int64) (bool, error) {
	res, err := s.env.request(ctx, sessionKind, strconv.FormatInt(userID, 10), &GetSession{})
	if err != nil {
		return false, err
	}
	reply, ok := res.(*SessionReply)
	if !ok {
		return false, fmt.Errorf("%w: unexpected reply %T", ErrUnavailable, res)
	}
	for _, n := range reply.GetNodes() {
		if n.GetFocused() > 0 {
			return true, nil
		}
	}
	return false, nil
}

// Moved reports whether the last topology change this node saw moved the
// user's session grain to another member: its new activation has lost the
// nodes the old one knew (Attach them again).
func (s *Sessions) Moved(userID int64) bool {
	return s.env.node.Moved(sessionKind, strconv.FormatInt(userID, 10))
}

// Detach tells the session this node holds no connection of the user any more.
func (s *Sessions) Detach(ctx context.Context, userID int64) error {
	return s.Attach(ctx, userID, 0)
}

// Nodes returns the nodes holding the user's connections, with their counts.
func (s *Sessions) Nodes(ctx context.Context, userID int64) (map[string]int, error) {
	res, err := s.env.request(ctx, sessionKind, strconv.FormatInt(userID, 10), &GetSession{})
	if err != nil {
		return nil, err
	}
	reply, ok := res.(*SessionReply)
	if !ok {
		return nil, fmt.Errorf("%w: unexpected reply %T", ErrUnavailable, res)
	}
	out := make(map[string]int, len(reply.GetNodes()))
	for _, n := range reply.GetNodes() {
		out[n.GetNode()] = int(n.GetConnections())
	}
	return out, nil
}

// SessionEventFunc is told of an event a session grain routed to its
// member (a retried delivery is told once). It runs in the grain, on the
// node that owns the member's session: it must not block.
type SessionEventFunc func(userID int64, action string, data []byte)

// OnDeliver makes the session grains of this node tell fn of every event
// they route, so that what must happen once per member (Web Push's
// debouncing) happens on one node; nil stops it.
func (s *Sessions) OnDeliver(fn SessionEventFunc) {
	if fn == nil {
		s.env.sessionEvents.Store(nil)
		return
	}
	s.env.sessionEvents.Store(&fn)
}

// Deliver routes an event (a websocket action and its JSON data) to every
// node holding connections of the user, and returns how many nodes it went
// to. idemKey makes a retried delivery a no-op.
func (s *Sessions) Deliver(ctx context.Context, userID int64, idemKey, action string, data []byte) (int, error) {
	res, err := s.env.request(ctx, sessionKind, strconv.FormatInt(userID, 10),
		&DeliverToUser{IdemKey: idemKey, Action: action, Data: data})
	if err != nil {
		return 0, err
	}
	reply, ok := res.(*DeliverReply)
	if !ok {
		return 0, fmt.Errorf("%w: unexpected reply %T", ErrUnavailable, res)
	}
	return int(reply.GetNodes()), nil
}

// SubscribeNode calls fn with every event the session grains route to
// this node, on one goroutine. The returned function unsubscribes.
func (s *Sessions) SubscribeNode(fn func(userID int64, action string, data []byte)) (func(), error) {
	return s.env.node.Bus().Subscribe(nodeSubject(s.env, s.env.node.Name()), func(data []byte) {
		var d UserDelivery
		if err := proto.Unmarshal(data, &d); err != nil {
			s.env.log.Warn("sessions: undecodable delivery", "error", err)
			return
		}
		fn(d.GetUserId(), d.GetAction(), d.GetData())
	})
}

// InboxIdemKey is the idempotency key of the delivery of a member's
// inbox event: delivering it twice sends it once.
func InboxIdemKey(userID, seq int64) string {
	return "inbox:" + strconv.FormatInt(userID, 10) + ":" + strconv.FormatInt(seq, 10)
}
