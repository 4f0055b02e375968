package ws

import "sync"

// Groups indexes this node's connections by group (a room, a user's
// sessions) for local fan-out: a frame that arrives once from the bus is
// written to every local member. The zero value is not usable; call
// NewGroups. It is safe for concurrent use.
type Groups struct {
	mu     sync.RWMutex
	groups map[string]*group  // guarded by mu
	byConn map[*Conn][]string // guarded by mu; the groups each conn is in
}

// group keeps its members in a slice for a fast Broadcast, with each
// member's index for O(1) removal.
type group struct {
	members []*Conn
	index   map[*Conn]int
}

// NewGroups returns an empty index.
func NewGroups() *Groups {
	return &Groups{groups: make(map[string]*group), byConn: make(map[*Conn][]string)}
}

// Add puts c in group. first reports that c is the node's first member of
// group (subscribe to it upstream). Adding a member twice does nothing.
func (g *Groups) Add(group string, c *Conn) (first bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	gr := g.groups[group]
	if gr == nil {
		gr = newGroup()
		g.groups[group] = gr
		first = true
	}
	if _, ok := gr.index[c]; ok {
		return false
	}
	gr.index[c] = len(gr.members)
	gr.members = append(gr.members, c)
	g.byConn[c] = append(g.byConn[c], group)
	return first
}

func newGroup() *group { return &group{index: make(map[*Conn]int)} }

// Remove takes c out of group. last reports that the node has no member of
// group left (unsubscribe upstream).
func (g *Groups) Remove(group string, c *Conn) (last bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.removeLocked(group, c) {
		return false
	}
	names := g.byConn[c]
	for i, name := range names {
		if name == group {
			names[i] = names[len(names)-1]
			names = names[:len(names)-1]
			break
		}
	}
	if len(names) == 0 {
		delete(g.byConn, c)
	} else {
		g.byConn[c] = names
	}
	return g.groups[group] == nil
}

// removeLocked reports whether c was a member. g.mu must be held.
func (g *Groups) removeLocked(name string, c *Conn) bool {
	gr := g.groups[name]
	if gr == nil {
		return false
	}
	i, ok := gr.index[c]
	if !ok {
		return false
	}
	last := len(gr.members) - 1
	moved := gr.members[last]
	gr.members[i] = moved
	gr.index[moved] = i
	gr.members[last] = nil
	gr.members = gr.members[:last]
	delete(gr.index, c)
	if len(gr.members) == 0 {
		delete(g.groups, name)
	}
	return true
}

// RemoveAll takes c out of every group (call it from Handler.Close) and
// returns the groups that now have no member on this node.
func (g *Groups) RemoveAll(c *Conn) (emptied []string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, name := range g.byConn[c] {
		if g.removeLocked(name, c) && g.groups[name] == nil {
			emptied = append(emptied, name)
		}
	}
	delete(g.byConn, c)
	return emptied
}

// Broadcast sends one pre-encoded frame (from Encode) to every member of
// group and returns how many accepted it. It never blocks on a connection:
// a member whose queue is full is closed as a slow consumer.
func (g *Groups) Broadcast(group string, frame []byte) int {
	return g.each(group, func(c *Conn) bool { return c.Send(frame) })
}

// BroadcastMany sends frames, in order, to every member of group, each
// member's under one lock (see Conn.SendMany), and returns how many
// accepted them.
func (g *Groups) BroadcastMany(group string, frames [][]byte) int {
	if len(frames) == 1 {
		return g.Broadcast(group, frames[0])
	}
	return g.each(group, func(c *Conn) bool { return c.SendMany(frames) })
}

// each calls send for every member of group and counts its true answers.
func (g *Groups) each(group string, send func(*Conn) bool) int {
	g.mu.RLock()
	defer g.mu.RUnlock()
	gr := g.groups[group]
	if gr == nil {
		return 0
	}
	n := 0
	for _, c := range gr.members {
		if send(c) {
			n++
		}
	}
	return n
}

// Members is the number of this node's connections in group.
func (g *Groups) Members(group string) int {
	g.mu.RLock()
	defer g.mu.RUnlock()
	if gr := g.groups[group]; gr != nil {
		return len(gr.members)
	}
	return 0
}
