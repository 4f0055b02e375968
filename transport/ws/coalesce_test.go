package ws

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A busy connection's frames share writes; every frame arrives, in order.
func TestBusyConnectionFramesShareWrites(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{FlushDelay: 20 * time.Millisecond})
	c := s.dial(t)
	c.send("join", map[string]string{"room": "r"})
	require.Equal(t, "join_success", c.frame().Action)
	// join_success is counted once its write returns, which may be after
	// the client read it: the count starts after it.
	require.Eventually(t, func() bool { return s.gw.Stats().FramesOut == 1 }, 5*time.Second, time.Millisecond, "join_success is counted out")

	before := s.gw.Stats()
	const n = 50
	for i := range n {
		frame, err := Encode("n", strconv.Itoa(i))
		require.NoError(t, err)
		s.h.groups.Broadcast("r", frame)
	}
	for i := range n {
		f := c.frame()
		assert.Equal(t, `"`+strconv.Itoa(i)+`"`, string(f.Data))
	}
	// The counters move after each write returns, which may be after the
	// client has read the frames.
	var after Stats
	require.Eventually(t, func() bool {
		after = s.gw.Stats()
		return after.FramesOut-before.FramesOut == n
	}, 5*time.Second, time.Millisecond, "every frame is counted out")
	assert.Less(t, after.Writes-before.Writes, uint64(n/5), "frames sent right after a write wait for the ones that follow")
}

// An idle connection's frame is not delayed; with a negative FlushDelay
// no frame is.
func TestIdleConnectionFrameIsWrittenAtOnce(t *testing.T) {
	t.Parallel()
	for _, delay := range []time.Duration{time.Hour, -1} {
		s := newTestServer(t, Config{FlushDelay: delay})
		c := s.dial(t)
		c.send("echo", "hi")
		// FlushDelay is an hour (or off): a frame held back for it would
		// miss this read's deadline.
		_, p, err := c.next(time.Second)
		require.NoError(t, err, "delay %s", delay)
		assert.Contains(t, string(p), `"action":"echo"`, "delay %s", delay)
	}
}

// A busy connection keeps its queue between flushes (up to keepQueueCap
// frames), so its next frames append without growing a new slice; a
// burst larger than that is not kept, nor a slice a quieter flush hardly
// used.
func TestBusyConnectionReusesItsQueue(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{FlushDelay: 200 * time.Millisecond})
	c := s.dial(t)
	c.send("join", map[string]string{"room": "r"})
	require.Equal(t, "join_success", c.frame().Action)
	conn := s.h.lastConn()
	burst := func(n int) int {
		// All at once (one lock), so that the burst is one batch even when
		// a loaded machine would hold a loop of broadcasts past the window.
		frames := make([][]byte, n)
		for i := range frames {
			frame, err := Encode("n", strconv.Itoa(i))
			require.NoError(t, err)
			frames[i] = frame
		}
		s.h.groups.BroadcastMany("r", frames)
		for range n {
			c.frame()
		}
		var kept int
		waitFor(t, "the flusher ends", 5*time.Second, func() bool {
			conn.mu.Lock()
			defer conn.mu.Unlock()
			kept = cap(conn.queue)
			return !conn.flushing
		})
		return kept
	}
	assert.GreaterOrEqual(t, burst(12), 12, "the batch's slice is the next queue")
	assert.GreaterOrEqual(t, burst(100), 100)
	assert.Zero(t, burst(3), "a batch using less than a quarter of its slice sheds it")
	assert.Zero(t, burst(3*keepQueueCap), "a burst past keepQueueCap frees its slice")
}
