package realtime

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noAccessKey is chat's refusal of a member whose rights do not hold chat.
const noAccessKey = "chat.error.noAccess"

// TestRightsRefreshOnViewerEvent: a member without chat gains it (their
// row changes, then a feature sends them a viewer event); every connection
// of theirs is let into chat from then on, without reconnecting, and the
// viewer event itself reaches them after their rights were reloaded.
func TestRightsRefreshOnViewerEvent(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	// The tests' LookupUser gives no chat to names starting with "guest".
	vera := addUser(t, n.db, "guestvera", false)
	other := addUser(t, n.db, "guestotto", false)

	a, b := dialChat(t, n.wsURL, vera), dialChat(t, n.wsURL, vera)
	o := dialChat(t, n.wsURL, other)
	for _, cc := range []*chatClient{a, b, o} {
		cc.connect()
		cc.waitFrame("connect", nil)
	}
	a.join("chat", nil)
	a.waitError(noAccessKey)
	b.waitErrorAfter("chat_room", map[string]any{"message": "hi", "clientId": "before"}, noAccessKey)
	waitAttached(t, n, vera, n.name)

	u, err := n.db.Users().Get(t.Context(), vera)
	require.NoError(t, err)
	u.Name = "vera"
	require.NoError(t, n.db.Users().Update(t.Context(), u))
	_, err = n.sys.Sessions().Deliver(t.Context(), vera, "viewer:test:1", EventViewer, []byte(`{"reason":"membership"}`))
	require.NoError(t, err)

	for _, cc := range []*chatClient{a, b} {
		f := cc.waitFrame(EventViewer, nil)
		assert.JSONEq(t, `{"reason":"membership"}`, string(f.Data))
	}
	// Sent right after the event, as a client reacting to it would.
	a.join("chat", nil)
	a.waitFrame("join_success", nil)
	b.send("chat_room", map[string]any{"message": "now I may", "clientId": "after"})
	ack := b.waitFrame("chat_ack", nil)
	assert.Contains(t, string(ack.Data), `"clientId":"after"`)
	a.waitSeqs(1)

	o.join("chat", nil)
	o.waitError(noAccessKey)
	assert.Zero(t, o.count(EventViewer), "another member's connections are not told")
}

// TestRightsRecordIsShared: connections of one member share one record,
// dropped with the last of them; a reload racing commands is race-free
// (run with -race).
func TestRightsRecordIsShared(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	a, b := dialChat(t, n.wsURL, ann), dialChat(t, n.wsURL, ann)
	for _, cc := range []*chatClient{a, b} {
		cc.connect()
		cc.waitFrame("connect", nil)
	}
	n.h.mu.Lock()
	require.Len(t, n.h.members, 1)
	lm := n.h.members[ann]
	n.h.mu.Unlock()
	require.NotNil(t, lm)
	assert.Equal(t, []string{"chat"}, lm.get().UserCan)
	waitAttached(t, n, ann, n.name)

	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range 20 {
			_, err := n.sys.Sessions().Deliver(context.Background(), ann, "viewer:race:"+strconv.Itoa(i), EventViewer, []byte(`{"reason":"level"}`))
			assert.NoError(t, err)
		}
	}()
	go func() {
		defer wg.Done()
		for range 20 {
			a.send("show_room", map[string]any{"room": "chat"})
		}
	}()
	wg.Wait()
	require.Eventually(t, func() bool { return b.count(EventViewer) == 20 && a.count("show_room") == 20 },
		10*time.Second, 5*time.Millisecond)

	_ = a.c.conn.Close()
	_ = b.c.conn.Close()
	require.Eventually(t, func() bool {
		n.h.mu.Lock()
		defer n.h.mu.Unlock()
		return len(n.h.members) == 0 && len(n.h.users) == 0
	}, 5*time.Second, 5*time.Millisecond, "the record goes with the last connection")
}
