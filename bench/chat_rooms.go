package bench

import (
	"bytes"
	"fmt"
)

// Several rooms per connection (chat --rooms-per-conn K): in a site of
// private groups a member is in many rooms over one socket. A bench member
// (one connection, one user) then joins K rooms; the delivery state stays
// per (room, member) pair, a member of cr.members, and a frame is routed
// to its pair by the room it names (chat_room, join_success), a chat_ack
// by its clientId, as with one room per connection.
//
// The layout, for K > 1: pair p (0 ≤ p < rooms × members) is in room
// p mod rooms, on connection (and user) p / K. A room's pairs are
// r, r + rooms, r + 2·rooms…: as K ≤ rooms, they fall on distinct
// connections, so every room has exactly --members distinct members; a
// connection's pairs uK…uK+K−1 are K consecutive rooms, distinct too. When
// rooms × members is not a multiple of K the last connection has fewer
// rooms. With K = 1 the layout is the one before the flag (pair i in room
// i mod rooms as user i / rooms, a socket each), unchanged.

// maxRoomsPerConn bounds K: a connection sends connect and its K join_room
// frames in a row, within the server's burst of 30 frames a connection
// (realtime.DefaultCommandBurst), with room to spare for its first messages.
const maxRoomsPerConn = 24

// roomsPerConn is K, at least 1.
func (o *Options) roomsPerConn() int { return max(o.RoomsPerConn, 1) }

// chatConns is how many connections (and bench users) a chat run opens.
func (o *Options) chatConns() int {
	k := o.roomsPerConn()
	return (o.Rooms*o.Members + k - 1) / k
}

// validateRoomsPerConn checks --rooms-per-conn.
func (o *Options) validateRoomsPerConn() error {
	k := o.RoomsPerConn
	switch {
	case k < 1 || k > maxRoomsPerConn:
		return fmt.Errorf("--rooms-per-conn %d: want 1 to %d (a connection's join_room frames come in a row, within the server's burst of 30 frames)", k, maxRoomsPerConn)
	case k > 1 && o.Scenario != "chat":
		return fmt.Errorf("--rooms-per-conn %d: chat only (scale reopens a dropped socket for one room)", k)
	case k > o.Rooms:
		return fmt.Errorf("--rooms-per-conn %d: at most --rooms (%d): a connection's rooms are distinct", k, o.Rooms)
	}
	return nil
}

// pairLayout is pair i's room index and connection index for K > 1.
func pairLayout(i, rooms, k int) (room, conn int) { return i % rooms, i / k }

var keyRoom = []byte(`"room":"`)

// roomOf is the pair of ms whose room the frame names: the first "room"
// key of the frame is its data's (a message's text and a user's name are
// JSON strings, whose quotes are escaped). nil when none matches.
func roomOf(ms []*member, payload []byte) *member {
	i := bytes.Index(payload, keyRoom)
	if i < 0 {
		return nil
	}
	rest := payload[i+len(keyRoom):]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return nil
	}
	name := rest[:end]
	for _, m := range ms {
		if string(name) == m.room.name {
			return m
		}
	}
	return nil
}

// membersOf is the pairs cl's socket carries.
func (cr *chatRun) membersOf(cl *client) []*member {
	if cr.conns != nil {
		return cr.conns[cl.idx]
	}
	return []*member{cr.members[cl.idx]}
}

// newChatClients makes the run's members (one per room × member pair) and
// their first clients: one a pair, or, with K > 1, one a connection of K
// pairs.
func (cr *chatRun) newChatClients() ([]*client, error) {
	r, o := cr.r, cr.r.o
	k := o.roomsPerConn()
	pairs := o.Rooms * o.Members
	if k == 1 {
		clients := make([]*client, 0, pairs)
		for i := range pairs {
			m := &member{room: cr.rooms[i%o.Rooms], idx: i, user: r.user(i / o.Rooms), joined: make(chan struct{})}
			cr.members = append(cr.members, m)
			clients = append(clients, cr.newClient(m, r.target(i)))
		}
		return clients, nil
	}
	n := o.chatConns()
	if len(r.users.Users) < n {
		return nil, fmt.Errorf("--rooms-per-conn %d: %d rooms × %d members need %d bench members (one a connection), the members' file has %d",
			k, o.Rooms, o.Members, n, len(r.users.Users))
	}
	cr.conns = make([][]*member, n)
	for i := range pairs {
		room, conn := pairLayout(i, o.Rooms, k)
		m := &member{room: cr.rooms[room], idx: i, user: r.user(conn), joined: make(chan struct{})}
		cr.members = append(cr.members, m)
		cr.conns[conn] = append(cr.conns[conn], m)
	}
	clients := make([]*client, 0, n)
	for u, ms := range cr.conns {
		target := r.target(u)
		cl := &client{idx: u, user: r.user(u), target: target, connected: make(chan struct{}), handle: cr.handle(ms...)}
		for _, m := range ms {
			m.firstTarget = target
			m.client.Store(cl)
		}
		clients = append(clients, cl)
	}
	// A connection's pairs take turns with the other connections' in the
	// publishers' round: pairs 0, K, 2K… first (one of each connection),
	// then 1, K+1…, so one socket does not send K messages back to back.
	pubs := o.publishers()
	cr.sendOrder = make([]int, 0, pubs)
	for j := range k {
		for p := j; p < pubs; p += k {
			cr.sendOrder = append(cr.sendOrder, p)
		}
	}
	return clients, nil
}
