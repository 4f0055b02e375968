package cluster

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// BusConfig says how a node reaches NATS.
type BusConfig struct {
	// Prefix starts every subject, e.g. "souk.main".
	Prefix string
	// URL is an external NATS server or cluster (comma-separated URLs);
	// empty embeds a server in the process.
	URL string
	// Listen is the client address of the embedded server; empty does not
	// listen unless Cluster is set (routing needs a client listener, which
	// then takes a random loopback port).
	Listen string
	// Cluster is the route address of the embedded server; empty keeps it
	// alone. Port 0 picks a free port.
	Cluster string
	// Name names the embedded server in NATS' own logs and routes.
	Name string
}

// Bus is the node's connection to NATS, the fan-out path between nodes.
// It is safe for concurrent use.
type Bus struct {
	prefix string
	conn   *nats.Conn
	server *server.Server // nil with an external URL
	log    *slog.Logger

	mu     sync.Mutex     // serializes route reloads
	opts   server.Options // guarded by mu: the embedded server's options
	routes []string       // guarded by mu: the routes last applied
}

// OpenBus connects to NATS, starting the embedded server first when cfg.URL is empty.
func OpenBus(cfg BusConfig, log *slog.Logger) (*Bus, error) {
	b := &Bus{prefix: cfg.Prefix, log: log}
	connOpts := []nats.Option{
		nats.Name(cfg.Name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.ReconnectBufSize(64 << 20),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn("nats disconnected", "error", err)
			}
		}),
		nats.ReconnectHandler(func(c *nats.Conn) { log.Info("nats reconnected", "url", c.ConnectedUrlRedacted()) }),
	}
	if cfg.URL != "" {
		conn, err := nats.Connect(cfg.URL, connOpts...)
		if err != nil {
			return nil, fmt.Errorf("cluster: connect to nats %s: %w", redactNATS(cfg.URL), err)
		}
		b.conn = conn
		return b, nil
	}
	opts, err := embeddedOptions(cfg)
	if err != nil {
		return nil, err
	}
	srv, err := server.NewServer(&opts)
	if err != nil {
		return nil, fmt.Errorf("cluster: embedded nats: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, errors.New("cluster: embedded nats did not start within 10s")
	}
	b.server, b.opts = srv, opts
	conn, err := nats.Connect("", append(connOpts, nats.InProcessServer(srv))...)
	if err != nil {
		srv.Shutdown()
		return nil, fmt.Errorf("cluster: connect to embedded nats: %w", err)
	}
	b.conn = conn
	return b, nil
}

func embeddedOptions(cfg BusConfig) (server.Options, error) {
	opts := server.Options{
		ServerName: cfg.Name,
		NoLog:      true,
		NoSigs:     true,
		MaxPayload: 1 << 20,
		DontListen: true,
	}
	if cfg.Listen != "" || cfg.Cluster != "" {
		opts.DontListen = false
		opts.Host, opts.Port = "127.0.0.1", server.RANDOM_PORT
		if cfg.Listen != "" {
			host, port, err := splitHostPort(cfg.Listen)
			if err != nil {
				return opts, fmt.Errorf("cluster: nats listen address: %w", err)
			}
			opts.Host, opts.Port = host, port
		}
	}
	if cfg.Cluster != "" {
		host, port, err := splitHostPort(cfg.Cluster)
		if err != nil {
			return opts, fmt.Errorf("cluster: nats cluster address: %w", err)
		}
		if port == 0 {
			port = server.RANDOM_PORT
		}
		opts.Cluster = server.ClusterOpts{Name: "souk", Host: host, Port: port}
	}
	return opts, nil
}

func splitHostPort(addr string) (string, int, error) {
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, err
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("bad port in %q", addr)
	}
	return host, port, nil
}

// RouteURL is the nats-route:// URL other nodes' embedded servers connect
// to, or "" when this node's server is not clustered.
func (b *Bus) RouteURL() string {
	if b.server == nil {
		return ""
	}
	addr := b.server.ClusterAddr()
	if addr == nil {
		return ""
	}
	return "nats-route://" + addr.String()
}

// SetRoutes points the embedded server's routes at the given peers'
// RouteURLs; NATS completes the mesh itself. It is a no-op with an external
// URL or an unclustered server.
//
// Of each pair of nodes only one connects to the other: the one whose
// route URL sorts first. When both did, as each learns of the other at
// about the same time, NATS often kept neither connection (a duplicate
// route) and tried again only after its 1 s route reconnect delay: a node
// that joined could not deliver its rooms' events for that second, just
// when the rooms that moved to it began to publish from it.
func (b *Bus) SetRoutes(urls []string) {
	if b.server == nil || b.opts.Cluster.Port == 0 {
		return
	}
	own := b.RouteURL()
	urls = slices.DeleteFunc(slices.Clone(urls), func(u string) bool { return !solicits(own, u) })
	slices.Sort(urls)
	urls = slices.Compact(urls)
	b.mu.Lock()
	defer b.mu.Unlock()
	if slices.Equal(urls, b.routes) {
		return
	}
	opts := *b.opts.Clone()
	opts.Routes = server.RoutesFromStr(strings.Join(urls, ","))
	if len(urls) == 0 {
		opts.Routes = nil
	}
	if err := b.server.ReloadOptions(&opts); err != nil {
		b.log.Warn("nats routes not updated", "error", err)
		return
	}
	b.opts, b.routes = opts, urls
	b.log.Debug("nats routes updated", "routes", urls)
}

// solicits reports whether the node whose route URL is own connects to
// the peer whose route URL is peer (the other way round, the peer does).
func solicits(own, peer string) bool { return peer != "" && own < peer }

// Subject builds a subject under the bus prefix: Subject("room", "chat")
// is "<prefix>.room.chat".
func (b *Bus) Subject(tokens ...string) string {
	s := b.prefix
	for _, t := range tokens {
		s += "." + t
	}
	return s
}

// Publish sends data on subject; NATS delivers it to every subscriber of
// every node, at most once.
func (b *Bus) Publish(subject string, data []byte) error {
	if err := b.conn.Publish(subject, data); err != nil {
		return fmt.Errorf("cluster: publish on %s: %w", subject, err)
	}
	return nil
}

// Subscribe calls fn with each message on subject, one at a time and in
// the order NATS received them, on a goroutine of the subscription. The
// returned function unsubscribes.
func (b *Bus) Subscribe(subject string, fn func(data []byte)) (unsubscribe func(), err error) {
	sub, err := b.conn.Subscribe(subject, func(m *nats.Msg) { fn(m.Data) })
	if err != nil {
		return nil, fmt.Errorf("cluster: subscribe to %s: %w", subject, err)
	}
	if err := sub.SetPendingLimits(1<<20, 256<<20); err != nil {
		_ = sub.Unsubscribe()
		return nil, fmt.Errorf("cluster: subscribe to %s: %w", subject, err)
	}
	return func() { _ = sub.Unsubscribe() }, nil
}

// Flush waits until the server has processed everything published so far.
func (b *Bus) Flush(ctx context.Context) error {
	return b.conn.FlushWithContext(ctx)
}

// Close drains the connection (delivering what is in flight) and stops the
// embedded server.
func (b *Bus) Close(ctx context.Context) error {
	var err error
	if !b.conn.IsClosed() {
		if drainErr := b.conn.Drain(); drainErr != nil {
			err = drainErr
		}
		for !b.conn.IsClosed() {
			select {
			case <-ctx.Done():
				b.conn.Close()
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
	if b.server != nil {
		b.server.Shutdown()
		b.server.WaitForShutdown()
	}
	if err != nil {
		return fmt.Errorf("cluster: drain nats: %w", err)
	}
	return nil
}

// Connected reports whether the bus can publish.
func (b *Bus) Connected() bool { return b.conn.IsConnected() }

func redactNATS(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// Answer calls fn with each request on subject and sends its result back
// to the requester (see Gather). The returned function unsubscribes.
func (b *Bus) Answer(subject string, fn func(req []byte) []byte) (unsubscribe func(), err error) {
	sub, err := b.conn.Subscribe(subject, func(m *nats.Msg) {
		if m.Reply == "" {
			return
		}
		if err := m.Respond(fn(m.Data)); err != nil {
			b.log.Debug("bus: answer", "subject", subject, "error", err)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: answer on %s: %w", subject, err)
	}
	return func() { _ = sub.Unsubscribe() }, nil
}

// Gather sends req to every answerer of subject on every node and returns
// the answers that arrive until ctx ends (a deadline: as many as answer in
// time).
func (b *Bus) Gather(ctx context.Context, subject string, req []byte) ([][]byte, error) {
	inbox := b.conn.NewRespInbox()
	ch := make(chan *nats.Msg, 64)
	sub, err := b.conn.ChanSubscribe(inbox, ch)
	if err != nil {
		return nil, fmt.Errorf("cluster: gather on %s: %w", subject, err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	if err := b.conn.PublishRequest(subject, inbox, req); err != nil {
		return nil, fmt.Errorf("cluster: gather on %s: %w", subject, err)
	}
	var out [][]byte
	for {
		select {
		case m := <-ch:
			out = append(out, m.Data)
		case <-ctx.Done():
			return out, nil
		}
	}
}

// Routes counts the embedded server's routes to other nodes' servers; -1
// with an external NATS.
func (b *Bus) Routes() int {
	if b.server == nil {
		return -1
	}
	return b.server.NumRoutes()
}
