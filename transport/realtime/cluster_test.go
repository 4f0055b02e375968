package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/app/chat"
	"souk/transport/ws"
)

// The cluster tests run every node in a child process (process_test.go).

// listener is a member watching the room from one of the nodes, through
// reconnections.
type listener struct {
	userID int64
	cc     *chatClient
	node   *rtNode
	past   []int64 // seqs received on earlier connections
}

func (l *listener) all() []int64 {
	if l.cc == nil {
		return slices.Clone(l.past)
	}
	seqs, _, _ := l.cc.state()
	return append(slices.Clone(l.past), seqs...)
}

func (l *listener) maxSeq() int64 {
	all := l.all()
	if len(all) == 0 {
		return 0
	}
	return slices.Max(all)
}

// drop closes the listener's connection and keeps what it received.
func (l *listener) drop(t *testing.T) {
	t.Helper()
	_ = l.cc.c.conn.Close()
	require.Eventually(t, func() bool { _, _, closed := l.cc.state(); return closed }, 5*time.Second, 5*time.Millisecond)
	seqs, _, _ := l.cc.state()
	l.past = append(l.past, seqs...)
	l.cc = nil
}

func (l *listener) open(t *testing.T, n *rtNode, lastSeq int64) {
	t.Helper()
	if l.cc != nil {
		l.drop(t)
	}
	l.node = n
	l.cc = dialChat(t, n.wsURL, l.userID)
	l.cc.connect()
	l.cc.join("chat", &lastSeq)
	l.cc.waitFrame("join_success", nil)
}

// acceptance is a message a sender saw accepted.
type acceptance struct {
	key string
	seq int64
}

// traffic paces the senders: message i of every sender waits until round
// i is released, and the rooms' clock moves on by SendInterval after each
// accepted message instead of the senders waiting it out.
type traffic struct {
	advance  func(time.Duration) // moves the rooms' clock on every node
	rounds   []chan struct{}
	accepted chan acceptance
	count    atomic.Int64 // accepted messages
}

func newTraffic(cl *rtCluster, senders, perSender int) *traffic {
	tr := &traffic{advance: cl.advance, accepted: make(chan acceptance, senders*perSender*2)}
	for range perSender {
		tr.rounds = append(tr.rounds, make(chan struct{}))
	}
	return tr
}

// release lets every sender send its message of round i.
func (tr *traffic) release(i int) { close(tr.rounds[i]) }

// waitAccepted waits until n messages were accepted in all.
func (tr *traffic) waitAccepted(t *testing.T, n int) {
	t.Helper()
	require.Eventually(t, func() bool { return tr.count.Load() >= int64(n) }, 30*time.Second, 5*time.Millisecond,
		"want %d accepted messages", n)
}

// sender sends one message per round through whichever node is up,
// retrying a failed send with the same idempotency key.
func (tr *traffic) sender(ctx context.Context, userID int64, pick func() *rtNode) error {
	viewer := action.WithRequest(ctx, &action.Request{Lang: "en", Viewer: action.Viewer{UserID: userID, UserCan: []string{"chat"}}})
	for i, round := range tr.rounds {
		select {
		case <-round:
		case <-ctx.Done():
			return fmt.Errorf("sender %d: round %d not released: %w", userID, i, ctx.Err())
		}
		key := fmt.Sprintf("m%d", i)
		for {
			if ctx.Err() != nil {
				return fmt.Errorf("sender %d: message %d not accepted: %w", userID, i, ctx.Err())
			}
			callCtx, cancel := context.WithTimeout(viewer, 5*time.Second)
			var sent chat.SendChatReply
			err := pick().call(callCtx, "utils.chat", chat.SendChatInput{Room: "chat", ClientID: key,
				Text: fmt.Sprintf("message %d of %d", i, userID)}, &sent)
			cancel()
			var refused *action.Error
			switch {
			case err == nil:
				tr.accepted <- acceptance{key: fmt.Sprint(userID, ":", key), seq: sent.Guaqi.Utils.SendChat.Seq}
				tr.count.Add(1)
				tr.advance(actors.SendInterval)
			case errors.As(err, &refused) && refused.Key == "chat.error.throttled":
				tr.advance(actors.SendInterval)
				continue
			default:
				// The room is moving to another node: try again shortly.
				select {
				case <-time.After(100 * time.Millisecond):
				case <-ctx.Done():
				}
				continue
			}
			break
		}
	}
	return nil
}

// all returns every accepted message, once the senders are done.
func (tr *traffic) all() []acceptance {
	close(tr.accepted)
	var out []acceptance
	for a := range tr.accepted {
		out = append(out, a)
	}
	return out
}

// checkDelivery verifies the store and every listener once all is sent:
// the room's events are numbered 1..N without gaps, every accepted key is
// stored exactly once, and every listener saw 1..N once each, in order.
func checkDelivery(t *testing.T, n *rtNode, listeners []*listener, accepted []acceptance) {
	ctx := t.Context()
	events, err := roomLog{n.db.Chat()}.Since(ctx, "chat", 0, 10_000)
	require.NoError(t, err)
	last := int64(len(events))
	for i, e := range events {
		require.Equal(t, int64(i+1), e.GetSeq(), "the store's sequence has no gap")
	}
	keys := map[string]int64{}
	for _, a := range accepted {
		if prior, ok := keys[a.key]; ok {
			require.Equal(t, prior, a.seq, "a retried send is answered with its first seq")
		}
		keys[a.key] = a.seq
	}
	require.Len(t, events, len(keys), "every accepted message is stored once, nothing else is")

	for _, l := range listeners {
		require.Eventually(t, func() bool { return l.maxSeq() == last }, 20*time.Second, 20*time.Millisecond,
			"listener %d on %s reaches seq %d (has %d)", l.userID, l.node.name, last, l.maxSeq())
	}
	for _, l := range listeners {
		all := l.all()
		want := make([]int64, last)
		for i := range want {
			want[i] = int64(i + 1)
		}
		require.Equal(t, want, all, "listener %d saw every event once, in order", l.userID)
	}
	t.Logf("%d messages stored, %d listeners each received all of them once and in order; lost 0, duplicated 0", last, len(listeners))
}

// startNodes starts n clustered nodes in child processes, the others
// joining the first, and waits until each sees all n.
func startNodes(t *testing.T, n int) (*rtCluster, []*rtNode) {
	t.Helper()
	cl := newRTCluster(t, true)
	nodes := []*rtNode{cl.startRemote()}
	for range n - 1 {
		nodes = append(nodes, cl.startRemote(nodes[0].gossip()))
	}
	for _, node := range nodes {
		require.Eventually(t, func() bool { return node.members() == n }, 30*time.Second, 20*time.Millisecond)
	}
	return cl, nodes
}

// TestRealtimeClusterFailover runs three nodes sharing the database, with
// members listening on each. While messages flow, the node holding the
// room's grain is stopped, its listeners reconnect elsewhere and resume,
// and a fourth node joins.
func TestRealtimeClusterFailover(t *testing.T) {
	cl, nodes := startNodes(t, 3)
	n1 := nodes[0]

	var mu sync.Mutex
	alive := slices.Clone(nodes)
	pick := func() *rtNode {
		mu.Lock()
		defer mu.Unlock()
		return alive[rand.IntN(len(alive))]
	}

	var listeners []*listener
	for i := range 6 {
		l := &listener{userID: addUser(t, n1.db, fmt.Sprint("listener", i), false)}
		l.open(t, nodes[i%3], 0)
		listeners = append(listeners, l)
	}
	const senders, perSender = 12, 5
	tr := newTraffic(cl, senders, perSender)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, senders)
	for i := range senders {
		id := addUser(t, n1.db, fmt.Sprint("sender", i), false)
		wg.Go(func() {
			if err := tr.sender(ctx, id, pick); err != nil {
				errs <- err
			}
		})
	}

	tr.release(0)
	tr.release(1)
	tr.waitAccepted(t, 2*senders)
	var owner *rtNode
	for _, n := range nodes {
		if n.activations() > 0 {
			owner = n
		}
	}
	require.NotNil(t, owner, "a node holds the room's grain once messages were accepted")
	mu.Lock()
	alive = slices.DeleteFunc(alive, func(n *rtNode) bool { return n == owner })
	mu.Unlock()
	tr.release(2)
	t.Logf("stopping %s, which holds the room's grain, while round 2 is sent", owner.name)
	owner.stop()
	for _, l := range listeners {
		if l.node == owner {
			l.open(t, pick(), l.maxSeq())
		}
	}

	tr.waitAccepted(t, 3*senders)
	n4 := cl.startRemote(pick().gossip())
	mu.Lock()
	alive = append(alive, n4)
	mu.Unlock()
	tr.release(3)
	for _, n := range alive {
		require.Eventually(t, func() bool { return n.members() == 3 }, 15*time.Second, 20*time.Millisecond)
	}
	late := &listener{userID: addUser(t, n4.db, "late", false)}
	late.open(t, n4, 0)
	listeners = append(listeners, late)
	tr.release(4)

	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	accepted := tr.all()
	checkDelivery(t, n4, listeners, accepted)
	assert.Len(t, accepted, senders*perSender)
}

// TestRealtimeSingleNodeResume is the same check on the embedded default:
// listeners drop their connection while messages flow and resume.
func TestRealtimeSingleNodeResume(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	pick := func() *rtNode { return n }
	var listeners []*listener
	for i := range 4 {
		l := &listener{userID: addUser(t, n.db, fmt.Sprint("listener", i), false)}
		l.open(t, n, 0)
		listeners = append(listeners, l)
	}
	const senders, perSender = 6, 3
	tr := newTraffic(cl, senders, perSender)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for i := range senders {
		id := addUser(t, n.db, fmt.Sprint("sender", i), false)
		wg.Go(func() { assert.NoError(t, tr.sender(ctx, id, pick)) })
	}
	tr.release(0)
	tr.waitAccepted(t, senders)
	for _, l := range listeners[:2] {
		l.drop(t)
	}
	tr.release(1)
	tr.waitAccepted(t, 2*senders)
	for _, l := range listeners[:2] {
		l.open(t, n, l.maxSeq())
	}
	tr.release(2)
	wg.Wait()
	accepted := tr.all()
	checkDelivery(t, n, listeners, accepted)
	assert.Len(t, accepted, senders*perSender)
}

// TestJoinCountsMembersOfTheCluster: join_success tells a joiner how many
// members are in the room on every node, each member once, whatever node
// the joiner's connection is on and however many connections each holds.
func TestJoinCountsMembersOfTheCluster(t *testing.T) {
	_, nodes := startNodes(t, 2)
	n1, n2 := nodes[0], nodes[1]
	ann, bob := addUser(t, n1.db, "ann", false), addUser(t, n1.db, "bob", false)
	online := func(f ws.Frame) int {
		var d Presence
		require.NoError(t, json.Unmarshal(f.Data, &d))
		return d.Online
	}
	self := func(d json.RawMessage) bool { return strings.Contains(string(d), `"self":true`) }
	joined := func(cc *chatClient) ws.Frame {
		cc.connect()
		cc.join("chat", nil)
		return cc.waitFrame("join_success", self)
	}

	annOn1 := dialChat(t, n1.wsURL, ann)
	assert.Equal(t, 1, online(joined(annOn1)))
	bobOn1 := dialChat(t, n1.wsURL, bob)
	joined(bobOn1)
	// The room's grain has counted bob once ann is told of his arrival.
	annOn1.waitFrame("join_success", func(d json.RawMessage) bool { return !self(d) && strings.Contains(string(d), `"online":2`) })

	annOn2 := dialChat(t, n2.wsURL, ann)
	assert.Equal(t, 2, online(joined(annOn2)), "ann and bob, though n2 holds one connection")
	annAgain := dialChat(t, n1.wsURL, ann)
	assert.Equal(t, 2, online(joined(annAgain)), "ann once, though n1 holds two of her connections")
}
