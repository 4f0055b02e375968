package cluster

import (
	"encoding/json"
	"errors"
	"net"
	"strconv"
	"syscall"
	"time"

	"github.com/asynkron/protoactor-go/remote"
	"github.com/hashicorp/memberlist"
)

// Failure detection has two paths.
//
// memberlist's own (SWIM with Lifeguard) declares a member dead when it
// stops answering probes, directly and through the others, for the
// suspicion time (loopback 3 s, LAN 4 s, once other members confirm it;
// after a probe round of about a second), and a suspected member that is
// only slow refutes the suspicion when it hears of it. It is the only path
// that sees a machine or a network go away, and its timeouts are kept
// long enough that a node starved of CPU for a second or two is not taken
// for dead (awareness also stretches a starved prober's own timeouts).
//
// A killed process is another matter: its machine is alive, so its ports
// refuse connections at once, and every other member's actor connection to
// it breaks the moment it dies (protoactor's cluster gossip keeps one to
// each peer). When that connection breaks, the provider tries the member's
// actor address and, if refused, its gossip address: both refusing is
// proof that no process listens there (a live process, however starved,
// still has its listening sockets, and the kernel accepts connections into
// their backlog for it). The member is then taken out of the topology at
// once, before memberlist's verdict; grains it hosted are activated on the
// others when next called. A partition (connections time out) or a frozen
// process (the kernel still accepts for it) refuses nothing: those are
// left to memberlist.

// refuseWait bounds each connection attempt of the check.
const refuseWait = 500 * time.Millisecond

// downMemory is how long a member found gone is remembered once memberlist
// no longer lists it either: the database's record of live nodes lists it
// for liveFor after its last beat, and its address is not joined meanwhile.
const downMemory = 2 * liveFor

// downPeer is a member found gone.
type downPeer struct {
	gossip string // its gossip address
	at     time.Time
}

// checkAfter are when, after the actor connection broke, the member's
// addresses are tried: a dying process's connections close before its
// listening sockets do, so the first try may still be let in.
var checkAfter = []time.Duration{0, 50 * time.Millisecond, 200 * time.Millisecond, 500 * time.Millisecond, time.Second}

// refused reports whether a TCP connection to addr is refused: nothing
// listens there.
func refused(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, refuseWait)
	if err == nil {
		_ = c.Close()
		return false
	}
	return errors.Is(err, syscall.ECONNREFUSED)
}

// watchEndpoints checks a member whenever the actor connection to it is
// lost. It returns the unsubscribe function.
func (p *Provider) watchEndpoints() func() {
	sub := p.cluster.ActorSystem.EventStream.Subscribe(func(evt any) {
		if lost, ok := evt.(*remote.EndpointTerminatedEvent); ok {
			// On the publisher's goroutine: check elsewhere.
			go p.checkAddress(lost.Address)
		}
	})
	return func() { p.cluster.ActorSystem.EventStream.Unsubscribe(sub) }
}

// checkAddress takes the member at actor address addr out of the topology
// when both its actor and its gossip addresses refuse connections.
func (p *Provider) checkAddress(addr string) {
	var target *memberlist.Node
	var meta nodeMeta
	for _, n := range p.ml.Members() {
		if m, ok := metaOf(n); ok && m.ID != p.self.ID && net.JoinHostPort(m.Host, strconv.Itoa(int(m.Port))) == addr {
			target, meta = n, m
		}
	}
	if target == nil {
		return
	}
	p.mu.Lock()
	if p.shutdown || p.checking[meta.ID] || p.isDown(meta.ID) {
		p.mu.Unlock()
		return
	}
	p.checking[meta.ID] = true
	p.mu.Unlock()
	gone := false
	start := time.Now()
	for _, at := range checkAfter {
		select {
		case <-p.done:
		case <-time.After(time.Until(start.Add(at))):
		}
		if gone = refused(addr) && refused(target.Address()); gone || p.stopped() {
			break
		}
	}
	p.mu.Lock()
	delete(p.checking, meta.ID)
	if gone {
		p.down[meta.ID] = downPeer{gossip: target.Address(), at: time.Now()}
	}
	p.mu.Unlock()
	if gone {
		// The "peer left" warning follows.
		p.log.Info("cluster: peer's process is gone (its addresses refuse connections); taking it out now",
			"peer", meta.Node, "member", meta.ID, "after", time.Since(start).Round(time.Millisecond))
		p.signal()
	}
}

func (p *Provider) stopped() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.shutdown
}

// isDown reports whether member id was found gone. p.mu must be held.
func (p *Provider) isDown(id string) bool {
	_, ok := p.down[id]
	return ok
}

// forgetDown drops the members found gone that memberlist no longer lists
// (it declared them dead too), downMemory after they were found. p.mu must
// be held.
func (p *Provider) forgetDown(listed map[string]bool) {
	for id, d := range p.down {
		if !listed[id] && time.Since(d.at) > downMemory {
			delete(p.down, id)
		}
	}
}

// metaOf reads a memberlist node's metadata.
func metaOf(n *memberlist.Node) (nodeMeta, bool) {
	var m nodeMeta
	if err := json.Unmarshal(n.Meta, &m); err != nil || m.ID == "" {
		return m, false
	}
	return m, true
}
