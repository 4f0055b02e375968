package cluster

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/cluster/identitylookup/disthash"
	"github.com/asynkron/protoactor-go/remote"
)

// Config says how a node joins the cluster. The zero value (plus Kinds) is
// a single node: gossip on a random loopback port, NATS in the process.
type Config struct {
	// Name separates clusters sharing a network or a NATS server; it
	// prefixes every NATS subject. Empty means "souk".
	Name string
	// NodeName is this node's stable name, kept across membership restarts;
	// empty picks a random one.
	NodeName string
	// Gossip is the memberlist bind address host:port; empty means
	// 127.0.0.1 on a random port.
	Gossip string
	// Advertise is the host other nodes reach this one at, when Gossip
	// binds a wildcard address; empty lets memberlist pick a private IP.
	Advertise string
	// Join lists seed gossip addresses host:port; empty starts a new cluster.
	Join []string
	// GossipKey encrypts gossip (AES, 16, 24 or 32 bytes); nil sends it in clear.
	GossipKey []byte
	// Remote is the actor remoting (gRPC) bind address; empty means the
	// gossip host on a random port.
	Remote string
	// NATS is an external NATS URL list; empty embeds a server.
	NATS string
	// NATSListen is the embedded server's client address; empty listens
	// only when clustered (random loopback port).
	NATSListen string
	// NATSCluster is the embedded server's route address; empty means the
	// gossip host on a random port when Join or Gossip is set, and no
	// routes for a single node.
	NATSCluster string
	// Kinds are the grain kinds this node hosts.
	Kinds []*pcluster.Kind
	// Registry is the shared record of live nodes (the cluster's database);
	// nil when there is none (a single node). See Registry.
	Registry Registry
	// RequestTimeout bounds one grain request attempt; zero means 5s.
	RequestTimeout time.Duration
	// Logger receives the node's logs; nil means slog.Default().
	Logger *slog.Logger
	// Bind, if set, is called with the node once its name and bus are set
	// and before its member starts: grains the others place on this node
	// as soon as they see it may then use Name and Bus, without waiting for
	// Start to return (protoactor's member start alone takes a second).
	Bind func(*Node)
}

// ErrNotReady is returned while the node has not seen itself in the topology.
var ErrNotReady = errors.New("cluster: this node is not in the cluster topology yet")

// Node is one member of the Souk cluster: a protoactor actor system and
// cluster whose membership comes from memberlist, and the NATS bus.
//
// The protoactor member is replaced under a new id when a majority of the
// peers block the current one (protoactor never lets a blocked id back),
// so callers fetch Cluster() for each call instead of keeping it.
type Node struct {
	cfg  Config
	log  *slog.Logger
	bus  *Bus
	name string

	mu       sync.Mutex // serializes start, restart and stop
	member   atomic.Pointer[member]
	stopped  bool // guarded by mu
	restarts atomic.Int64

	hooksMu      sync.Mutex
	hooks        []func()      // guarded by hooksMu: called after each topology change
	servingHooks []func(error) // guarded by hooksMu: called when Serving's answer changes

	view      view          // the registry's last answer
	watchStop chan struct{} // closed by Stop and Crash: the watch goroutine ends
	watchDone chan struct{} // closed by the watch goroutine
}

// member is one incarnation of this node in the protoactor cluster.
type member struct {
	system   *actor.ActorSystem
	cluster  *pcluster.Cluster
	provider *Provider
	router   *router
	ready    atomic.Bool // this member's id is in its own topology
}

// Start opens the bus, starts the member and waits until it sees itself in
// the topology (or ctx ends).
func Start(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.Name == "" {
		cfg.Name = "souk"
	}
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 5 * time.Second
	}
	n := &Node{cfg: cfg, log: cfg.Logger, name: cfg.NodeName, watchStop: make(chan struct{}), watchDone: make(chan struct{})}
	if n.log == nil {
		n.log = slog.Default()
	}
	if n.name == "" {
		n.name = "node-" + randomToken()
	}
	n.log = n.log.With("node", n.name)
	gossipHost, _, err := n.gossipAddr()
	if err != nil {
		return nil, err
	}
	natsCluster := cfg.NATSCluster
	if natsCluster == "" && cfg.NATS == "" && (len(cfg.Join) > 0 || cfg.Gossip != "") {
		natsCluster = net.JoinHostPort(hostOr(cfg.Advertise, gossipHost), "0")
	}
	bus, err := OpenBus(BusConfig{
		Prefix:  "souk." + cfg.Name,
		URL:     cfg.NATS,
		Listen:  cfg.NATSListen,
		Cluster: natsCluster,
		Name:    n.name,
	}, n.log)
	if err != nil {
		return nil, err
	}
	n.bus = bus
	if cfg.Bind != nil {
		cfg.Bind(n)
	}
	n.mu.Lock()
	err = n.startMember()
	n.mu.Unlock()
	if err != nil {
		_ = bus.Close(ctx)
		return nil, err
	}
	go n.watch()
	if err := n.WaitReady(ctx); err != nil {
		_ = n.Stop(context.WithoutCancel(ctx))
		return nil, err
	}
	return n, nil
}

func hostOr(host, fallback string) string {
	if host != "" {
		return host
	}
	if fallback == "" || fallback == "0.0.0.0" || fallback == "::" {
		return "127.0.0.1"
	}
	return fallback
}

func (n *Node) gossipAddr() (string, int, error) {
	if n.cfg.Gossip == "" {
		return "127.0.0.1", 0, nil
	}
	host, port, err := splitHostPort(n.cfg.Gossip)
	if err != nil {
		return "", 0, fmt.Errorf("cluster: gossip address: %w", err)
	}
	return host, port, nil
}

// startMember builds a fresh actor system (a fresh member id), its remote
// and cluster, and the memberlist provider. n.mu must be held.
func (n *Node) startMember() (err error) {
	gossipHost, gossipPort, err := n.gossipAddr()
	if err != nil {
		return err
	}
	remoteHost, remotePort := gossipHost, 0
	if n.cfg.Remote != "" {
		if remoteHost, remotePort, err = splitHostPort(n.cfg.Remote); err != nil {
			return fmt.Errorf("cluster: remote address: %w", err)
		}
	}
	var remoteOpts []remote.ConfigOption
	if remoteHost == "0.0.0.0" || remoteHost == "::" || remoteHost == "" {
		if remotePort == 0 {
			return errors.New("cluster: a remote address on all interfaces needs a fixed port")
		}
		remoteOpts = append(remoteOpts, remote.WithAdvertisedHost(net.JoinHostPort(hostOr(n.cfg.Advertise, ""), strconv.Itoa(remotePort))))
	}
	logger := n.log.With("lib", "protoactor")
	system := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger { return summarize(quiet(logger)) }))
	local := isLoopback(gossipHost)
	provider := newProvider(providerConfig{
		nodeName:  n.name,
		bindHost:  gossipHost,
		bindPort:  gossipPort,
		advertise: n.cfg.Advertise,
		seeds:     n.cfg.Join,
		key:       n.cfg.GossipKey,
		route:     n.bus.RouteURL(),
		local:     local,
	}, n.log)
	m := &member{system: system, provider: provider, router: newRouter(system)}
	provider.onPeers = func(peers []Peer) {
		routes := make([]string, 0, len(peers))
		for _, p := range peers {
			routes = append(routes, p.Route)
		}
		n.bus.SetRoutes(routes)
	}
	provider.onBlocked = func() { go n.restart(m) }
	cfg := pcluster.Configure(n.cfg.Name, provider, disthash.New(),
		remote.Configure(remoteHost, remotePort, remoteOpts...),
		pcluster.WithKinds(n.cfg.Kinds...),
		pcluster.WithRequestTimeout(n.cfg.RequestTimeout),
		pcluster.WithHeartbeatExpiration(20*time.Second),
	)
	c := pcluster.New(system, cfg)
	m.cluster = c
	system.EventStream.Subscribe(func(evt any) {
		topology, ok := evt.(*pcluster.ClusterTopology)
		if !ok {
			return
		}
		m.router.topology(topology.Members)
		for _, mem := range topology.Members {
			if mem.Id == system.ID {
				m.ready.Store(true)
			}
		}
		n.runHooks()
	})
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cluster: start member: %v", r)
		}
	}()
	c.StartMember()
	n.member.Store(m)
	n.log.Info("cluster member started", "member", system.ID, "address", system.Address(), "gossip", provider.GossipAddr())
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// restart replaces a member that the cluster blocked with a new one under
// a new id; the grains it held are activated again wherever they now land.
func (n *Node) restart(old *member) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.stopped || n.member.Load() != old {
		return
	}
	n.log.Warn("cluster member blocked by its peers: restarting membership under a new id", "member", old.system.ID)
	n.stopMember(old, false)
	for attempt := 1; ; attempt++ {
		err := n.startMember()
		if err == nil {
			n.restarts.Add(1)
			return
		}
		n.log.Error("cluster member restart failed", "attempt", attempt, "error", err)
		if attempt == 10 {
			return
		}
		time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
	}
}

// stopMember leaves memberlist, then stops the actor system. n.mu must be held.
func (n *Node) stopMember(m *member, graceful bool) {
	m.ready.Store(false)
	if err := m.provider.Shutdown(graceful); err != nil {
		n.log.Warn("cluster: leave", "error", err)
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				n.log.Warn("cluster: shutdown", "panic", r)
			}
		}()
		m.cluster.Shutdown(false)
	}()
}

// Stop leaves the cluster (the others move this node's grains at once),
// stops the actor system and drains NATS.
func (n *Node) Stop(ctx context.Context) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.stopped {
		return nil
	}
	n.stopped = true
	n.stopWatch()
	n.forget()
	if m := n.member.Load(); m != nil {
		n.stopMember(m, true)
	}
	return n.bus.Close(ctx)
}

// Crash stops the node without telling the others, as a killed process
// would: they find out through failure detection. For tests.
func (n *Node) Crash() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.stopped {
		return
	}
	n.stopped = true
	n.stopWatch()
	if m := n.member.Load(); m != nil {
		n.stopMember(m, false)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = n.bus.Close(ctx)
}

// stopWatch ends the watch goroutine. n.mu must be held.
func (n *Node) stopWatch() {
	close(n.watchStop)
	<-n.watchDone
}

// Ready returns nil once the current member sees itself in the topology,
// and ErrNotReady before that or while its membership restarts.
func (n *Node) Ready() error {
	m := n.member.Load()
	if m == nil || !m.ready.Load() {
		return ErrNotReady
	}
	return nil
}

// WaitReady waits until Ready returns nil or ctx ends.
func (n *Node) WaitReady(ctx context.Context) error {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for n.Ready() != nil {
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w: %w", ErrNotReady, ctx.Err())
		case <-tick.C:
		}
	}
	return nil
}

// Cluster returns the protoactor cluster of the current member.
func (n *Node) Cluster() *pcluster.Cluster { return n.member.Load().cluster }

// Bus returns the node's NATS bus.
func (n *Node) Bus() *Bus { return n.bus }

// Name returns the node's stable name.
func (n *Node) Name() string { return n.name }

// MemberID returns the protoactor id of the current member.
func (n *Node) MemberID() string { return n.member.Load().system.ID }

// Members returns the number of members in the current topology.
func (n *Node) Members() int { return n.Cluster().MemberList.Length() }

// GossipAddr returns the resolved memberlist address, for seeds of other nodes.
func (n *Node) GossipAddr() string { return n.member.Load().provider.GossipAddr() }

// Restarts counts the membership restarts after being blocked.
func (n *Node) Restarts() int64 { return n.restarts.Load() }

// OnTopology registers fn to run after every topology change (a member
// joined or left). fn runs on protoactor's event goroutine: it must not block.
func (n *Node) OnTopology(fn func()) {
	n.hooksMu.Lock()
	defer n.hooksMu.Unlock()
	n.hooks = append(n.hooks, fn)
}

func (n *Node) runHooks() {
	n.hooksMu.Lock()
	hooks := append([]func(){}, n.hooks...)
	n.hooksMu.Unlock()
	for _, fn := range hooks {
		fn()
	}
}

// Activations counts the grains of kind active on this node.
func (n *Node) Activations(kind string) int {
	k, ok := n.Cluster().TryGetClusterKind(kind)
	if !ok {
		return 0
	}
	return int(k.Count())
}
