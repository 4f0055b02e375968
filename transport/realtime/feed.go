package realtime

import (
	"context"
	"strconv"
	"time"

	"souk/actors"
	"souk/transport/ws"
)

// feed is this node's end of one room: the only goroutine that writes the
// room's events to the local members. It subscribes to the room's subject
// when the first local member joins and unsubscribes after the last left.
// It delivers events in sequence order, each once: an event at or below
// lastSeq is a duplicate and dropped; one beyond lastSeq+1 means the bus
// lost some, which are read from the database first. Joiners that resume
// get what they missed from the database before they join the broadcast
// group, all on this goroutine, so nothing slips between the two.
type feed struct {
	h     *Realtime
	room  string
	group string // unique per feed, so a closing feed never reaches a new one's members
	ops   chan feedOp
	done  chan struct{}

	members int // guarded by h.mu: joins minus leaves queued so far

	// Owned by the feed goroutine.
	lastSeq int64
	loaded  bool
	unsub   func()
	// online is the room's count of members online on every node, as the
	// room's grain last told: on load, then with each join or leave.
	online int
	// pending are the frames of the events taken from the queue in one
	// go, broadcast together: each member's queue takes them under one
	// lock (a busy room's group commits publish several at once).
	pending [][]byte
}

// feedOp is one operation of the feed goroutine: a broadcast from the
// room, or else fn.
type feedOp struct {
	b  *actors.RoomBroadcast
	fn func()
}

const (
	feedQueue = 4096
	// feedBatch bounds the operations taken before a broadcast.
	feedBatch = 64
)

// presenceWait bounds the wait for the room's count when a feed starts.
const presenceWait = time.Second

// join adds c to the room's feed, resuming after since (-1: live only).
func (h *Realtime) join(c *ws.Conn, st *connState, room string, since int64) {
	user := chatUser(st.user.get())
	h.mu.Lock()
	f := h.feeds[room]
	if f == nil {
		h.seq++
		f = &feed{h: h, room: room, group: room + "#" + strconv.FormatUint(h.seq, 10),
			ops: make(chan feedOp, feedQueue), done: make(chan struct{})}
		h.feeds[room] = f
		go f.run()
	}
	f.members++
	h.mu.Unlock()
	lang := st.lang
	f.enqueue(feedOp{fn: func() { f.join(c, user, lang, since) }})
	h.sync.member(room, user, h.countMember(room, user.GetId(), +1))
}

// leave takes c out of the room's feed; the feed stops after its last member.
func (h *Realtime) leave(c *ws.Conn, st *connState, room string) {
	h.mu.Lock()
	f := h.feeds[room]
	if f == nil {
		h.mu.Unlock()
		return
	}
	f.members--
	last := f.members == 0
	if last {
		delete(h.feeds, room)
	}
	h.mu.Unlock()
	f.enqueue(feedOp{fn: func() { h.groups.Remove(f.group, c) }})
	if last {
		f.enqueue(feedOp{fn: f.stop})
	}
	if st.user != nil {
		h.sync.member(room, chatUser(st.user.get()), h.countMember(room, st.user.ID, -1))
	}
}

// countMember adds delta to the member's local connections in room and
// returns the new count.
func (h *Realtime) countMember(room string, userID int64, delta int) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	users := h.roomUsers[room]
	if users == nil {
		users = make(map[int64]int)
		h.roomUsers[room] = users
	}
	n := max(users[userID]+delta, 0)
	if n == 0 {
		delete(users, userID)
		if len(users) == 0 {
			delete(h.roomUsers, room)
		}
	} else {
		users[userID] = n
	}
	return n
}

func (f *feed) enqueue(op feedOp) {
	select {
	case f.ops <- op:
	case <-f.done:
	}
}

func (f *feed) run() {
	for {
		select {
		case op := <-f.ops:
			f.do(op)
		case <-f.done:
			return
		}
		// What queued meanwhile goes out in the same broadcast.
	more:
		for range feedBatch - 1 {
			select {
			case op := <-f.ops:
				f.do(op)
			default:
				break more
			}
		}
		f.flush()
	}
}

// do runs op. A broadcast's frame joins pending; any other operation
// (a join, a leave, the stop) first sends what is pending, so that a
// joiner gets nothing at or below the lastSeq it is told.
func (f *feed) do(op feedOp) {
	if op.b != nil {
		f.receive(op.b)
		return
	}
	f.flush()
	op.fn()
}

// flush broadcasts the pending frames, in order.
func (f *feed) flush() {
	if len(f.pending) == 0 {
		return
	}
	f.h.groups.BroadcastMany(f.group, f.pending)
	clear(f.pending)
	f.pending = f.pending[:0]
}

// stop unsubscribes and ends the goroutine; queued operations are dropped
// (their connections have left).
func (f *feed) stop() {
	if f.unsub != nil {
		f.unsub()
	}
	close(f.done)
}

// load subscribes to the room and reads its last sequence number, in that
// order, so that no event falls between the two.
func (f *feed) load() bool {
	if f.loaded {
		return true
	}
	if f.unsub == nil {
		unsub, err := f.h.cfg.Rooms.Subscribe(f.room, func(b *actors.RoomBroadcast) {
			f.enqueue(feedOp{b: b})
		})
		if err != nil {
			f.h.log.Warn("realtime: subscribe to room", "room", f.room, "error", err)
			return false
		}
		f.unsub = unsub
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.h.cfg.CallTimeout)
	defer cancel()
	last, err := f.h.cfg.RoomLog.LastSeq(ctx, f.room)
	if err != nil {
		f.h.log.Warn("realtime: read room sequence", "room", f.room, "error", err)
		return false
	}
	// The count is not worth holding the join for long.
	pctx, pcancel := context.WithTimeout(ctx, presenceWait)
	defer pcancel()
	p, err := f.h.cfg.Rooms.Presence(pctx, f.room, 0)
	if err != nil {
		// Only the count is missing: the next join or leave brings it.
		f.h.log.Warn("realtime: read room presence", "room", f.room, "error", err)
	}
	f.lastSeq, f.online, f.loaded = last, p.Online, true
	return true
}

func (f *feed) join(c *ws.Conn, user *actors.ChatUser, lang string, since int64) {
	unavailable := func() {
		c.SendJSON("error", f.h.errorEvent(lang, ws.Frame{Action: "join_room"}, errUnavailable))
	}
	if !f.load() {
		unavailable()
		return
	}
	if since >= 0 && since < f.lastSeq {
		from := max(since, f.lastSeq-maxReplay)
		if !f.replay(c, from) {
			unavailable()
			return
		}
	}
	f.h.groups.Add(f.group, c)
	// The cluster's count as last heard; a member new to the room is
	// counted by the join_room presence that follows, sent to them too.
	c.SendJSON("join_success", Presence{Action: "join_room", Room: f.room, LastSeq: f.lastSeq,
		Online: max(f.online, 1), User: newUser(user), Self: true})
}

// replay sends c the events in (from, lastSeq] from the database.
func (f *feed) replay(c *ws.Conn, from int64) bool {
	ctx, cancel := context.WithTimeout(context.Background(), f.h.cfg.CallTimeout)
	defer cancel()
	for from < f.lastSeq {
		list, err := f.h.cfg.RoomLog.Since(ctx, f.room, from, min(int(f.lastSeq-from), 500))
		if err != nil {
			f.h.log.Warn("realtime: replay", "room", f.room, "error", err)
			return false
		}
		if len(list) == 0 {
			return true
		}
		for _, ev := range list {
			if ev.GetSeq() > f.lastSeq {
				return true
			}
			if frame := f.encode(ev); frame != nil {
				c.Send(frame)
			}
			from = ev.GetSeq()
		}
	}
	return true
}

func (f *feed) receive(b *actors.RoomBroadcast) {
	if !f.load() {
		return
	}
	switch body := b.GetBody().(type) {
	case *actors.RoomBroadcast_Event:
		f.event(body.Event)
	case *actors.RoomBroadcast_Presence:
		p := body.Presence
		f.online = int(p.GetOnline())
		action := "join_success"
		if p.GetKind() == "leave_room" {
			action = "leave_room"
		}
		frame, err := ws.Encode(action, Presence{Action: p.GetKind(), Room: f.room, Online: int(p.GetOnline()),
			LastSeq: p.GetLastSeq(), User: newUser(p.GetUser())})
		if err == nil {
			f.pending = append(f.pending, frame)
		}
	}
}

// event broadcasts a sequenced event after any the bus lost before it.
func (f *feed) event(ev *actors.ChatEvent) {
	seq := ev.GetSeq()
	if seq <= f.lastSeq {
		return
	}
	if seq > f.lastSeq+1 {
		f.fillGap(seq)
		if seq <= f.lastSeq {
			return
		}
	}
	if frame := f.encode(ev); frame != nil {
		f.pending = append(f.pending, frame)
	}
	f.lastSeq = seq
}

// fillGap broadcasts the stored events between lastSeq and seq.
func (f *feed) fillGap(seq int64) {
	ctx, cancel := context.WithTimeout(context.Background(), f.h.cfg.CallTimeout)
	defer cancel()
	for f.lastSeq+1 < seq {
		list, err := f.h.cfg.RoomLog.Since(ctx, f.room, f.lastSeq, int(min(seq-f.lastSeq-1, 500)))
		if err != nil || len(list) == 0 {
			f.h.log.Warn("realtime: fill a gap", "room", f.room, "from", f.lastSeq, "to", seq, "error", err)
			return
		}
		for _, ev := range list {
			if ev.GetSeq() >= seq {
				return
			}
			if frame := f.encode(ev); frame != nil {
				f.pending = append(f.pending, frame)
			}
			f.lastSeq = ev.GetSeq()
		}
	}
}

// encode returns the frame of a sequenced event, encoded once for every member.
func (f *feed) encode(ev *actors.ChatEvent) []byte {
	var frame []byte
	var err error
	switch ev.GetKind() {
	case "delete_chat":
		frame, err = ws.Encode("delete_chat", ChatDeleted{ID: strconv.FormatInt(ev.GetTargetId(), 10), Room: ev.GetRoom(),
			Seq: ev.GetSeq(), User: newUser(ev.GetUser())})
	default:
		frame, err = ws.Encode("chat_room", newChatMessage(ev))
	}
	if err != nil {
		f.h.log.Warn("realtime: encode event", "room", f.room, "seq", ev.GetSeq(), "error", err)
		return nil
	}
	return frame
}
