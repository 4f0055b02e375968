package bench

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"golang.org/x/sys/unix"
)

// wsConn is one client websocket. Its socket is read only by the poller
// shard it was given to (no goroutine waits on an idle connection); writes
// take wmu, since a publisher and the shard (answering a ping) both write.
type wsConn struct {
	id    int32
	nc    net.Conn
	fd    int
	shard *shard
	// onText handles a text frame on the shard goroutine; the payload is
	// valid only during the call.
	onText func(c *wsConn, payload []byte)

	// tag is the scenario's: the client the socket belongs to.
	tag any

	pending []byte // owned by the shard: an incomplete frame's bytes
	closed  atomic.Bool

	wmu sync.Mutex
}

// wsURL turns a target (http://host:port) into its websocket address.
func wsURL(target string) (string, error) {
	u, err := url.Parse(target)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("target %q is not a URL", target)
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	default:
		return "", fmt.Errorf("target %q: want http:// or https://", target)
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "/api/ws"
	return u.String(), nil
}

// dialWS opens a websocket and hands its socket to the pool. onText must
// be set before the first frame can arrive, so it is passed here.
func (p *pool) dialWS(ctx context.Context, wsAddr string, tag any, onText func(*wsConn, []byte)) (*wsConn, error) {
	d := gws.Dialer{Timeout: 10 * time.Second}
	if len(p.sources) > 0 {
		src := p.sources[int(p.nextSource.Add(1))%len(p.sources)]
		d.NetDial = (&net.Dialer{LocalAddr: &net.TCPAddr{IP: src}}).DialContext
	}
	nc, br, _, err := d.Dial(ctx, wsAddr)
	if err != nil {
		return nil, err
	}
	c := &wsConn{nc: nc, onText: onText, tag: tag}
	if br != nil && br.Buffered() > 0 {
		c.pending = make([]byte, br.Buffered())
		_, _ = br.Read(c.pending)
		gws.PutReader(br)
	}
	if err := p.add(c); err != nil {
		_ = nc.Close()
		return nil, err
	}
	return c, nil
}

// sendText writes one masked text frame.
func (c *wsConn) sendText(b []byte) error {
	if c.closed.Load() {
		return errConnClosed
	}
	c.wmu.Lock()
	_ = c.nc.SetWriteDeadline(time.Now().Add(10 * time.Second))
	err := wsutil.WriteClientText(c.nc, b)
	c.wmu.Unlock()
	return err
}

var errConnClosed = errors.New("connection closed")

// close closes the socket; its shard notices and forgets it.
func (c *wsConn) close() {
	if c.closed.CompareAndSwap(false, true) {
		c.wmu.Lock()
		_ = wsutil.WriteClientMessage(c.nc, gws.OpClose, gws.NewCloseFrameBody(gws.StatusNormalClosure, ""))
		c.wmu.Unlock()
		c.shard.remove(c)
		_ = c.nc.Close()
	}
}

// pool spreads connections over one epoll shard per core of the client.
type pool struct {
	shards []*shard
	next   atomic.Uint32
	// closedByPeer counts connections the server closed or lost.
	closedByPeer atomic.Int64
	// onPeerClose, when set, is called on the shard goroutine for each.
	onPeerClose func(c *wsConn)
	// sources, when set, are the local addresses dials come from, in
	// turn (loopback targets: 127.0.0.2…, so that many sockets, and the
	// TIME_WAIT a closed run leaves, do not exhaust one address pair's
	// ephemeral ports).
	sources    []net.IP
	nextSource atomic.Uint32
	// stopped is set once the shards are gone: their epoll descriptors are
	// closed (and their numbers may be reused), so nothing may touch them.
	stopped  atomic.Bool
	stopOnce sync.Once
}

// shard reads its connections with level-triggered epoll on one goroutine.
type shard struct {
	p    *pool
	epfd int
	wake int
	done chan struct{}
	buf  []byte

	// delivered counts the scenario's deliveries read on this shard (the
	// live progress reads it); rec, once set, records their latencies and
	// is read only after the shard stopped.
	delivered atomic.Int64
	rec       atomic.Pointer[series]

	mu    sync.Mutex
	conns map[int32]*wsConn // guarded by mu
	seq   int32             // guarded by mu
}

func newPool(n int) (*pool, error) {
	p := &pool{}
	for range max(n, 1) {
		s, err := newShard(p)
		if err != nil {
			p.stop()
			return nil, err
		}
		p.shards = append(p.shards, s)
	}
	return p, nil
}

func newShard(p *pool) (*shard, error) {
	epfd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("epoll_create: %w", err)
	}
	wake, err := unix.Eventfd(0, unix.EFD_NONBLOCK|unix.EFD_CLOEXEC)
	if err != nil {
		_ = unix.Close(epfd)
		return nil, fmt.Errorf("eventfd: %w", err)
	}
	ev := unix.EpollEvent{Events: unix.EPOLLIN, Fd: -1}
	if err := unix.EpollCtl(epfd, unix.EPOLL_CTL_ADD, wake, &ev); err != nil {
		_ = unix.Close(epfd)
		_ = unix.Close(wake)
		return nil, fmt.Errorf("epoll_ctl: %w", err)
	}
	s := &shard{p: p, epfd: epfd, wake: wake, done: make(chan struct{}), buf: make([]byte, 256<<10),
		conns: make(map[int32]*wsConn)}
	go s.run()
	return s, nil
}

func (p *pool) add(c *wsConn) error {
	if p.stopped.Load() {
		return errors.New("the client is stopping")
	}
	s := p.shards[int(p.next.Add(1))%len(p.shards)]
	sc, ok := c.nc.(syscall.Conn)
	if !ok {
		return errors.New("connection has no descriptor (TLS targets are not supported)")
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return err
	}
	if err := raw.Control(func(fd uintptr) { c.fd = int(fd) }); err != nil {
		return err
	}
	c.shard = s
	s.mu.Lock()
	defer s.mu.Unlock()
	if p.stopped.Load() {
		return errors.New("the client is stopping")
	}
	s.seq++
	c.id = s.seq
	ev := unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLRDHUP, Fd: c.id}
	if err := unix.EpollCtl(s.epfd, unix.EPOLL_CTL_ADD, c.fd, &ev); err != nil {
		return fmt.Errorf("epoll_ctl: %w", err)
	}
	s.conns[c.id] = c
	return nil
}

func (s *shard) remove(c *wsConn) {
	s.mu.Lock()
	if s.conns[c.id] == c {
		delete(s.conns, c.id)
		if !s.p.stopped.Load() {
			_ = unix.EpollCtl(s.epfd, unix.EPOLL_CTL_DEL, c.fd, nil)
		}
	}
	s.mu.Unlock()
}

func (s *shard) lookup(id int32) *wsConn {
	s.mu.Lock()
	c := s.conns[id]
	s.mu.Unlock()
	return c
}

// stop ends every shard; call it before the connections are closed.
func (p *pool) stop() {
	p.stopOnce.Do(func() {
		for _, s := range p.shards {
			one := [8]byte{1}
			_, _ = unix.Write(s.wake, one[:])
			<-s.done
		}
		for _, s := range p.shards {
			s.mu.Lock()
			p.stopped.Store(true)
			s.mu.Unlock()
			_ = unix.Close(s.epfd)
			_ = unix.Close(s.wake)
		}
	})
}

// closeAll closes every connection of the pool.
func (p *pool) closeAll() {
	for _, s := range p.shards {
		s.mu.Lock()
		conns := make([]*wsConn, 0, len(s.conns))
		for _, c := range s.conns {
			conns = append(conns, c)
		}
		s.mu.Unlock()
		for _, c := range conns {
			c.close()
		}
	}
}

func (s *shard) run() {
	defer close(s.done)
	events := make([]unix.EpollEvent, 512)
	for {
		n, err := unix.EpollWait(s.epfd, events, -1)
		if err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			return
		}
		for i := range n {
			if events[i].Fd == -1 {
				return
			}
			if c := s.lookup(events[i].Fd); c != nil {
				s.read(c)
			}
		}
	}
}

// read takes what the socket has and handles every complete frame.
func (s *shard) read(c *wsConn) {
	if len(c.pending) > 0 {
		// Handshake leftovers or a partial frame: join them with new bytes.
		rest := s.parse(c, c.pending)
		c.pending = append(c.pending[:0], rest...)
	}
	if c.closed.Load() {
		// Its descriptor is closed: the number may already be another socket's.
		return
	}
	n, err := unix.Read(c.fd, s.buf)
	switch {
	case n > 0:
		data := s.buf[:n]
		if len(c.pending) > 0 {
			data = append(c.pending, data...)
		}
		rest := s.parse(c, data)
		if len(rest) == 0 {
			c.pending = nil
		} else {
			c.pending = append([]byte(nil), rest...)
		}
	case errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EINTR):
	default:
		s.lost(c)
	}
}

func (s *shard) lost(c *wsConn) {
	s.remove(c)
	if c.closed.CompareAndSwap(false, true) {
		_ = c.nc.Close()
		s.p.closedByPeer.Add(1)
		if s.p.onPeerClose != nil {
			s.p.onPeerClose(c)
		}
	}
}

// parse handles the complete server frames at the start of b and returns
// the incomplete rest. Server frames are unmasked and never fragmented.
func (s *shard) parse(c *wsConn, b []byte) []byte {
	for len(b) >= 2 {
		op := gws.OpCode(b[0] & 0x0f)
		n, hdr := int(b[1]&0x7f), 2
		switch n {
		case 126:
			if len(b) < 4 {
				return b
			}
			n, hdr = int(b[2])<<8|int(b[3]), 4
		case 127:
			if len(b) < 10 {
				return b
			}
			n = 0
			for _, x := range b[2:10] {
				n = n<<8 | int(x)
			}
			hdr = 10
		}
		if len(b) < hdr+n {
			return b
		}
		payload := b[hdr : hdr+n]
		switch op {
		case gws.OpText, gws.OpContinuation:
			c.onText(c, payload)
		case gws.OpPing:
			c.wmu.Lock()
			_ = wsutil.WriteClientMessage(c.nc, gws.OpPong, payload)
			c.wmu.Unlock()
		case gws.OpClose:
			s.lost(c)
			return nil
		}
		b = b[hdr+n:]
	}
	return b
}
