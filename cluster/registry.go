package cluster

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// Registry is the shared record of a cluster's live nodes, kept in the
// cluster's database. Gossip alone cannot tell a node that restarted
// without seeds (or after its peers forgot it) that others exist: it would
// form a cluster of one, take traffic and miss every event published
// elsewhere. Each node therefore writes its row about once a second and
// reads the others': it joins the ones it does not see through gossip, and
// it is not serving while it sees fewer than a majority of them.
type Registry interface {
	// Beat records that the node is alive now.
	Beat(ctx context.Context, r NodeRecord) error
	// Live returns the nodes whose last beat is at or after since.
	Live(ctx context.Context, since time.Time) ([]NodeRecord, error)
	// Forget removes the node's row: it stops gracefully.
	Forget(ctx context.Context, node string) error
}

// NodeRecord is a node's row in the Registry.
type NodeRecord struct {
	Node     string // the stable node name
	Gossip   string // its memberlist address, host:port
	MemberID string // its current protoactor member id
	SeenAt   time.Time
}

const (
	// watchEvery paces the serving verdict; a beat is written every
	// beatTicks of it.
	watchEvery = 500 * time.Millisecond
	beatTicks  = 2
	// liveFor is how long a node counts as live after its last beat: a few
	// beats, so that a slow database write does not make a node vanish.
	liveFor = 5 * time.Second
	// registryTimeout bounds one read or write of the registry.
	registryTimeout = 2 * time.Second
)

// ErrIsolated is wrapped by Serving's answer when this node sees too few of
// the nodes it should be connected to.
var ErrIsolated = errors.New("cluster: this node is cut off from its peers")

// view is what a node last read from the registry.
type view struct {
	mu     sync.Mutex
	read   bool     // guarded by mu: the registry answered at least once
	others []string // guarded by mu: the other live nodes' names, sorted
}

func (v *view) set(others []string) {
	v.mu.Lock()
	v.read, v.others = true, others
	v.mu.Unlock()
}

func (v *view) get() (others []string, read bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.others, v.read
}

// verdict says whether a node named self, seeing peers through gossip, may
// serve. A node given seeds expects peers: alone, it does not serve (the
// first node of a cluster started cold waits for a second; a single node
// has no seeds). With a registry read (recorded: the other live nodes it
// lists), the node serves when it sees more than half of every node either
// source names, itself included — or exactly half when the first of them
// by name is on its side and it is not alone, so that of two equal halves
// one serves.
func verdict(self string, peers []string, recorded []string, read, seeded bool) error {
	if seeded && len(peers) == 0 {
		return fmt.Errorf("%w: it has seeds and sees no peer", ErrIsolated)
	}
	if !read {
		return nil
	}
	seen := append([]string{self}, peers...)
	known := slices.Clone(seen)
	for _, r := range recorded {
		if !slices.Contains(known, r) {
			known = append(known, r)
		}
	}
	slices.Sort(known)
	switch {
	case 2*len(seen) > len(known):
		return nil
	case 2*len(seen) == len(known) && len(seen) > 1 && slices.Contains(seen, known[0]):
		// A node alone never takes the tie: it may be one that just
		// restarted and has not joined the others yet.
		return nil
	}
	var missing []string
	for _, k := range known {
		if !slices.Contains(seen, k) {
			missing = append(missing, k)
		}
	}
	return fmt.Errorf("%w: it sees %d of the %d live nodes (missing %s)", ErrIsolated, len(seen), len(known),
		strings.Join(missing, ", "))
}

// Serving returns nil when the node may take traffic: it sees itself in the
// topology and is not isolated (see Registry and verdict). Health checks
// and the websocket gateway ask it.
func (n *Node) Serving() error {
	if err := n.Ready(); err != nil {
		return err
	}
	return n.isolation()
}

func (n *Node) isolation() error {
	m := n.member.Load()
	if m == nil {
		return ErrNotReady
	}
	var names []string
	for _, p := range m.provider.Peers() {
		names = append(names, p.Node)
	}
	recorded, read := n.view.get()
	if n.cfg.Registry != nil && !read {
		// Until the record is read, a node cannot tell that it is alone.
		return fmt.Errorf("%w: the record of live nodes has not been read yet", ErrNotReady)
	}
	return verdict(n.name, names, recorded, read, len(n.cfg.Join) > 0)
}

// OnServing registers fn to be called with Serving's answer each time it
// changes between nil and an error (from the watch goroutine).
func (n *Node) OnServing(fn func(error)) {
	n.hooksMu.Lock()
	n.servingHooks = append(n.servingHooks, fn)
	n.hooksMu.Unlock()
}

// watch writes the node's beats, reads the others', hands the provider the
// addresses of the live nodes gossip does not show, and reports changes of
// the serving verdict, until the node stops.
func (n *Node) watch() {
	defer close(n.watchDone)
	tick := time.NewTicker(watchEvery)
	defer tick.Stop()
	var last error
	first := true
	for i := 0; ; i++ {
		if n.cfg.Registry != nil && i%beatTicks == 0 {
			n.syncRegistry()
		}
		err := n.Serving()
		if first || (err == nil) != (last == nil) {
			if err != nil && !first {
				n.log.Warn("cluster: not serving", "reason", err)
			} else if err == nil && !first {
				n.log.Info("cluster: serving again", "peers", len(n.member.Load().provider.Peers()))
			}
			n.hooksMu.Lock()
			hooks := slices.Clone(n.servingHooks)
			n.hooksMu.Unlock()
			for _, fn := range hooks {
				fn(err)
			}
		}
		last, first = err, false
		select {
		case <-n.watchStop:
			return
		case <-tick.C:
		}
	}
}

// syncRegistry writes this node's beat and reads the live nodes. A registry
// that does not answer leaves the last view in place: the database being
// away is told by the health check itself.
func (n *Node) syncRegistry() {
	m := n.member.Load()
	if m == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), registryTimeout)
	defer cancel()
	now := time.Now()
	if err := n.cfg.Registry.Beat(ctx, NodeRecord{Node: n.name, Gossip: m.provider.GossipAddr(),
		MemberID: m.system.ID, SeenAt: now}); err != nil {
		n.log.Debug("cluster: registry beat", "error", err)
		return
	}
	live, err := n.cfg.Registry.Live(ctx, now.Add(-liveFor))
	if err != nil {
		n.log.Debug("cluster: registry read", "error", err)
		return
	}
	var others, addrs []string
	seen := make(map[string]bool)
	for _, p := range m.provider.Peers() {
		seen[p.Node] = true
	}
	for _, r := range live {
		if r.Node == n.name {
			continue
		}
		others = append(others, r.Node)
		if !seen[r.Node] {
			addrs = append(addrs, r.Gossip)
		}
	}
	slices.Sort(others)
	n.view.set(others)
	m.provider.SetMissing(addrs)
}

// forget removes the node's row on a graceful stop.
func (n *Node) forget() {
	if n.cfg.Registry == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), registryTimeout)
	defer cancel()
	if err := n.cfg.Registry.Forget(ctx, n.name); err != nil {
		n.log.Warn("cluster: registry forget", "error", err)
	}
}
