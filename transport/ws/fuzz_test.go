package ws

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http/httptest"
	"testing"
	"time"
	"unicode/utf8"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsflate"
)

// fuzzConnKey carries one fuzz run's checks to the handler through the
// request's context (a connection keeps its request's values).
type fuzzConnKey struct{}

type fuzzConn struct {
	t      *testing.T
	closed chan struct{}
}

// fuzzHandler answers every frame (so writes run too) and checks that only
// frames with an action and JSON data reach it.
type fuzzHandler struct{}

func (fuzzHandler) Open(*Conn) {}

func (fuzzHandler) Frame(c *Conn, f Frame) {
	run := c.Context().Value(fuzzConnKey{}).(*fuzzConn)
	if f.Action == "" || !utf8.ValidString(f.Action) || (len(f.Data) > 0 && !json.Valid(f.Data)) {
		run.t.Errorf("the handler got a frame the gateway should have refused: %+v", f)
	}
	c.SendJSON("echo", f.Data)
}

func (fuzzHandler) Close(c *Conn, _ string) {
	close(c.Context().Value(fuzzConnKey{}).(*fuzzConn).closed)
}

// clientFrame is a frame as a client sends it: masked, with a fixed mask so
// that the seeds are the same on every run.
func clientFrame(f gws.Frame) []byte {
	var buf bytes.Buffer
	if err := gws.WriteFrame(&buf, gws.MaskFrameWith(f, [4]byte{1, 2, 3, 4})); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func compressedText(p []byte) []byte {
	f, err := wsflate.CompressFrame(gws.NewTextFrame(p))
	if err != nil {
		panic(err)
	}
	return clientFrame(f)
}

// FuzzFrames feeds a connection a text frame holding the fuzzed text (so
// the JSON decoding of {action, data} is reached at once) followed by
// arbitrary bytes (frame headers, fragments, control frames, compressed or
// not): the gateway never panics, never hands the handler a frame without
// an action or with data that is not JSON, and the connection always ends
// once the client goes away.
func FuzzFrames(f *testing.F) {
	g := New(Config{Handler: fuzzHandler{}, DisablePoller: true, FlushDelay: -1, MaxFrameBytes: 4 << 10,
		WriteTimeout: time.Second, BadFrameLimit: 3})
	f.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = g.Shutdown(ctx)
	})
	concat := func(frames ...[]byte) []byte { return bytes.Join(frames, nil) }
	text := func(s string) []byte { return clientFrame(gws.NewTextFrame([]byte(s))) }
	seeds := []struct {
		text    string
		raw     []byte
		deflate bool
	}{
		{`{"action":"join_room","data":{"room":"chat"}}`, nil, false},
		{`{"action":"chat_room","data":{"text":"<b>hi</b>","clientId":"c1"}}`, text(`{"action":"ping"}`), false},
		{`{"action":""}`, text(`{"data":{}}`), false},
		{`not json`, text(`[1,2,3]`), false},
		{`{"action":"x","data":{"a":`, text(`{"action":"x","data":"\ud800"}`), false},
		{`{"action":"a"}`, concat(
			clientFrame(gws.NewFrame(gws.OpText, false, []byte(`{"action":`))),
			clientFrame(gws.NewPingFrame([]byte("p"))),
			clientFrame(gws.NewFrame(gws.OpContinuation, true, []byte(`"b"}`))),
		), false},
		{`{"action":"a"}`, clientFrame(gws.NewFrame(gws.OpContinuation, true, []byte(`"b"}`))), false},
		{`{"action":"a"}`, clientFrame(gws.NewBinaryFrame([]byte{0, 1, 2})), false},
		{`{"action":"a"}`, clientFrame(gws.NewTextFrame([]byte{'"', 0xff, 0xfe, '"'})), false},
		{`{"action":"a"}`, clientFrame(gws.NewCloseFrame(gws.NewCloseFrameBody(gws.StatusNormalClosure, "bye"))), false},
		{`{"action":"a"}`, clientFrame(gws.NewCloseFrame([]byte{0x03})), false},
		{`{"action":"a"}`, clientFrame(gws.NewCloseFrame(gws.NewCloseFrameBody(1005, ""))), false},
		{`{"action":"a"}`, clientFrame(gws.NewFrame(gws.OpPong, true, bytes.Repeat([]byte("x"), 126))), false},
		{`{"action":"a"}`, clientFrame(gws.NewTextFrame(bytes.Repeat([]byte("x"), 5<<10))), false},
		{`{"action":"a"}`, []byte{0x81, 0x7f, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4}, false},
		{`{"action":"a"}`, []byte{0x81, 0x05, 'h', 'e', 'l', 'l', 'o'}, false},
		{`{"action":"a"}`, []byte{0xf1, 0x80, 1, 2, 3, 4}, false},
		{`{"action":"zip","data":{"n":1}}`, compressedText([]byte(`{"action":"zip","data":{"n":2}}`)), true},
		{`{"action":"zip"}`, compressedText(bytes.Repeat([]byte("a"), 64<<10)), true},
		{`{"action":"zip"}`, concat(compressedText([]byte(`{"action":"ok"}`))[:8], []byte{0xde, 0xad}), true},
		{`{"action":"zip"}`, compressedText([]byte(`{"action":"ok"}`)), false},
	}
	for _, s := range seeds {
		f.Add(s.text, s.raw, s.deflate)
	}
	f.Fuzz(func(t *testing.T, text string, raw []byte, deflate bool) {
		run := &fuzzConn{t: t, closed: make(chan struct{})}
		client, server := net.Pipe()
		defer client.Close()
		go func() { _, _ = io.Copy(io.Discard, client) }()
		r := httptest.NewRequest("GET", "/api/ws", nil).WithContext(context.WithValue(context.Background(), fuzzConnKey{}, run))
		g.open(r, "192.0.2.1", server, bufio.NewReader(server), deflate)

		_ = client.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := client.Write(clientFrame(gws.NewTextFrame([]byte(text)))); err == nil && len(raw) > 0 {
			_, _ = client.Write(raw)
		}
		_ = client.Close()
		select {
		case <-run.closed:
		case <-time.After(5 * time.Second):
			t.Fatalf("the connection did not end after the client left")
		}
	})
}
