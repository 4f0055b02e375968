package actors

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"

	"souk/persistence"
)

const (
	// storeTimeout bounds one database call of a grain.
	storeTimeout = 3 * time.Second
	// seqAttempts bounds the reloads after another activation took a number.
	seqAttempts = 5
	// replyCacheSize is how many recent commands a grain answers from memory.
	replyCacheSize = 2048
	// maxGroupCommit bounds the messages one transaction stores.
	maxGroupCommit = 128
)

// roomGrain is the one activation of a chat room in the cluster. Its
// memory is a cache of the database: on activation it loads the last
// sequence number and the newest page, and every event it accepts is
// stored before it is acknowledged and published. The actor's mailbox
// serializes everything, so no field needs a lock.
//
// Messages are group-committed: a message that passes the room's checks
// waits in pending while the mailbox holds more, and a flushChat the
// grain sends itself (queued behind them) stores them all in one
// transaction; each sender is answered only once its message is stored.
// While one transaction runs, the next messages queue in the mailbox, so
// a busy room stores many per commit and a quiet one one at a time, with
// no timer. Every other command flushes the pending messages first, so
// the sequence stays in arrival order.
type roomGrain struct {
	env      *env
	room     string
	loaded   bool
	lastSeq  int64
	replies  *replyCache[*ChatReply] // by idempotency key; seeded with the newest page
	lastSend map[int64]time.Time     // user id → when their last message was accepted
	members  map[int64]*roomMember
	idle     idleWatch

	pending      []*pendingSend          // accepted, not yet stored, in arrival order
	pendingByKey map[string]*pendingSend // the same, by idempotency key
	flushQueued  bool                    // a flushChat is in the mailbox
}

// pendingSend is a message waiting for its group commit, with everyone
// who sent it (a command delivered twice is answered twice).
type pendingSend struct {
	event   persistence.ChatEvent
	user    *ChatUser
	senders []*actor.PID
	// prevSend is the member's last accepted send before this one, put
	// back when the message is not stored after all.
	prevSend time.Time
}

// flushChat tells the grain to store its pending messages.
type flushChat struct{}

// roomMember is a member present in the room, with their connections per node.
type roomMember struct {
	user  *ChatUser
	nodes map[string]int32
}

func (m *roomMember) connections() int32 {
	var n int32
	for _, c := range m.nodes {
		n += c
	}
	return n
}

func newRoomGrain(e *env) *roomGrain {
	return &roomGrain{
		env:      e,
		replies:  newReplyCache[*ChatReply](replyCacheSize),
		lastSend: make(map[int64]time.Time),
		members:  make(map[int64]*roomMember),

		pendingByKey: make(map[string]*pendingSend),
	}
}

// Receive handles one message at a time.
func (g *roomGrain) Receive(ctx actor.Context) {
	if _, tick := ctx.Message().(idleTick); !tick {
		g.idle.touch()
	}
	switch msg := ctx.Message().(type) {
	case *pcluster.ClusterInit:
		g.room = msg.Identity.Identity
		if g.env.waitBound() {
			g.load()
		}
		g.idle.start(ctx, g.env.roomIdle)
	case idleTick:
		// Quiet for roomIdle: a room nobody is in is passivated (its
		// state is in the database); one with members stays, since its
		// presence lives only here.
		if g.idle.idle() && len(g.members) == 0 {
			ctx.Poison(ctx.Self())
		}
	case *actor.Stopping:
		g.flush(ctx)
		g.idle.stop()
	case *SendChat:
		g.send(ctx, msg)
	case flushChat:
		g.flushQueued = false
		g.flush(ctx)
	case *DeleteChat:
		g.flush(ctx)
		ctx.Respond(g.delete(msg))
	case *SetMember:
		g.flush(ctx)
		ctx.Respond(g.setMember(msg))
	case *GetPresence:
		g.flush(ctx)
		ctx.Respond(g.presence(msg.GetLimit()))
	}
}

// load reads the room's state from the database; on failure the grain
// stays unloaded and tries again on the next command.
func (g *roomGrain) load() bool {
	if g.loaded {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	store := g.env.db.Chat()
	last, err := store.LastSeq(ctx, g.room)
	if err != nil {
		g.env.log.Warn("room: load", "room", g.room, "error", err)
		return false
	}
	page, err := store.History(ctx, g.room, 0, loadPage)
	if err != nil {
		g.env.log.Warn("room: load history", "room", g.room, "error", err)
		return false
	}
	for _, e := range page {
		g.replies.put(e.IdemKey, &ChatReply{Event: EventFromStore(e), Replayed: true})
		// The send limit survives a move for the members who just sent:
		// their last message is in the newest page.
		if at := time.UnixMilli(e.CreatedAt); e.Kind == persistence.ChatKindMessage && at.After(g.lastSend[e.UserID]) {
			g.lastSend[e.UserID] = at
		}
	}
	g.lastSeq, g.loaded = last, true
	return true
}

func refuse(err *Error) *ChatReply { return &ChatReply{Error: err.Key} }

// send checks a message and adds it to the pending ones; it is answered
// when they are stored (flush), or at once when refused or replayed.
func (g *roomGrain) send(ctx actor.Context, msg *SendChat) {
	key := msg.GetIdemKey()
	if p, ok := g.pendingByKey[key]; ok {
		p.senders = append(p.senders, ctx.Sender())
		return
	}
	if prior, ok := g.replies.get(key); ok {
		ctx.Respond(&ChatReply{Event: prior.Event, Replayed: true})
		return
	}
	if !g.load() {
		ctx.Respond(refuse(ErrUnavailable))
		return
	}
	userID := msg.GetUser().GetId()
	if wait := SendInterval - g.env.now().Sub(g.lastSend[userID]); wait > 0 {
		if prior := g.storedReply(key); prior != nil {
			ctx.Respond(prior)
			return
		}
		ctx.Respond(&ChatReply{Error: ErrThrottled.Key, RetryAfterMs: max(wait.Milliseconds(), 1)})
		return
	}
	p := &pendingSend{
		event: persistence.ChatEvent{Room: g.room, Kind: persistence.ChatKindMessage, UserID: userID,
			Message: msg.GetText(), IdemKey: key},
		user: msg.GetUser(), senders: []*actor.PID{ctx.Sender()}, prevSend: g.lastSend[userID],
	}
	g.lastSend[userID] = g.env.now()
	g.pending = append(g.pending, p)
	g.pendingByKey[key] = p
	switch {
	case len(g.pending) >= maxGroupCommit:
		g.flush(ctx)
	case !g.flushQueued:
		g.flushQueued = true
		ctx.Send(ctx.Self(), flushChat{})
	}
}

// flush stores the pending messages, maxGroupCommit per transaction, and
// answers their senders.
func (g *roomGrain) flush(ctx actor.Context) {
	for len(g.pending) > 0 {
		n := min(len(g.pending), maxGroupCommit)
		batch := slices.Clone(g.pending[:n])
		g.pending = slices.Delete(g.pending, 0, n)
		for _, p := range batch {
			delete(g.pendingByKey, p.event.IdemKey)
		}
		g.commit(ctx, batch)
	}
}

// commit stores batch in one transaction, publishes each event and
// answers its senders. When the transaction is refused (a number another
// activation took, a key used before, the database away), each message
// goes through append, which tells those cases apart.
func (g *roomGrain) commit(ctx actor.Context, batch []*pendingSend) {
	events := make([]*persistence.ChatEvent, len(batch))
	for i, p := range batch {
		p.event.Seq = g.lastSeq + int64(i) + 1
		events[i] = &p.event
	}
	c, cancel := context.WithTimeout(context.Background(), storeTimeout)
	err := g.env.db.Chat().AppendMessages(c, events)
	cancel()
	if err != nil {
		for _, p := range batch {
			reply := g.append(&p.event, p.user)
			if reply.Error != "" || reply.Replayed {
				g.lastSend[p.event.UserID] = p.prevSend
			}
			answer(ctx, p, reply)
		}
		return
	}
	g.env.chatCommits.Add(1)
	g.env.chatCommitted.Add(int64(len(batch)))
	for _, p := range batch {
		ev := EventFromStore(p.event)
		ev.User = p.user
		g.replies.put(p.event.IdemKey, &ChatReply{Event: ev, Replayed: true})
		g.lastSeq = p.event.Seq
		g.broadcast(ev)
		answer(ctx, p, &ChatReply{Event: ev})
	}
}

// answer sends reply to everyone who sent p.
func answer(ctx actor.Context, p *pendingSend, reply *ChatReply) {
	for _, sender := range p.senders {
		if sender != nil {
			ctx.Send(sender, reply)
		}
	}
}

// broadcast publishes a stored event to the room's nodes.
func (g *roomGrain) broadcast(ev *ChatEvent) {
	if err := g.env.publish(roomSubject(g.env, g.room), &RoomBroadcast{Body: &RoomBroadcast_Event{Event: ev}}); err != nil {
		// Stored all the same: nodes fill the gap from the database at
		// the next event, clients when they resume.
		g.env.log.Warn("room: publish", "room", g.room, "seq", ev.Seq, "error", err)
	}
}

// storedReply answers a command whose reply left the cache (the grain
// moved since) from the database; nil when the key is unknown.
func (g *roomGrain) storedReply(key string) *ChatReply {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	e, err := g.env.db.Chat().ByIdemKey(ctx, key)
	if err != nil {
		return nil
	}
	reply := &ChatReply{Event: EventFromStore(e), Replayed: true}
	g.replies.put(key, reply)
	return reply
}

func (g *roomGrain) delete(msg *DeleteChat) *ChatReply {
	if prior, ok := g.replies.get(msg.GetIdemKey()); ok {
		return &ChatReply{Event: prior.Event, Replayed: true}
	}
	if !g.load() {
		return refuse(ErrUnavailable)
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	target, err := g.env.db.Chat().Get(ctx, msg.GetMessageId())
	cancel()
	if target.DeletedSeq != 0 {
		if prior := g.storedReply(msg.GetIdemKey()); prior != nil {
			return prior
		}
	}
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return refuse(ErrNotFound)
	case err != nil:
		g.env.log.Warn("room: read message to delete", "room", g.room, "error", err)
		return refuse(ErrUnavailable)
	case target.Room != g.room || target.Kind != persistence.ChatKindMessage || target.DeletedSeq != 0:
		return refuse(ErrNotFound)
	case !msg.GetIsAdmin() && target.UserID != msg.GetUser().GetId():
		return refuse(ErrForbidden)
	}
	stored := persistence.ChatEvent{Room: g.room, Kind: persistence.ChatKindDelete, UserID: msg.GetUser().GetId(),
		TargetID: target.ID, IdemKey: msg.GetIdemKey()}
	return g.append(&stored, msg.GetUser())
}

// append stores the event under the next sequence number, reloading the
// number when another activation took it, then publishes it once.
func (g *roomGrain) append(stored *persistence.ChatEvent, user *ChatUser) *ChatReply {
	store := g.env.db.Chat()
	for range seqAttempts {
		stored.Seq = g.lastSeq + 1
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		replayed, err := store.Append(ctx, stored)
		cancel()
		switch {
		case errors.Is(err, persistence.ErrSeqTaken):
			g.loaded = false
			if !g.load() {
				return refuse(ErrUnavailable)
			}
			continue
		case errors.Is(err, persistence.ErrNotFound):
			return refuse(ErrNotFound)
		case err != nil:
			g.env.log.Warn("room: store event", "room", g.room, "error", err)
			return refuse(ErrUnavailable)
		}
		ev := EventFromStore(*stored)
		if !replayed {
			ev.User = user
		}
		reply := &ChatReply{Event: ev, Replayed: replayed}
		g.replies.put(stored.IdemKey, &ChatReply{Event: ev, Replayed: true})
		if replayed {
			return reply
		}
		g.lastSeq = stored.Seq
		g.broadcast(ev)
		return reply
	}
	return refuse(ErrUnavailable)
}

func (g *roomGrain) setMember(msg *SetMember) *PresenceReply {
	user := msg.GetUser()
	m := g.members[user.GetId()]
	before := int32(0)
	if m != nil {
		before = m.connections()
	} else {
		m = &roomMember{user: user, nodes: make(map[string]int32)}
	}
	m.user = user
	if msg.GetConnections() > 0 {
		m.nodes[msg.GetNode()] = msg.GetConnections()
	} else {
		delete(m.nodes, msg.GetNode())
	}
	after := m.connections()
	if after > 0 {
		g.members[user.GetId()] = m
	} else {
		delete(g.members, user.GetId())
	}
	kind := ""
	switch {
	case before == 0 && after > 0:
		kind = "join_room"
	case before > 0 && after == 0:
		kind = "leave_room"
	}
	if kind != "" && !msg.GetQuiet() {
		ev := &PresenceEvent{Room: g.room, Kind: kind, User: user, Online: int32(len(g.members)), LastSeq: g.lastSeq}
		if err := g.env.publish(roomSubject(g.env, g.room), &RoomBroadcast{Body: &RoomBroadcast_Presence{Presence: ev}}); err != nil {
			g.env.log.Warn("room: publish presence", "room", g.room, "error", err)
		}
	}
	g.load()
	return &PresenceReply{Online: int32(len(g.members)), LastSeq: g.lastSeq}
}

func (g *roomGrain) presence(limit int32) *PresenceReply {
	g.load()
	reply := &PresenceReply{Online: int32(len(g.members)), LastSeq: g.lastSeq}
	for _, m := range g.members {
		if limit > 0 && int32(len(reply.Users)) >= limit {
			break
		}
		reply.Users = append(reply.Users, m.user)
	}
	slices.SortFunc(reply.Users, func(a, b *ChatUser) int { return strings.Compare(a.GetName(), b.GetName()) })
	return reply
}

func roomSubject(e *env, room string) string { return e.node.Bus().Subject("room", room) }

// EventFromStore converts a stored event; a message deleted since has its
// text blanked.
func EventFromStore(e persistence.ChatEvent) *ChatEvent {
	ev := &ChatEvent{Room: e.Room, Seq: e.Seq, Id: e.ID, Kind: e.Kind, Message: e.Message,
		TargetId: e.TargetID, CreatedAt: e.CreatedAt,
		User: &ChatUser{Id: e.UserID, Name: e.Author.Name, Slug: e.Author.Slug, AvatarUrl: e.Author.AvatarURL}}
	if e.Kind == persistence.ChatKindMessage && e.DeletedSeq != 0 {
		ev.Message, ev.Deleted = "", true
	}
	return ev
}
