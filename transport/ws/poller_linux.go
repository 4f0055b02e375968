package ws

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// poller waits for readable connections with one epoll set, so that an
// idle connection costs no goroutine and no read buffer. Each socket is
// registered one-shot: after an event it stays silent until its reader
// re-arms it, so at most one reader runs per connection.
type poller struct {
	g    *Gateway
	epfd int
	wake int // eventfd that stops run
	done chan struct{}
	once sync.Once // close runs once: the descriptors' numbers are reused
}

// wakeID is the event data of the wake eventfd; connection ids start at 1.
const wakeID = 0

const pollEvents = unix.EPOLLIN | unix.EPOLLRDHUP | unix.EPOLLONESHOT

func newPoller(g *Gateway) (*poller, error) {
	epfd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("ws: epoll_create: %w", err)
	}
	wake, err := unix.Eventfd(0, unix.EFD_NONBLOCK|unix.EFD_CLOEXEC)
	if err != nil {
		_ = unix.Close(epfd)
		return nil, fmt.Errorf("ws: eventfd: %w", err)
	}
	ev := unix.EpollEvent{Events: unix.EPOLLIN}
	setEventID(&ev, wakeID)
	if err := unix.EpollCtl(epfd, unix.EPOLL_CTL_ADD, wake, &ev); err != nil {
		_ = unix.Close(epfd)
		_ = unix.Close(wake)
		return nil, fmt.Errorf("ws: epoll_ctl: %w", err)
	}
	p := &poller{g: g, epfd: epfd, wake: wake, done: make(chan struct{})}
	go p.run()
	return p, nil
}

// setEventID stores a connection id in the event's 64-bit data field, so a
// late event for a closed socket whose descriptor was reused finds no
// connection instead of the wrong one.
func setEventID(ev *unix.EpollEvent, id uint64) {
	ev.Fd = int32(uint32(id))
	ev.Pad = int32(uint32(id >> 32))
}

func eventID(ev *unix.EpollEvent) uint64 {
	return uint64(uint32(ev.Fd)) | uint64(uint32(ev.Pad))<<32
}

func (p *poller) run() {
	defer close(p.done)
	events := make([]unix.EpollEvent, 256)
	for {
		n, err := unix.EpollWait(p.epfd, events, -1)
		if err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			slog.Error("ws: epoll_wait", "error", err)
			return
		}
		for i := range n {
			id := eventID(&events[i])
			if id == wakeID {
				return
			}
			if c := p.g.lookup(id); c != nil {
				go c.onReadable()
			}
		}
	}
}

// add registers a connection; arm re-arms it after a read.
func (p *poller) add(c *Conn) error { return p.ctl(c, unix.EPOLL_CTL_ADD) }

func (p *poller) arm(c *Conn) {
	if err := p.ctl(c, unix.EPOLL_CTL_MOD); err != nil && !c.finished.Load() {
		c.finish(ReasonConnectionLost)
	}
}

// ctl runs inside RawConn.Control, which keeps the descriptor from being
// closed and reused while epoll_ctl uses it.
func (p *poller) ctl(c *Conn, op int) error {
	sc, ok := c.nc.(syscall.Conn)
	if !ok {
		return errors.New("ws: connection has no descriptor")
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return err
	}
	var ctlErr error
	err = raw.Control(func(fd uintptr) {
		ev := unix.EpollEvent{Events: pollEvents}
		setEventID(&ev, c.id)
		ctlErr = unix.EpollCtl(p.epfd, op, int(fd), &ev)
	})
	if err != nil {
		return err
	}
	return ctlErr
}

func (p *poller) close() {
	p.once.Do(func() {
		one := [8]byte{1}
		_, _ = unix.Write(p.wake, one[:])
		<-p.done
		_ = unix.Close(p.epfd)
		_ = unix.Close(p.wake)
	})
}
