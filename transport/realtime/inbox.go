package realtime

import (
	"bytes"
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"souk/app/action"
	"souk/transport/ws"
)

const (
	// maxInboxReplay bounds the events replayed to one connection; a
	// client further behind gets inbox_reset and reloads its lists.
	maxInboxReplay = 500
	// inboxPage is how many events one read of the inbox returns.
	inboxPage = 100
	// maxInboxPending bounds the live events held during a replay; past it
	// they are dropped and read from the database instead.
	maxInboxPending = 256
	// inboxGapTries is how many replays a hole in the live events may
	// cause before the events after it are written anyway.
	inboxGapTries = 3
	// inboxRetry is the pause after a failed read of the inbox.
	inboxRetry = 500 * time.Millisecond
	// inboxGapWait is how long a live event that came before the one it
	// follows is held for that one to come too, before the store is read
	// for it. A member's events come from whichever node wrote them, so
	// two of them often overtake each other by a few milliseconds; reading
	// the store for each would cost the database a read per connection
	// and overtaking, which is most of the work under load.
	inboxGapWait = 200 * time.Millisecond
	// InboxReplayGrace is how far before its socket token's issue a
	// connection's inbox replay may reach: the page that holds the token
	// loaded the member's lists about then (the margin covers a list read
	// just before the token, and nodes' clocks that disagree). A resume
	// from further back (inboxSeq 0 with a token found later) gets
	// inbox_reset, and the lists are reloaded through the authenticated
	// requests.
	InboxReplayGrace = 2 * time.Minute
)

type inboxFrame struct {
	seq   int64
	frame []byte
}

// inboxCursor is one connection's position in its member's inbox: it
// writes the member's sequenced events to the connection in order, each
// once. Live events (offer) are written directly when they follow the
// last one; otherwise, and while a replay runs, they are held, and one
// goroutine at a time (replay) reads what is missing from the database,
// writes it, and then the held events. All fields but the first three are
// guarded by mu; only the replay goroutine writes while replaying is set.
type inboxCursor struct {
	h      *Realtime
	c      *ws.Conn
	userID int64
	// session is the session the connection's socket token belongs to
	// (0: none); fixed at creation.
	session int64
	// floor is the oldest event a replay may write (epoch ms; 0: any);
	// fixed at creation.
	floor int64

	mu        sync.Mutex
	lastSeq   int64        // highest seq written to c
	started   bool         // lastSeq is known
	replaying bool         // a replay goroutine runs
	again     bool         // replay once more when done
	baseline  bool         // the next replay starts from the store's last seq (live only)
	rewind    *int64       // the client's resume point, for the next replay
	announce  bool         // send inbox_synced after the next replay
	pending   []inboxFrame // live events held during a replay, or after a gap
	gapTimer  *time.Timer  // reads the store if a gap is still open after inboxGapWait
	gapGen    uint64       // numbers the gap timers: one that fires as it is stopped finds a newer number
	closed    bool
}

func newInboxCursor(h *Realtime, c *ws.Conn, userID int64, grant SocketGrant) *inboxCursor {
	b := &inboxCursor{h: h, c: c, userID: userID, session: grant.Session}
	if !grant.Issued.IsZero() {
		b.floor = grant.Issued.Add(-InboxReplayGrace).UnixMilli()
	}
	return b
}

// begin starts the cursor after from (the client's last seq), or at the
// store's last seq when from is nil (live events only).
func (b *inboxCursor) begin(from *int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if from == nil {
		b.baseline = true
	} else {
		seq := max(*from, 0)
		b.rewind = &seq
	}
	b.announce = true
	b.startReplayLocked()
}

// resume replays everything after from, as the client asked.
func (b *inboxCursor) resume(from int64) {
	b.begin(&from)
}

// catchUp reads the store for events the live path missed (the session
// grain did not know this node yet, or moved).
func (b *inboxCursor) catchUp() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.started {
		b.startReplayLocked()
	}
}

// close stops the cursor; a running replay ends at its next step.
func (b *inboxCursor) close() {
	b.mu.Lock()
	b.closed, b.pending = true, nil
	b.stopGapTimerLocked()
	b.mu.Unlock()
}

// offer writes a live event, or holds it: during a replay, until the
// replay has written what comes before it; after a gap, until the missing
// events come live, or inboxGapWait has passed and a replay reads them.
func (b *inboxCursor) offer(seq int64, frame []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.closed:
	case !b.started || b.replaying:
		b.holdLocked(seq, frame)
	case seq <= b.lastSeq:
	case seq == b.lastSeq+1:
		b.c.Send(frame)
		b.lastSeq = seq
		if len(b.pending) > 0 && !b.flushLocked(false) {
			b.stopGapTimerLocked()
		}
	default:
		b.holdLocked(seq, frame)
		if b.again {
			// Too many held: read the store at once.
			b.stopGapTimerLocked()
			b.startReplayLocked()
		} else if b.gapTimer == nil {
			gen := b.gapGen
			b.gapTimer = time.AfterFunc(inboxGapWait, func() { b.gapExpired(gen) })
		}
	}
}

// gapExpired reads the store for the events a gap still misses, unless
// the timer of gen was stopped (the gap closed) while it fired.
func (b *inboxCursor) gapExpired(gen uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if gen != b.gapGen {
		return
	}
	b.gapTimer = nil
	b.gapGen++
	if !b.closed && b.started && len(b.pending) > 0 {
		b.startReplayLocked()
	}
}

func (b *inboxCursor) stopGapTimerLocked() {
	if b.gapTimer != nil {
		b.gapTimer.Stop()
		b.gapTimer = nil
		b.gapGen++
	}
}

func (b *inboxCursor) holdLocked(seq int64, frame []byte) {
	if len(b.pending) >= maxInboxPending {
		b.pending, b.again = nil, true
		return
	}
	b.pending = append(b.pending, inboxFrame{seq: seq, frame: frame})
}

func (b *inboxCursor) startReplayLocked() {
	b.stopGapTimerLocked()
	if b.replaying {
		b.again = true
		return
	}
	b.replaying = true
	go b.replay()
}

// replay runs until nothing is left to read: it writes the stored events
// after lastSeq, then the held ones that follow them.
func (b *inboxCursor) replay() {
	gapTries := 0
	for {
		b.mu.Lock()
		if b.closed {
			b.replaying = false
			b.mu.Unlock()
			return
		}
		if b.rewind != nil {
			b.lastSeq, b.started, b.rewind = *b.rewind, true, nil
		}
		from, baseline, announce := b.lastSeq, b.baseline && !b.started, b.announce
		b.again, b.announce = false, false
		b.mu.Unlock()

		sent, replayed, ok := b.readStore(from, baseline)
		if !ok {
			b.mu.Lock()
			b.announce = b.announce || announce
			b.mu.Unlock()
			time.Sleep(inboxRetry)
			continue
		}

		b.mu.Lock()
		b.lastSeq, b.started, b.baseline = sent, true, false
		gap := b.flushLocked(gapTries >= inboxGapTries)
		if gap {
			gapTries++
			b.again = true
		} else {
			gapTries = 0
		}
		if announce {
			b.c.SendJSON("inbox_synced", InboxSynced{LastSeq: b.lastSeq, Replayed: replayed})
		}
		if !b.again {
			b.replaying = false
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
	}
}

// readStore writes the stored events after from (or, for a baseline,
// nothing: it only reads the last seq) and returns the last seq written.
// It runs without mu: while replaying is set nobody else writes to c.
func (b *inboxCursor) readStore(from int64, baseline bool) (last int64, replayed int, ok bool) {
	ctx, cancel := context.WithTimeout(context.Background(), b.h.cfg.CallTimeout)
	defer cancel()
	inbox := b.h.cfg.Inbox
	top, err := inbox.LastSeq(ctx, b.userID)
	if err != nil {
		b.h.log.Warn("realtime: read inbox sequence", "user", b.userID, "error", err)
		return from, 0, false
	}
	switch {
	case baseline:
		return top, 0, true
	case top-from > maxInboxReplay:
		b.c.SendJSON("inbox_reset", InboxReset{LastSeq: top})
		return top, 0, true
	}
	for from < top {
		list, err := inbox.Since(ctx, b.userID, from, min(int(top-from), inboxPage))
		if err != nil {
			b.h.log.Warn("realtime: replay inbox", "user", b.userID, "error", err)
			return from, replayed, false
		}
		if len(list) == 0 {
			break
		}
		for _, ev := range list {
			if ev.Seq > from+1 || ev.CreatedAt < b.floor {
				// The events in between were pruned (InboxStore.Prune),
				// or are older than the connection's credentials vouch
				// for: the client reloads its lists instead.
				b.c.SendJSON("inbox_reset", InboxReset{LastSeq: top})
				return top, replayed, true
			}
			frame, err := ws.Encode(ev.Action, rawJSON(ev.Data))
			if err != nil {
				b.h.log.Warn("realtime: encode inbox event", "user", b.userID, "seq", ev.Seq, "error", err)
			} else {
				b.c.Send(frame)
				replayed++
			}
			from = ev.Seq
		}
	}
	return from, replayed, true
}

// flushLocked writes the held events that follow lastSeq and drops those
// already written. It reports a gap when some are held beyond a missing
// seq; with force they are written all the same.
func (b *inboxCursor) flushLocked(force bool) (gap bool) {
	slices.SortFunc(b.pending, func(x, y inboxFrame) int {
		switch {
		case x.seq < y.seq:
			return -1
		case x.seq > y.seq:
			return 1
		}
		return 0
	})
	rest := b.pending[:0]
	for _, p := range b.pending {
		switch {
		case p.seq <= b.lastSeq:
		case p.seq == b.lastSeq+1 || force:
			b.c.Send(p.frame)
			b.lastSeq = p.seq
		default:
			rest = append(rest, p)
		}
	}
	b.pending = rest
	return len(rest) > 0
}

// inboxSeqOf reads the seq of an inbox event's data, which the store
// writes as its first member; 0 for an unsequenced event.
func inboxSeqOf(data []byte) int64 {
	rest, ok := bytes.CutPrefix(data, []byte(`{"seq":`))
	if !ok {
		return 0
	}
	end := bytes.IndexAny(rest, ",}")
	if end < 0 {
		return 0
	}
	seq, err := strconv.ParseInt(string(rest[:end]), 10, 64)
	if err != nil {
		return 0
	}
	return seq
}

// catchUpInbox makes every local connection of the member read the store
// for events the live path may have missed.
func (h *Realtime) catchUpInbox(userID int64) {
	h.mu.Lock()
	cursors := make([]*inboxCursor, 0, len(h.users[userID]))
	for _, cur := range h.users[userID] {
		cursors = append(cursors, cur)
	}
	h.mu.Unlock()
	for _, cur := range cursors {
		cur.catchUp()
	}
}

// resumeInbox answers resume_inbox: every inbox event after lastSeq is
// sent again, then inbox_synced.
func (h *Realtime) resumeInbox(c *ws.Conn, st *connState, f ws.Frame) {
	var in ResumeInbox
	if !decodeData(f, &in) || in.LastSeq == nil {
		h.refuse(c, st, f, action.BadField("data.lastSeq"))
		return
	}
	if st.user == nil {
		h.refuse(c, st, f, errNotConnected)
		return
	}
	h.cursorOf(c, st.user.ID).resume(*in.LastSeq)
}

// cursorOf returns the connection's inbox cursor.
func (h *Realtime) cursorOf(c *ws.Conn, userID int64) *inboxCursor {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.users[userID][c]
}
