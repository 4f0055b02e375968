package realtime

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// viewing is the last viewing count cc got on channel; -1 before any.
func (cc *chatClient) viewing(channel string) int {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	count := -1
	for _, f := range cc.frames {
		var e struct {
			Channel string       `json:"channel"`
			Event   string       `json:"event"`
			Data    ViewingEvent `json:"data"`
		}
		if f.Action == EventLive && json.Unmarshal(f.Data, &e) == nil && e.Channel == channel && e.Event == EventViewing {
			count = e.Data.Count
		}
	}
	return count
}

// waitViewing waits until the last viewing count cc got on channel is n.
func (cc *chatClient) waitViewing(channel string, n int) {
	cc.t.Helper()
	require.Eventually(cc.t, func() bool { return cc.viewing(channel) == n }, 10*time.Second, 5*time.Millisecond,
		"%s viewing %d (last %d)", channel, n, cc.viewing(channel))
}

// TestViewingAcrossNodes: the watchers of a topic page on every node
// count, each member once per node, and leave the count when they stop
// watching or go away; other pages have no presence.
func TestViewingAcrossNodes(t *testing.T) {
	_, nodes := startNodes(t, 2)
	n1, n2 := nodes[0], nodes[1]
	ann, bob, cat := addUser(t, n1.db, "ann", false), addUser(t, n1.db, "bob", false), addUser(t, n1.db, "cat", false)
	const topic = "topic:424242"
	open := func(url string, userID int64, channels ...string) *chatClient {
		cc := dialChat(t, url, userID)
		cc.connect()
		cc.waitFrame("connect", nil)
		for _, ch := range channels {
			cc.watchChannel(ch)
		}
		return cc
	}

	annOn1 := open(n1.wsURL, ann, topic, "feed")
	annOn1.waitViewing(topic, 1)
	bobOn2 := open(n2.wsURL, bob, topic)
	annOn1.waitViewing(topic, 2)
	bobOn2.waitViewing(topic, 2)

	// bob's second connection on node 2 is still bob.
	bobAgain := open(n2.wsURL, bob, topic)
	bobAgain.waitViewing(topic, 2)
	catOn2 := open(n2.wsURL, cat, topic)
	annOn1.waitViewing(topic, 3)
	bobAgain.waitViewing(topic, 3)

	catOn2.send("unwatch", map[string]any{"channel": topic})
	catOn2.waitFrame("unwatch", nil)
	annOn1.waitViewing(topic, 2)
	_ = bobOn2.c.conn.Close()
	bobAgain.waitViewing(topic, 2)
	_ = bobAgain.c.conn.Close()
	annOn1.waitViewing(topic, 1)

	for _, e := range annOn1.lives() {
		if e.Event == EventViewing {
			assert.Equal(t, topic, e.Channel, "only topic pages have a presence")
		}
	}
}
