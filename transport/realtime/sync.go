package realtime

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"souk/actors"
)

// presenceSync pushes this node's connection counts to the room and
// session grains from one goroutine, so that connections never wait on a
// grain to open or close and the grains always end with the latest count
// (a count, not a delta, is sent: repeating one is harmless). After a
// topology change every count is sent again, quietly: a grain that moved
// has lost its presence, which is only a cache.
type presenceSync struct {
	rooms    *actors.Rooms
	sessions *actors.Sessions
	attached func(userID int64) // called after a count above 0 reached the user's session
	timeout  time.Duration
	log      *slog.Logger
	wake     chan struct{} // capacity 1
	done     chan struct{}
	wg       sync.WaitGroup

	mu            sync.Mutex
	members       map[memberKey]memberCount // guarded by mu: every local member count
	dirtyMembers  map[memberKey]memberCount // guarded by mu: counts to push
	userConns     map[int64]sessionCount    // guarded by mu: every local session count
	dirtySessions map[int64]sessionCount    // guarded by mu: session counts to push
}

type memberKey struct {
	room string
	user int64
}

// sessionCount is a member's local connections, and how many of them show
// the site focused.
type sessionCount struct{ conns, focused int }

type memberCount struct {
	user  *actors.ChatUser
	count int
	quiet bool
}

// resyncDelay repeats a resync once the topology has likely settled on
// every node (each node sees a change at a slightly different time).
const resyncDelay = 3 * time.Second

// resyncFullDelay repeats every count after a topology change, moved or
// not: the safety net of the moved grains' resyncs.
const resyncFullDelay = 15 * time.Second

func newPresenceSync(rooms *actors.Rooms, sessions *actors.Sessions, timeout time.Duration, log *slog.Logger, attached func(userID int64)) *presenceSync {
	p := &presenceSync{
		rooms: rooms, sessions: sessions, attached: attached, timeout: timeout, log: log,
		wake: make(chan struct{}, 1), done: make(chan struct{}),
		members: make(map[memberKey]memberCount), dirtyMembers: make(map[memberKey]memberCount),
		userConns: make(map[int64]sessionCount), dirtySessions: make(map[int64]sessionCount),
	}
	p.wg.Add(1)
	go p.loop()
	return p
}

func (p *presenceSync) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// member records the member's local connection count in room.
func (p *presenceSync) member(room string, user *actors.ChatUser, count int) {
	key := memberKey{room, user.GetId()}
	p.mu.Lock()
	if count > 0 {
		p.members[key] = memberCount{user: user, count: count}
	} else {
		delete(p.members, key)
	}
	p.dirtyMembers[key] = memberCount{user: user, count: count}
	p.mu.Unlock()
	p.signal()
}

// session records the member's local connection count.
func (p *presenceSync) session(userID int64, count sessionCount) {
	p.mu.Lock()
	if count.conns > 0 {
		p.userConns[userID] = count
	} else {
		delete(p.userConns, userID)
	}
	p.dirtySessions[userID] = count
	p.mu.Unlock()
	p.signal()
}

// resyncAll marks the counts of the grains that the topology change moved
// to be sent again, now and after resyncDelay (when every node has likely
// seen the change), and every count after resyncFullDelay, in case this
// node missed an intermediate topology. Sending only the moved grains'
// counts keeps the requests of a change to the grains that need them: on a
// node holding thousands of members a full pass competes with chat for a
// second or two, just when the moved rooms are being activated. It does
// not block: it runs on the cluster's event goroutine.
func (p *presenceSync) resyncAll() {
	rooms, users := p.markMoved()
	time.AfterFunc(resyncDelay, func() {
		p.mark(func(room string) bool { return rooms[room] }, func(user int64) bool { return users[user] })
	})
	time.AfterFunc(resyncFullDelay, func() { p.mark(nil, nil) })
}

// markMoved marks the counts of the grains that the last topology change
// this node saw gave another owner, and returns those rooms and users.
func (p *presenceSync) markMoved() (rooms map[string]bool, users map[int64]bool) {
	rooms, users = make(map[string]bool), make(map[int64]bool)
	p.mark(func(room string) bool {
		moved := p.rooms.Moved(room)
		if moved {
			rooms[room] = true
		}
		return moved
	}, func(user int64) bool {
		moved := p.sessions.Moved(user)
		if moved {
			users[user] = true
		}
		return moved
	})
	return rooms, users
}

// mark marks the counts to be sent again, all of them or, with filters,
// those of the rooms and users for which they return true.
func (p *presenceSync) mark(room func(string) bool, user func(int64) bool) {
	movedRoom := make(map[string]bool)
	p.mu.Lock()
	for key, m := range p.members {
		if room != nil {
			moved, seen := movedRoom[key.room]
			if !seen {
				moved = room(key.room)
				movedRoom[key.room] = moved
			}
			if !moved {
				continue
			}
		}
		if _, pending := p.dirtyMembers[key]; !pending {
			p.dirtyMembers[key] = memberCount{user: m.user, count: m.count, quiet: true}
		}
	}
	for id, n := range p.userConns {
		if user != nil && !user(id) {
			continue
		}
		if _, pending := p.dirtySessions[id]; !pending {
			p.dirtySessions[id] = n
		}
	}
	p.mu.Unlock()
	p.signal()
}

func (p *presenceSync) stop() {
	close(p.done)
	p.wg.Wait()
}

func (p *presenceSync) loop() {
	defer p.wg.Done()
	retry := time.NewTimer(time.Hour)
	defer retry.Stop()
	for {
		select {
		case <-p.done:
			return
		case <-p.wake:
		case <-retry.C:
		}
		p.mu.Lock()
		members, sessions := p.dirtyMembers, p.dirtySessions
		p.dirtyMembers, p.dirtySessions = make(map[memberKey]memberCount), make(map[int64]sessionCount)
		p.mu.Unlock()
		failed := false
		for key, m := range members {
			if err := p.pushMember(key.room, m); err != nil {
				failed = true
				p.requeueMember(key, m)
			}
		}
		for user, n := range sessions {
			ctx, cancel := context.WithTimeout(context.Background(), p.timeout)
			err := p.sessions.AttachFocused(ctx, user, n.conns, n.focused)
			cancel()
			switch {
			case err != nil:
				failed = true
				p.requeueSession(user, n)
			case n.conns > 0:
				// Events routed before the session knew this node went
				// nowhere: the connections read them from the store.
				p.attached(user)
			}
		}
		if failed {
			p.log.Warn("realtime: presence not pushed, retrying")
			retry.Reset(500 * time.Millisecond)
		}
	}
}

func (p *presenceSync) pushMember(room string, m memberCount) error {
	ctx, cancel := context.WithTimeout(context.Background(), p.timeout)
	defer cancel()
	var err error
	switch {
	case m.quiet:
		err = p.rooms.Resync(ctx, room, m.user, m.count)
	case m.count > 0:
		_, err = p.rooms.Join(ctx, room, m.user, m.count)
	default:
		_, err = p.rooms.Leave(ctx, room, m.user, m.count)
	}
	return err
}

// requeueMember puts back a count that failed, unless a newer one is pending.
func (p *presenceSync) requeueMember(key memberKey, m memberCount) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, newer := p.dirtyMembers[key]; !newer {
		p.dirtyMembers[key] = m
	}
}

func (p *presenceSync) requeueSession(user int64, n sessionCount) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, newer := p.dirtySessions[user]; !newer {
		p.dirtySessions[user] = n
	}
}
