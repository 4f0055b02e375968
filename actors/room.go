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
)

// roomGrain is the one activation of a chat room in the cluster. Its
// memory is a cache of the database: on activation it loads the last
// sequence number and the newest page, and every event it accepts is
// stored before it is acknowledged and published. The actor's mailbox
// serializes everything, so no field needs a lock.
type roomGrain struct {
	env      *env
	room     string
	loaded   bool
	lastSeq  int64
	replies  *replyCache[*ChatReply] // by idempotency key; seeded with the newest page
	lastSend map[int64]time.Time     // user id → when their last message was accepted
	members  map[int64]*roomMember
	idle     idleWatch
}

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
		g.idle.stop()
	case *SendChat:
		ctx.Respond(g.send(msg))
	case *DeleteChat:
		ctx.Respond(g.delete(msg))
	case *SetMember:
		ctx.Respond(g.setMember(msg))
	case *GetPresence:
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

func (g *roomGrain) send(msg *SendChat) *ChatReply {
	if prior, ok := g.replies.get(msg.GetIdemKey()); ok {
		return &ChatReply{Event: prior.Event, Replayed: true}
	}
	if !g.load() {
		return refuse(ErrUnavailable)
	}
	userID := msg.GetUser().GetId()
	if wait := SendInterval - g.env.now().Sub(g.lastSend[userID]); wait > 0 {
		if prior := g.storedReply(msg.GetIdemKey()); prior != nil {
			return prior
		}
		return &ChatReply{Error: ErrThrottled.Key, RetryAfterMs: max(wait.Milliseconds(), 1)}
	}
	stored := persistence.ChatEvent{Room: g.room, Kind: persistence.ChatKindMessage, UserID: userID,
		Message: msg.GetText(), IdemKey: msg.GetIdemKey()}
	reply := g.append(&stored, msg.GetUser())
	if reply.Error == "" && !reply.Replayed {
		g.lastSend[userID] = g.env.now()
	}
	return reply
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
		if err := g.env.publish(roomSubject(g.env, g.room), &RoomBroadcast{Body: &RoomBroadcast_Event{Event: ev}}); err != nil {
			// Stored all the same: nodes fill the gap from the database at
			// the next event, clients when they resume.
			g.env.log.Warn("room: publish", "room", g.room, "seq", ev.Seq, "error", err)
		}
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
