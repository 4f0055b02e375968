package main

import (
	"errors"
	"io"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scriptedListener answers Accept from a script: an error, or a connection.
type scriptedListener struct {
	net.Listener
	script []any
}

func (l *scriptedListener) Accept() (net.Conn, error) {
	if len(l.script) == 0 {
		return nil, net.ErrClosed
	}
	next := l.script[0]
	l.script = l.script[1:]
	if err, ok := next.(error); ok {
		return nil, err
	}
	return next.(net.Conn), nil
}

func (l *scriptedListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1} }
func (l *scriptedListener) Close() error   { return nil }

// TestAcceptGuardRefusesAtTheLimit: out of descriptors, the guard takes
// the waiting connection with its reserve and answers it 503 when the
// reserve cannot be taken back; once descriptors are free, the next
// connection is served.
func TestAcceptGuardRefusesAtTheLimit(t *testing.T) {
	emfile := &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept4", syscall.EMFILE)}
	refusedServer, refusedClient := net.Pipe()
	servedServer, servedClient := net.Pipe()
	defer refusedClient.Close()
	defer servedClient.Close()
	defer servedServer.Close()
	ln := &scriptedListener{script: []any{emfile, refusedServer, emfile, servedServer}}
	// At the limit when the first connection is taken with the reserve;
	// once it is refused (closed), descriptors are free again.
	opens := 0
	g := &acceptGuard{Listener: ln, openFile: func() (*os.File, error) {
		opens++
		if opens == 1 {
			return nil, syscall.EMFILE
		}
		return os.Open(os.DevNull)
	}}
	var err error
	g.reserve, err = os.Open(os.DevNull)
	require.NoError(t, err)

	answer := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(refusedClient)
		answer <- string(b)
	}()
	c, err := g.Accept()
	require.NoError(t, err)
	assert.Same(t, servedServer, c, "the connection after the refused one is served")
	assert.Contains(t, <-answer, "HTTP/1.1 503 Service Unavailable")
	assert.EqualValues(t, 1, g.refused.Load())
	require.NoError(t, g.Close())
}

// TestAcceptGuardWithoutReserve: with no reserve to use, accept's error
// goes to net/http, which waits and tries again; other errors pass through.
func TestAcceptGuardWithoutReserve(t *testing.T) {
	emfile := &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept4", syscall.EMFILE)}
	other := errors.New("other")
	g := &acceptGuard{Listener: &scriptedListener{script: []any{emfile, other}},
		openFile: func() (*os.File, error) { return nil, syscall.EMFILE }}
	_, err := g.Accept()
	assert.ErrorIs(t, err, syscall.EMFILE)
	_, err = g.Accept()
	assert.ErrorIs(t, err, other)
}
