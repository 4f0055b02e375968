package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/app/member"
	pm "souk/app/messages"
	"souk/app/notify"
	"souk/persistence"
)

// inboxActions are the sequenced events of a member's inbox.
var inboxActions = []string{"private_message", "delete_private_message", "notification", "unread"}

// inboxEvent is an inbox frame a client received.
type inboxEvent struct {
	action string
	seq    int64
	data   json.RawMessage
}

func (cc *chatClient) inbox() []inboxEvent {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	var out []inboxEvent
	for _, f := range cc.frames {
		if !slices.Contains(inboxActions, f.Action) {
			continue
		}
		var ev struct {
			Seq int64 `json:"seq"`
		}
		_ = json.Unmarshal(f.Data, &ev)
		out = append(out, inboxEvent{action: f.Action, seq: ev.Seq, data: f.Data})
	}
	return out
}

func (cc *chatClient) inboxSeqs() []int64 {
	var seqs []int64
	for _, ev := range cc.inbox() {
		seqs = append(seqs, ev.seq)
	}
	return seqs
}

// waitInbox waits until the client received an inbox event with seq last.
func (cc *chatClient) waitInbox(last int64) {
	cc.t.Helper()
	require.Eventually(cc.t, func() bool { return slices.Contains(cc.inboxSeqs(), last) }, 15*time.Second, 5*time.Millisecond,
		"want inbox seq %d, have %v", last, cc.inboxSeqs())
}

// connectInbox connects resuming the inbox after inboxSeq (nil: live only)
// and waits for the end of the replay.
func (cc *chatClient) connectInbox(inboxSeq *int64) {
	cc.t.Helper()
	data := map[string]any{"userId": strconv.FormatInt(cc.userID, 10), "signature": testSignature(cc.userID), "timestamp": "1"}
	if inboxSeq != nil {
		data["inboxSeq"] = *inboxSeq
	}
	cc.send("connect", data)
	cc.waitFrame("inbox_synced", nil)
}

func seqRange(from, to int64) []int64 {
	var out []int64
	for s := from; s <= to; s++ {
		out = append(out, s)
	}
	return out
}

// waitAttached waits until the member's session grain routes to want nodes.
func waitAttached(t *testing.T, n *rtNode, userID int64, want ...string) {
	t.Helper()
	require.Eventually(t, func() bool {
		nodes, err := n.sessionNodes(t.Context(), userID)
		if err != nil || len(nodes) != len(want) {
			return false
		}
		for _, name := range want {
			if nodes[name] == 0 {
				return false
			}
		}
		return true
	}, 15*time.Second, 10*time.Millisecond)
}

// announce stores a system notification for userID; with deliver it is
// also pushed live, as the notify service does.
func announce(t *testing.T, n *rtNode, userID int64, title string, deliver bool) int64 {
	t.Helper()
	note := persistence.Notification{ToID: userID, Type: notify.TypeSystem, Title: title, IdemKey: title}
	events, _, err := n.db.Notifications().Create(t.Context(), &note, notify.NotificationWrite(&note, nil))
	require.NoError(t, err)
	require.Len(t, events, 1)
	if deliver {
		e := events[0]
		_, err = n.sys.Sessions().Deliver(t.Context(), userID, actors.InboxIdemKey(userID, e.Seq), e.Action, e.Data)
		require.NoError(t, err)
	}
	return events[0].Seq
}

// inboxMember starts one node and connects a member, ann, for live inbox
// events only, once their session grain routes to the node.
func inboxMember(t *testing.T) (*rtNode, int64, *chatClient) {
	t.Helper()
	n := newRTCluster(t, false).start()
	ann := addUser(t, n.db, "ann", false)
	a := dialChat(t, n.wsURL, ann)
	a.connectInbox(nil)
	waitAttached(t, n, ann, n.name)
	return n, ann, a
}

// TestRealtimeInboxResume checks one node's inbox delivery: live events in
// order, a reconnect after events stored while offline, a hole in the
// live events filled from the store, and resume_inbox.
func TestRealtimeInboxResume(t *testing.T) {
	n, ann, a := inboxMember(t)
	for i := range 3 {
		announce(t, n, ann, fmt.Sprint("live", i), true)
	}
	a.waitInbox(3)
	assert.Equal(t, seqRange(1, 3), a.inboxSeqs())

	_ = a.c.conn.Close()
	require.Eventually(t, func() bool {
		nodes, err := n.sys.Sessions().Nodes(t.Context(), ann)
		return err == nil && len(nodes) == 0
	}, 10*time.Second, 10*time.Millisecond, "the session forgets the closed connection")
	for i := range 3 {
		announce(t, n, ann, fmt.Sprint("offline", i), true)
	}

	last := int64(3)
	b := dialChat(t, n.wsURL, ann)
	b.connectInbox(&last)
	b.waitInbox(6)
	assert.Equal(t, seqRange(4, 6), b.inboxSeqs(), "what was stored while offline, once and in order")
	var note struct {
		Notification notify.Notification `json:"notification"`
		Unread       member.Unread       `json:"unread"`
	}
	require.NoError(t, json.Unmarshal(b.inbox()[2].data, &note))
	assert.Equal(t, "offline2", note.Notification.Title)
	assert.Equal(t, 6, note.Unread.Notifications)

	waitAttached(t, n, ann, n.name)
	announce(t, n, ann, "held back", false)
	announce(t, n, ann, "after the hole", true)
	b.waitInbox(8)
	assert.Equal(t, seqRange(4, 8), b.inboxSeqs(), "a hole in the live events is filled from the store")

	b.send("resume_inbox", map[string]any{"lastSeq": 6})
	require.Eventually(t, func() bool { return len(b.inboxSeqs()) == 7 }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, append(seqRange(4, 8), 7, 8), b.inboxSeqs(), "resume_inbox sends again what the client asks for")

	b.send("resume_inbox", map[string]any{"lastSeq": "x"})
	b.waitError(action.BadField("").Key)
	c := dialChat(t, n.wsURL, ann)
	c.send("resume_inbox", map[string]any{"lastSeq": 1})
	c.waitError(errNotConnected.Key)
}

// TestRealtimeInboxOvertaken: two live events that overtake each other on
// the way (they come from different nodes) are written in order without a
// read of the store; one whose predecessor never comes live is written
// after the store is read for it.
func TestRealtimeInboxOvertaken(t *testing.T) {
	n, ann, a := inboxMember(t)
	announce(t, n, ann, "first", true)
	a.waitInbox(1)

	// Stored in order, delivered in the other.
	events := make([]persistence.InboxEvent, 2)
	for i, title := range []string{"second", "third"} {
		note := persistence.Notification{ToID: ann, Type: notify.TypeSystem, Title: title, IdemKey: title}
		stored, _, err := n.db.Notifications().Create(t.Context(), &note, notify.NotificationWrite(&note, nil))
		require.NoError(t, err)
		events[i] = stored[0]
	}
	reads := n.inboxReads.Load()
	for _, e := range []persistence.InboxEvent{events[1], events[0]} {
		_, err := n.sys.Sessions().Deliver(t.Context(), ann, actors.InboxIdemKey(ann, e.Seq), e.Action, e.Data)
		require.NoError(t, err)
	}
	a.waitInbox(3)
	assert.Equal(t, seqRange(1, 3), a.inboxSeqs(), "in order, each once")
	assert.Equal(t, reads, n.inboxReads.Load(), "no read of the store")

	announce(t, n, ann, "never live", false)
	announce(t, n, ann, "after it", true)
	a.waitInbox(5)
	assert.Equal(t, seqRange(1, 5), a.inboxSeqs())
	assert.Greater(t, n.inboxReads.Load(), reads, "the missing one read from the store")
}

// cluster messaging: a recipient with connections on two nodes, a sender
// with another session, sends through every node.
func TestRealtimeInboxCluster(t *testing.T) {
	_, nodes := startNodes(t, 3)
	n1, n2, n3 := nodes[0], nodes[1], nodes[2]
	as := func(userID int64) context.Context {
		return action.WithRequest(t.Context(), &action.Request{Lang: "en",
			Viewer: action.Viewer{UserID: userID, UserCan: []string{pm.Capability}}})
	}
	rita := addUser(t, n1.db, "rita", false)
	sam := addUser(t, n1.db, "sam", false)

	r2 := dialChat(t, n2.wsURL, rita)
	r2.connectInbox(nil)
	r3 := dialChat(t, n3.wsURL, rita)
	r3.connectInbox(nil)
	s2 := dialChat(t, n2.wsURL, sam)
	s2.connectInbox(nil)
	waitAttached(t, n1, rita, n2.name, n3.name)
	waitAttached(t, n1, sam, n2.name)

	var sent pm.SendMessageReply
	err := n1.call(as(sam), "mutates.sendMessage", pm.SendMessageInput{ToID: action.ID(rita), Content: "hello\nrita", ClientID: "c1"}, &sent)
	require.NoError(t, err)
	msgID := sent.GqSendMessage.Message.ID
	for _, cc := range []*chatClient{r2, r3, s2} {
		cc.waitInbox(1)
		ev := cc.inbox()[0]
		assert.Equal(t, "private_message", ev.action)
		var data struct {
			Message pm.PrivateMessage `json:"message"`
		}
		require.NoError(t, json.Unmarshal(ev.data, &data))
		assert.Equal(t, msgID, data.Message.ID)
		assert.Equal(t, "hello\nrita", data.Message.Content)
	}
	t.Logf("one message reached rita on %s and %s and sam's other session on %s", n2.name, n3.name, n2.name)

	// Concurrent sends through every node and reads by rita.
	const sends = 20
	var wg sync.WaitGroup
	for i := range sends {
		wg.Go(func() {
			var sent pm.SendMessageReply
			err := nodes[i%3].call(as(sam), "mutates.sendMessage", pm.SendMessageInput{ToID: action.ID(rita),
				Content: fmt.Sprint("message ", i), ClientID: fmt.Sprint("m", i)}, &sent)
			assert.NoError(t, err)
		})
		if i%4 == 0 {
			wg.Go(func() {
				var read pm.ReadPrivateMessagesReply
				err := nodes[(i+1)%3].call(as(rita), "mutates.readPrivateMessages", pm.ReadPrivateMessagesInput{ToID: action.ID(sam)}, &read)
				assert.NoError(t, err)
			})
		}
	}
	wg.Wait()
	last, err := n1.db.Inbox().LastSeq(t.Context(), rita)
	require.NoError(t, err)
	truth, err := n1.db.Inbox().Counts(t.Context(), rita, sam)
	require.NoError(t, err)
	for _, cc := range []*chatClient{r2, r3} {
		cc.waitInbox(last)
		require.Equal(t, seqRange(1, last), cc.inboxSeqs(), "each of rita's connections got every event once, in order")
		var final struct {
			Unread       member.Unread             `json:"unread"`
			Conversation member.ConversationUnread `json:"conversation"`
		}
		events := cc.inbox()
		require.NoError(t, json.Unmarshal(events[len(events)-1].data, &final))
		assert.Equal(t, truth.Messages, final.Unread.Messages, "the last event carries the store's count")
		assert.Equal(t, truth.Conversation, final.Conversation.Unread)
	}
	samLast, err := n1.db.Inbox().LastSeq(t.Context(), sam)
	require.NoError(t, err)
	s2.waitInbox(samLast)
	require.Equal(t, seqRange(1, samLast), s2.inboxSeqs())
	t.Logf("%d concurrent sends and %d reads: rita's inbox reached seq %d on both nodes, unread %d as in the store",
		sends, sends/4, last, truth.Messages)

	// Rita goes offline; everything sent meanwhile arrives on reconnect.
	for _, cc := range []*chatClient{r2, r3} {
		_ = cc.c.conn.Close()
	}
	require.Eventually(t, func() bool {
		nodes, err := n1.sessionNodes(t.Context(), rita)
		return err == nil && len(nodes) == 0
	}, 10*time.Second, 10*time.Millisecond)
	for i := range 5 {
		var sent pm.SendMessageReply
		err := nodes[i%3].call(as(sam), "mutates.sendMessage", pm.SendMessageInput{ToID: action.ID(rita),
			Content: fmt.Sprint("while away ", i), ClientID: fmt.Sprint("away", i)}, &sent)
		require.NoError(t, err)
	}
	back := dialChat(t, n1.wsURL, rita)
	back.connectInbox(&last)
	back.waitInbox(last + 5)
	assert.Equal(t, seqRange(last+1, last+5), back.inboxSeqs(), "the offline messages, no gap, no duplicate")
	truth, err = n1.db.Inbox().Counts(t.Context(), rita, 0)
	require.NoError(t, err)
	var final struct {
		Unread member.Unread `json:"unread"`
	}
	events := back.inbox()
	require.NoError(t, json.Unmarshal(events[len(events)-1].data, &final))
	assert.Equal(t, truth.Messages, final.Unread.Messages)
}

// TestRealtimeInboxReset checks that a client too far behind is told to
// reload instead of getting a flood of old events.
func TestRealtimeInboxReset(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	for i := range maxInboxReplay + 1 {
		announce(t, n, ann, fmt.Sprint("n", i), false)
	}
	zero := int64(0)
	a := dialChat(t, n.wsURL, ann)
	a.connectInbox(&zero)
	reset := a.waitFrame("inbox_reset", nil)
	assert.JSONEq(t, fmt.Sprintf(`{"lastSeq":%d}`, maxInboxReplay+1), string(reset.Data))
	assert.Empty(t, a.inboxSeqs(), "nothing old is replayed")
	waitAttached(t, n, ann, n.name)
	announce(t, n, ann, "live", true)
	a.waitInbox(maxInboxReplay + 2)
	assert.Equal(t, []int64{maxInboxReplay + 2}, a.inboxSeqs(), "live events follow the reset point")
}

// TestRealtimeInboxResetAfterPrune: a client resuming from before the
// oldest event kept is told to reload, since what it missed is gone.
func TestRealtimeInboxResetAfterPrune(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	for i := range 4 {
		announce(t, n, ann, fmt.Sprint("n", i), false)
	}
	pruned, err := n.db.Inbox().Prune(t.Context(), persistence.Now()+1, 2)
	require.NoError(t, err)
	require.Equal(t, int64(2), pruned, "events 1 and 2")

	one := int64(1)
	a := dialChat(t, n.wsURL, ann)
	a.connectInbox(&one)
	reset := a.waitFrame("inbox_reset", nil)
	assert.JSONEq(t, `{"lastSeq":4}`, string(reset.Data))
	assert.Empty(t, a.inboxSeqs(), "no partial replay")

	two := int64(2)
	b := dialChat(t, n.wsURL, ann)
	b.connectInbox(&two)
	b.waitInbox(4)
	assert.Equal(t, []int64{3, 4}, b.inboxSeqs(), "a resume after the pruned events is whole")
}

// TestRealtimeInboxReplayStopsAtItsToken: an inbox replay reaches no
// further back than the socket token vouches for (InboxReplayGrace before
// its issue). A connect with inboxSeq 0 on a token issued after the
// member's events gets inbox_reset, not the events; a token of the same
// time as the events gets them.
func TestRealtimeInboxReplayStopsAtItsToken(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	for i := range 3 {
		announce(t, n, ann, fmt.Sprint("n", i), false)
	}
	connect := func(issued time.Time) *chatClient {
		cc := dialChat(t, n.wsURL, ann)
		cc.send("connect", map[string]any{"userId": strconv.FormatInt(ann, 10), "signature": testSignature(ann),
			"timestamp": fmt.Sprintf("i%d", issued.Unix()), "inboxSeq": 0})
		cc.waitFrame("inbox_synced", nil)
		return cc
	}
	later := connect(time.Now().Add(InboxReplayGrace + time.Minute))
	reset := later.waitFrame("inbox_reset", nil)
	assert.JSONEq(t, `{"lastSeq":3}`, string(reset.Data))
	assert.Empty(t, later.inboxSeqs(), "events from before the token are not replayed")

	fresh := connect(time.Now())
	fresh.waitInbox(3)
	assert.Equal(t, seqRange(1, 3), fresh.inboxSeqs())
}

// TestInboxGapTimerStoppedAsItFires: a gap timer that fires while the gap
// it waited on is being closed (stopped too late to cancel) starts no
// read of the store, even when a newer gap is open by the time it runs;
// the newer gap's own timer still does its work.
func TestInboxGapTimerStoppedAsItFires(t *testing.T) {
	t.Parallel()
	b := &inboxCursor{started: true, lastSeq: 5}
	b.mu.Lock()
	b.pending = []inboxFrame{{seq: 7}}
	stale := b.gapGen
	b.gapTimer = time.NewTimer(time.Hour)
	b.stopGapTimerLocked() // the gap closed as the timer fired
	b.pending = []inboxFrame{{seq: 9}}
	b.gapTimer = time.NewTimer(time.Hour) // a newer gap's timer
	b.mu.Unlock()

	b.gapExpired(stale)
	b.mu.Lock()
	assert.False(t, b.replaying, "the stale timer started no replay")
	assert.NotNil(t, b.gapTimer, "nor did it forget the newer gap's timer")
	b.closed = true // the newer timer's replay ends at once
	b.mu.Unlock()

	b.gapExpired(b.gapGen)
	b.mu.Lock()
	defer b.mu.Unlock()
	assert.Nil(t, b.gapTimer, "the newer gap's timer ran")
}
