package cluster

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"sync"
	"time"

	pcluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/hashicorp/memberlist"
)

// Provider is a protoactor ClusterProvider over hashicorp/memberlist: the
// memberlist's live nodes, each carrying its actor system's address in its
// metadata, are the cluster topology.
//
// memberlist calls the delegates while holding its own locks, so they only
// signal the provider's loop goroutine, which alone reads Members() and
// calls UpdateClusterTopology. The loop also re-joins the seeds while the
// node is alone and tells peers it has blocked that they are blocked (see
// blockedBy).
type Provider struct {
	cfg     providerConfig
	log     *slog.Logger
	changed chan struct{} // capacity 1: "membership changed, look again"
	done    chan struct{} // closed by Shutdown
	wg      sync.WaitGroup

	ml      *memberlist.Memberlist // set by StartMember, then read-only
	cluster *pcluster.Cluster      // set by StartMember, then read-only
	self    nodeMeta               // set by StartMember, then read-only

	mu        sync.Mutex
	blockedBy map[string]time.Time // guarded by mu: peer node name → when it last said it blocks our id
	peers     []Peer               // guarded by mu: the live peers last seen
	shutdown  bool                 // guarded by mu
	known     map[string]string    // guarded by mu: every peer node seen, by name → its last gossip address
	missing   []string             // guarded by mu: gossip addresses of live nodes (registry) gossip does not show
	joining   bool                 // guarded by mu: a join runs
	down      map[string]downPeer  // guarded by mu: member ids found gone (see detect.go)
	checking  map[string]bool      // guarded by mu: member ids whose addresses are being tried
	unwatch   func()               // set by StartMember: stops watching the actor connections

	onBlocked func()       // called once when a majority of peers blocks this member
	onPeers   func([]Peer) // called from the loop with every new live peer set
}

var (
	_ pcluster.ClusterProvider = (*Provider)(nil)
	_ memberlist.Delegate      = (*delegate)(nil)
	_ memberlist.EventDelegate = (*delegate)(nil)
)

// Peer is another live node as its metadata describes it.
type Peer struct {
	// MemberID is the protoactor member id of the node's current incarnation.
	MemberID string
	// Node is the node's stable name.
	Node string
	// Route is the nats-route:// URL of its embedded NATS server, "" if none.
	Route string
	// Gossip is its memberlist address, host:port.
	Gossip string
}

type providerConfig struct {
	nodeName  string
	bindHost  string
	bindPort  int
	advertise string
	seeds     []string
	key       []byte
	route     string
	local     bool // loopback: faster failure detection
}

// nodeMeta is what a node tells the others about itself (memberlist caps it
// at 512 bytes).
type nodeMeta struct {
	ID    string   `json:"i"`
	Host  string   `json:"h"`
	Port  int32    `json:"p"`
	Kinds []string `json:"k"`
	Node  string   `json:"n"`
	Route string   `json:"r,omitempty"`
}

// Messages between providers, sent over memberlist's encrypted TCP stream.
const msgBlocked byte = 'B'

// blockedMsg tells a peer that the sender blocks that member id.
type blockedMsg struct {
	ID   string `json:"i"`
	From string `json:"f"`
}

const (
	loopInterval  = 500 * time.Millisecond
	rejoinEvery   = 2 * time.Second
	blockedMemory = 5 * time.Second
)

func newProvider(cfg providerConfig, log *slog.Logger) *Provider {
	return &Provider{
		cfg:       cfg,
		log:       log,
		changed:   make(chan struct{}, 1),
		done:      make(chan struct{}),
		blockedBy: make(map[string]time.Time),
		known:     make(map[string]string),
		down:      make(map[string]downPeer),
		checking:  make(map[string]bool),
	}
}

// StartMember joins the memberlist cluster and starts publishing topology.
func (p *Provider) StartMember(c *pcluster.Cluster) error {
	host, port, err := c.ActorSystem.GetHostPort()
	if err != nil {
		return fmt.Errorf("cluster: provider: actor system address: %w", err)
	}
	p.cluster = c
	p.self = nodeMeta{ID: c.ActorSystem.ID, Host: host, Port: int32(port), Kinds: c.GetClusterKinds(),
		Node: p.cfg.nodeName, Route: p.cfg.route}
	slices.Sort(p.self.Kinds)

	// memberlist's own timeouts are kept (see detect.go): a killed
	// process is detected faster through its refused addresses, and
	// shorter suspicion would take a node starved of CPU for a second or
	// two for dead.
	conf := memberlist.DefaultLANConfig()
	if p.cfg.local {
		conf = memberlist.DefaultLocalConfig()
	}
	conf.Name = p.self.ID
	conf.BindAddr, conf.BindPort = p.cfg.bindHost, p.cfg.bindPort
	conf.AdvertisePort = p.cfg.bindPort
	if p.cfg.advertise != "" {
		conf.AdvertiseAddr = p.cfg.advertise
	}
	if len(p.cfg.key) > 0 {
		conf.SecretKey = p.cfg.key
	}
	conf.Delegate = &delegate{p}
	conf.Events = &delegate{p}
	conf.Logger = log.New(&logWriter{log: p.log}, "", 0)
	ml, err := memberlist.Create(conf)
	if err != nil {
		return fmt.Errorf("cluster: start gossip on %s: %w", net.JoinHostPort(p.cfg.bindHost, strconv.Itoa(p.cfg.bindPort)), err)
	}
	p.ml = ml
	p.unwatch = p.watchEndpoints()
	p.join(p.cfg.seeds)
	p.signal()
	p.wg.Add(1)
	go p.loop()
	return nil
}

// StartClient is not supported: every Souk node is a full member.
func (p *Provider) StartClient(*pcluster.Cluster) error {
	return fmt.Errorf("cluster: the memberlist provider only starts members")
}

// Shutdown leaves the memberlist cluster (telling the others at once when
// graceful) and stops the loop. It is safe to call more than once.
func (p *Provider) Shutdown(graceful bool) error {
	p.mu.Lock()
	if p.shutdown {
		p.mu.Unlock()
		return nil
	}
	p.shutdown = true
	p.mu.Unlock()
	close(p.done)
	p.wg.Wait()
	if p.ml == nil {
		return nil
	}
	p.unwatch()
	if graceful {
		if err := p.ml.Leave(2 * time.Second); err != nil {
			p.log.Warn("gossip leave", "error", err)
		}
	}
	if err := p.ml.Shutdown(); err != nil {
		return fmt.Errorf("cluster: stop gossip: %w", err)
	}
	return nil
}

// GossipAddr is the address the memberlist listens on (its port resolved).
func (p *Provider) GossipAddr() string {
	n := p.ml.LocalNode()
	return net.JoinHostPort(n.Addr.String(), strconv.Itoa(int(n.Port)))
}

func (p *Provider) signal() {
	select {
	case p.changed <- struct{}{}:
	default:
	}
}

func (p *Provider) join(addrs []string) {
	if len(addrs) == 0 {
		return
	}
	if n, err := p.ml.Join(addrs); err != nil {
		p.log.Warn("gossip: no seed answered yet, retrying", "seeds", addrs, "error", err)
	} else {
		p.log.Info("gossip: joined", "seeds", addrs, "contacted", n)
	}
}

// SetMissing hands the provider the gossip addresses of nodes the registry
// lists as live but gossip does not show; the loop joins them.
func (p *Provider) SetMissing(addrs []string) {
	p.mu.Lock()
	p.missing = addrs
	p.mu.Unlock()
}

// rejoinTargets is whom to join: the live nodes gossip does not show, and
// while the node is alone, its seeds and every peer it saw before (a node
// restarted by hand may have come back without seeds, and the others stop
// gossiping to a member they declared dead).
func (p *Provider) rejoinTargets(alone bool) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	targets := slices.Clone(p.missing)
	if alone {
		targets = append(targets, p.cfg.seeds...)
		for _, addr := range p.known {
			targets = append(targets, addr)
		}
	}
	// The database lists a killed node as live for a few seconds more:
	// its address refused us already.
	targets = slices.DeleteFunc(targets, func(addr string) bool {
		for _, gone := range p.down {
			if gone.gossip == addr {
				return true
			}
		}
		return false
	})
	slices.Sort(targets)
	return slices.Compact(targets)
}

// rejoin joins targets on a goroutine of its own (an unreachable address
// holds a join for seconds), one join at a time. Shutdown does not wait for
// it: a join on a stopped memberlist fails at once.
func (p *Provider) rejoin(targets []string) {
	p.mu.Lock()
	if p.joining || p.shutdown {
		p.mu.Unlock()
		return
	}
	p.joining = true
	p.mu.Unlock()
	go func() {
		p.join(targets)
		p.mu.Lock()
		p.joining = false
		p.mu.Unlock()
	}()
}

func (p *Provider) loop() {
	defer p.wg.Done()
	tick := time.NewTicker(loopInterval)
	defer tick.Stop()
	lastJoin := time.Now()
	var last []*pcluster.Member
	// left holds the member ids that left the topology this loop gave
	// protoactor, which blocks them for good. It is kept here rather than
	// read from protoactor's block list, whose reads are not synchronized
	// with the gossip that writes it.
	left := make(map[string]bool)
	for {
		select {
		case <-p.done:
			return
		case <-p.changed:
		case <-tick.C:
		}
		members, peers := p.snapshot()
		if !sameMembers(last, members) {
			p.cluster.MemberList.UpdateClusterTopology(members)
			for _, m := range last {
				if !slices.ContainsFunc(members, func(n *pcluster.Member) bool { return n.Id == m.Id }) {
					left[m.Id] = true
				}
			}
			last = members
		}
		p.mu.Lock()
		p.logChanges(p.peers, peers)
		p.peers = peers
		for _, peer := range peers {
			p.known[peer.Node] = peer.Gossip
		}
		p.mu.Unlock()
		if p.onPeers != nil {
			p.onPeers(peers)
		}
		if time.Since(lastJoin) > rejoinEvery {
			if targets := p.rejoinTargets(len(peers) == 0); len(targets) > 0 {
				lastJoin = time.Now()
				p.rejoin(targets)
			}
		}
		p.tellBlocked(left)
		if p.blockedByMajority(peers) && p.onBlocked != nil {
			p.onBlocked()
			p.onBlocked = nil
		}
	}
}

// logChanges logs each peer that left (one warning: its grains are
// activated again on the live nodes when next called) and each that
// joined. p.mu must be held.
func (p *Provider) logChanges(before, after []Peer) {
	has := func(list []Peer, id string) bool {
		return slices.ContainsFunc(list, func(x Peer) bool { return x.MemberID == id })
	}
	for _, b := range before {
		if !has(after, b.MemberID) {
			p.log.Warn("cluster: peer left; its grains move to the live nodes as they are next called",
				"peer", b.Node, "member", b.MemberID, "peers", len(after))
		}
	}
	for _, a := range after {
		if !has(before, a.MemberID) {
			p.log.Info("cluster: peer joined", "peer", a.Node, "member", a.MemberID, "peers", len(after))
		}
	}
}

// snapshot reads the live nodes, less the members found gone before
// memberlist's verdict; it runs on the loop goroutine, never in a
// memberlist callback.
func (p *Provider) snapshot() ([]*pcluster.Member, []Peer) {
	var members []*pcluster.Member
	var peers []Peer
	listed := make(map[string]bool)
	nodes := p.ml.Members()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, n := range nodes {
		m, ok := metaOf(n)
		if !ok {
			continue
		}
		listed[m.ID] = true
		if p.isDown(m.ID) {
			continue
		}
		members = append(members, &pcluster.Member{Id: m.ID, Host: m.Host, Port: m.Port, Kinds: slices.Clone(m.Kinds)})
		if m.ID != p.self.ID {
			peers = append(peers, Peer{MemberID: m.ID, Node: m.Node, Route: m.Route, Gossip: n.Address()})
		}
	}
	p.forgetDown(listed)
	slices.SortFunc(members, func(a, b *pcluster.Member) int { return cmpString(a.Id, b.Id) })
	return members, peers
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func sameMembers(a, b []*pcluster.Member) bool {
	return slices.EqualFunc(a, b, func(x, y *pcluster.Member) bool {
		return x.Id == y.Id && x.Host == y.Host && x.Port == y.Port && slices.Equal(x.Kinds, y.Kinds)
	})
}

// tellBlocked sends every live peer whose member id this node blocked (it
// left this node's topology) a note saying so: protoactor never lets a
// blocked id back in, so that peer must start again under a new id. An id
// blocked here only through another member's gossip is told by that member.
func (p *Provider) tellBlocked(blocked map[string]bool) {
	for _, n := range p.ml.Members() {
		m, ok := metaOf(n)
		if !ok || m.ID == p.self.ID || !blocked[m.ID] {
			continue
		}
		msg, _ := json.Marshal(blockedMsg{ID: m.ID, From: p.self.ID})
		if err := p.ml.SendReliable(n, append([]byte{msgBlocked}, msg...)); err != nil {
			p.log.Debug("gossip: cannot tell a peer it is blocked", "peer", m.Node, "error", err)
		}
	}
}

// blockedByMajority reports whether the peers that recently said they block
// this node's member id are more than half of the cluster (this node
// included), or exactly half with every one of them sorting before this
// node: after a split in two equal halves, only one half restarts.
func (p *Provider) blockedByMajority(peers []Peer) bool {
	if len(peers) == 0 {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	count, tieBreak := 0, true
	for _, peer := range peers {
		at, ok := p.blockedBy[peer.MemberID]
		if !ok || time.Since(at) > blockedMemory {
			continue
		}
		count++
		if peer.MemberID > p.self.ID {
			tieBreak = false
		}
	}
	size := len(peers) + 1
	return 2*count > size || (count > 0 && 2*count == size && tieBreak)
}

// Peers returns the live peers last seen by the loop.
func (p *Provider) Peers() []Peer {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.peers)
}

// delegate receives memberlist's callbacks. They run under memberlist's
// locks: they must not call back into it (no Members()) and must not block.
type delegate struct{ p *Provider }

func (d *delegate) NodeMeta(limit int) []byte {
	b, _ := json.Marshal(d.p.self)
	if len(b) > limit {
		d.p.log.Error("gossip: node metadata too large", "bytes", len(b), "limit", limit)
		return nil
	}
	return b
}

func (d *delegate) NotifyMsg(msg []byte) {
	if len(msg) < 2 || msg[0] != msgBlocked {
		return
	}
	var m blockedMsg
	if err := json.Unmarshal(msg[1:], &m); err != nil || m.ID != d.p.self.ID {
		return
	}
	d.p.mu.Lock()
	d.p.blockedBy[m.From] = time.Now()
	d.p.mu.Unlock()
	d.p.signal()
}

func (d *delegate) GetBroadcasts(int, int) [][]byte { return nil }
func (d *delegate) LocalState(bool) []byte          { return nil }
func (d *delegate) MergeRemoteState([]byte, bool)   {}
func (d *delegate) NotifyJoin(*memberlist.Node)     { d.p.signal() }
func (d *delegate) NotifyLeave(*memberlist.Node)    { d.p.signal() }
func (d *delegate) NotifyUpdate(*memberlist.Node)   { d.p.signal() }

// logWriter turns memberlist's log lines into debug records, warnings and
// errors kept at their level.
type logWriter struct{ log *slog.Logger }

func (w *logWriter) Write(b []byte) (int, error) {
	line := string(bytes.TrimSpace(b))
	switch {
	case bytes.Contains(b, []byte("[ERR]")):
		w.log.Warn("gossip: " + line)
	case bytes.Contains(b, []byte("[WARN]")):
		w.log.Info("gossip: " + line)
	default:
		w.log.Debug("gossip: " + line)
	}
	return len(b), nil
}

var _ io.Writer = (*logWriter)(nil)
