//go:build !linux

package ws

import "errors"

// poller exists on Linux only; elsewhere every connection has a reader
// goroutine.
type poller struct{}

func newPoller(*Gateway) (*poller, error) { return nil, errors.New("ws: no epoll on this system") }

func (*poller) add(*Conn) error { return errors.New("ws: no poller") }
func (*poller) arm(*Conn)       {}
func (*poller) close()          {}
