package realtime

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestFocusReachesTheSessionGrain: a member's focus frames tell the
// session grain whether a page of theirs is focused, counted over their
// connections; a closed connection's focus goes with it; a guest's focus
// means nothing and malformed data is refused.
func TestFocusReachesTheSessionGrain(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	focused := func() bool {
		f, err := n.sys.Sessions().Focused(t.Context(), ann)
		require.NoError(t, err)
		return f
	}
	waitFocused := func(want bool, msg string) {
		t.Helper()
		require.Eventually(t, func() bool { return focused() == want }, 5*time.Second, 10*time.Millisecond, msg)
	}

	guest := dialChat(t, n.wsURL, 0)
	guest.send("focus", map[string]any{"focused": true})
	guest.waitErrorAfter("focus", "not an object", "common.error.badField")

	laptop, phone := dialChat(t, n.wsURL, ann), dialChat(t, n.wsURL, ann)
	for _, cc := range []*chatClient{laptop, phone} {
		cc.connect()
		cc.waitFrame("connect", nil)
	}
	require.False(t, focused())
	laptop.send("focus", map[string]any{"focused": true})
	waitFocused(true, "the laptop's page is focused")
	phone.send("focus", map[string]any{"focused": false})
	laptop.send("focus", map[string]any{"focused": false})
	waitFocused(false, "no page is focused")
	phone.send("focus", map[string]any{"focused": true})
	waitFocused(true, "the phone's page is focused")
	require.NoError(t, phone.c.conn.Close())
	waitFocused(false, "the focused connection closed")
}
