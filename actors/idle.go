package actors

import (
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// idleTick is what a grain's idle watch sends the grain itself.
type idleTick struct{}

// idleWatch tells a grain when it has had no message for a whole period.
// protoactor's ReceiveTimeout is not used: its timer goroutine writes the
// actor context while the mailbox reads it (a data race), so the watch
// sends an ordinary message through the mailbox instead. A grain counts
// its messages with seen; a tick that finds none since the last tick means
// the grain has been quiet for at least one period (at most two).
type idleWatch struct {
	every time.Duration
	seen  uint64
	timer *time.Timer
}

// start arms the watch; call it from the grain's Receive (on activation).
func (w *idleWatch) start(ctx actor.Context, every time.Duration) {
	w.every = every
	root, self := ctx.ActorSystem().Root, ctx.Self()
	w.timer = time.AfterFunc(every, func() { root.Send(self, idleTick{}) })
}

// touch records a message.
func (w *idleWatch) touch() { w.seen++ }

// idle reports, on a tick, whether no message came since the last tick,
// and re-arms the timer for the next one.
func (w *idleWatch) idle() bool {
	quiet := w.seen == 0
	w.seen = 0
	w.timer.Reset(w.every)
	return quiet
}

// stop disarms the watch (on Stopping).
func (w *idleWatch) stop() {
	if w.timer != nil {
		w.timer.Stop()
	}
}
