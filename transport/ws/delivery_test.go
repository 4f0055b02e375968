package ws

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	gws "github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
)

// Not parallel: its load would starve the timing of other tests.
func TestSlowConsumerDropped(t *testing.T) {
	for _, mode := range readModes {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			s := newTestServer(t, Config{QueueFrames: 64, WriteTimeout: 10 * time.Second, DisablePoller: mode.disablePoller})
			fast, slow := s.dial(t), s.dial(t)
			for _, c := range []*client{fast, slow} {
				c.send("join", map[string]string{"room": "r"})
				if f := c.frame(); f.Action != "join_success" {
					t.Fatalf(
						"join: %s",
						f.Action)
				}
			}
			slowConn := s.h.lastConn()
			pad := strings.Repeat("x", 16<<10)
			received := make(chan int, 1<<16)
			go func() {
				defer close(received)
				for {
					_, p, err := fast.next(10 * time.Second)
					if err != nil {
						return
					}
					var f struct {
						Data struct{ Seq int }
					}
					_ = json.Unmarshal(p, &f)
					received <- f.Data.Seq
				}
			}()
			want, sent, droppedAt := 0, 0, -1
			for droppedAt < 0 || sent < droppedAt+20 {
				if sent > 20000 {
					t.Fatal("the slow consumer was never dropped")
				}
				frame, _ := Encode("chat_room", map[string]any{"seq": sent, "pad": pad})
				s.h.groups.Broadcast("r", frame)
				sent++
				// Keep the fast reader in step, so only the slow one lags.
				for want < sent-8 {
					if got := <-received; got != want {
						t.Fatalf(
							"fast client: got seq %d, want %d",
							got, want)
					}
					want++
				}
				if droppedAt < 0 && s.gw.Stats().SlowConsumers == 1 {
					droppedAt = sent
				}
			}
			for want < sent {
				if got := <-received; got != want {
					t.Fatalf(
						"fast client: got seq %d, want %d",
						got, want)
				}
				want++
			}
			// The slow client finds a gapless prefix, then 1008.
			next := 0
			for {
				_, p, err := slow.next(10 * time.Second)
				if ce, ok := err.(closeErr); ok {
					if ce.code != ClosePolicy || ce.reason != ReasonSlowConsumer {
						t.Fatalf(
							"slow close: %+v",
							ce)
					}
					break
				}
				if err != nil {
					t.Fatalf(
						"slow read after %d frames: %v",
						next, err)
				}
				var f struct{ Data struct{ Seq int } }
				_ = json.Unmarshal(p, &f)
				if f.Data.Seq != next {
					t.Fatalf(
						"slow client: seq %d, want %d",
						f.Data.Seq, next)
				}
				next++
			}
			waitFor(t, "Handler.Close", 5*time.Second, func() bool { return len(s.h.closeReasons(slowConn.ID())) == 1 })
			if got := s.h.closeReasons(slowConn.ID()); got[0] != ReasonSlowConsumer {
				t.Fatalf(
					"reason %v",
					got)
			}
			if n := s.h.groups.Members("r"); n != 1 {
				t.Fatalf(
					"members after drop: %d",
					n)
			}
		})
	}
}

// Not parallel: its load would starve the timing of other tests.
func TestWritesAreCoalesced(t *testing.T) {
	s := newTestServer(t, Config{QueueFrames: 1 << 16, QueueBytes: 64 << 20})
	c := s.dial(t)
	sc := s.h.lastConn()
	const n = 20000
	frame, _ := Encode("chat_room", strings.Repeat("m", 100))
	done := make(chan error, 1)
	go func() {
		for range n {
			if _, _, err := c.next(5 * time.Second); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for range n {
		if !sc.Send(frame) {
			t.Fatal("send refused")
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// The counters move after each write returns, which may be after the
	// client has read the frames.
	waitFor(t, "every frame counted out", 5*time.Second, func() bool { return s.gw.Stats().FramesOut >= n })
	st := s.gw.Stats()
	if st.Writes >= st.FramesOut {
		t.Fatalf(
			"no coalescing: %d frames in %d writes",
			st.FramesOut, st.Writes)
	}
	t.Logf("%d frames in %d writes", st.FramesOut, st.Writes)
}

// Not parallel: its load would starve the timing of other tests.
func TestBroadcastToThousandConns(t *testing.T) {
	for _, mode := range readModes {
		t.Run(mode.name, func(t *testing.T) {
			s := newTestServer(t, Config{DisablePoller: mode.disablePoller})
			const conns, frames = 1000, 50
			clients := make([]*client, conns)
			for i := range clients {
				clients[i] = s.dial(t)
				clients[i].send("join", map[string]string{"room": "big"})
			}
			waitFor(t, "every join", 10*time.Second, func() bool { return s.h.groups.Members("big") == conns })
			var wg sync.WaitGroup
			errs := make(chan error, conns)
			for _, c := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if f := c.frame(); f.Action != "join_success" {
						errs <- fmt.Errorf("join: %s", f.Action)
						return
					}
					for want := range frames {
						_, p, err := c.next(10 * time.Second)
						if err != nil {
							errs <- err
							return
						}
						if string(p) != fmt.Sprintf(`{"action":"chat_room","data":%d}`, want) {
							errs <- fmt.Errorf("got %s, want seq %d", p, want)
							return
						}
					}
					_ = c.conn.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
					if _, _, err := c.next(50 * time.Millisecond); err == nil {
						errs <- fmt.Errorf("a frame delivered twice")
					}
				}()
			}
			for i := range frames {
				frame, _ := Encode("chat_room", i)
				if n := s.h.groups.Broadcast("big", frame); n != conns {
					t.Fatalf(
						"broadcast %d: %d deliveries",
						i, n)
				}
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
		})
	}
}

func TestShutdownClosesEveryConn(t *testing.T) {
	t.Parallel()
	for _, mode := range readModes {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			s := newTestServer(t, Config{DisablePoller: mode.disablePoller})
			const n = 20
			clients := make([]*client, n)
			for i := range clients {
				clients[i] = s.dial(t)
			}
			waitFor(t, "opens", 5*time.Second, func() bool { return s.gw.Stats().Open == n })
			var wg sync.WaitGroup
			for _, c := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got := c.closed()
					if got.code != CloseGoingAway || got.reason != ReasonShutdown {
						t.Errorf(
							"close: %+v",
							got)
					}
					_ = wsutil.WriteClientMessage(c.conn, gws.OpClose, gws.NewCloseFrameBody(gws.StatusGoingAway, ""))
				}()
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := s.gw.Shutdown(ctx); err != nil {
				t.Fatal(err)
			}
			wg.Wait()
			s.h.mu.Lock()
			defer s.h.mu.Unlock()
			if len(s.h.closed) != n {
				t.Fatalf(
					"Close called for %d of %d",
					len(s.h.closed), n)
			}
			for id, reasons := range s.h.closed {
				if len(reasons) != 1 || reasons[0] != ReasonShutdown {
					t.Errorf(
						"conn %d: %v",
						id, reasons)
				}
			}
			if open := s.gw.Stats().Open; open != 0 {
				t.Errorf(
					"open after shutdown: %d",
					open)
			}
			resp, err := http.Get(s.url)
			if err == nil {
				_ = resp.Body.Close()
			}
		})
	}
}

// slowHandler answers "slow" only when released, as a command waiting for
// its grain does.
type slowHandler struct {
	*roomHandler
	started chan struct{}
	release chan struct{}
}

func (h *slowHandler) Frame(c *Conn, f Frame) {
	if f.Action != "slow" {
		h.roomHandler.Frame(c, f)
		return
	}
	h.started <- struct{}{}
	<-h.release
	c.SendJSON("slow_done", f.Data)
}

// TestShutdownAnswersFramesInFlight: a frame being handled when the
// shutdown starts is answered before the close frame; one read after it is
// not handled.
func TestShutdownAnswersFramesInFlight(t *testing.T) {
	t.Parallel()
	for _, mode := range readModes {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			h := &slowHandler{roomHandler: newRoomHandler(), started: make(chan struct{}, 1), release: make(chan struct{})}
			s := newTestServer(t, Config{Handler: h, DisablePoller: mode.disablePoller})
			s.h = h.roomHandler // dial waits for its Open
			c := s.dial(t)
			c.send("slow", map[string]int{"n": 1})
			<-h.started
			shut := make(chan error, 1)
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				shut <- s.gw.Shutdown(ctx)
			}()
			waitFor(t, "the drain", 5*time.Second, func() bool { return s.gw.draining.Load() })
			// Written before the slow frame ends, the echo waits in the
			// socket and is read during the drain, after the slow frame.
			c.send("echo", map[string]int{"n": 2})
			close(h.release)

			f := c.frame()
			if f.Action != "slow_done" {
				t.Fatalf("first frame after the shutdown began: %s %s, want slow_done", f.Action, f.Data)
			}
			got := c.closed()
			if got.code != CloseGoingAway || got.reason != ReasonShutdown {
				t.Fatalf("then: %+v, want the shutdown's close (the echo read during the drain is not answered)", got)
			}
			_ = wsutil.WriteClientMessage(c.conn, gws.OpClose, gws.NewCloseFrameBody(gws.StatusGoingAway, ""))
			if err := <-shut; err != nil {
				t.Fatal(err)
			}
		})
	}
}
