package ws

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
)

// The cluster tests start several members in one process; protoactor has
// data races of its own, so run them without -race (go test -race skips
// them through the raceEnabled constant).

// listener is a member watching the room from one of the nodes, through
// reconnections.
type listener struct {
	userID int64
	cc     *chatClient
	node   *rtNode
	past   []int64 // seqs received on earlier connections
}

func (l *listener) all() []int64 {
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

func (l *listener) open(t *testing.T, n *rtNode, lastSeq int64) {
	t.Helper()
	if l.cc != nil {
		_ = l.cc.c.conn.Close()
		require.Eventually(t, func() bool { _, _, closed := l.cc.state(); return closed }, 5*time.Second, 5*time.Millisecond)
		seqs, _, _ := l.cc.state()
		l.past = append(l.past, seqs...)
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

// sender sends count messages, one every SendInterval, through whichever
// node is up, retrying a failed send with the same idempotency key.
func sender(ctx context.Context, userID int64, count int, pick func() *rtNode, accepted chan<- acceptance) error {
	user := &actors.ChatUser{Id: userID, Name: fmt.Sprint("s", userID)}
	for i := range count {
		key := fmt.Sprintf("%d:m%d", userID, i)
		for {
			if ctx.Err() != nil {
				return fmt.Errorf("sender %d: message %d not accepted: %w", userID, i, ctx.Err())
			}
			callCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
			ev, err := pick().sys.Rooms().Send(callCtx, actors.SendInput{Room: "chat", IdemKey: key, User: user,
				UserCan: []string{"chat"}, Text: fmt.Sprintf("message %d of %d", i, userID)})
			cancel()
			var refused *actors.Error
			switch {
			case err == nil:
				accepted <- acceptance{key: key, seq: ev.GetSeq()}
			case errors.As(err, &refused) && errors.Is(err, actors.ErrThrottled):
				time.Sleep(refused.RetryAfter)
				continue
			default:
				time.Sleep(100 * time.Millisecond)
				continue
			}
			break
		}
		time.Sleep(actors.SendInterval + 50*time.Millisecond)
	}
	return nil
}

// checkDelivery verifies the store and every listener once all is sent:
// the room's events are numbered 1..N without gaps, every accepted key is
// stored exactly once, and every listener saw 1..N once each, in order.
func checkDelivery(t *testing.T, n *rtNode, listeners []*listener, accepted []acceptance) {
	ctx := t.Context()
	events, err := n.sys.Rooms().Since(ctx, "chat", 0, 10_000)
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

// startNodes starts n clustered nodes, the others joining the first, and
// waits until each sees all n. Several members in one process make
// protoactor race against itself, so it skips under -race.
func startNodes(t *testing.T, n int) (*rtCluster, []*rtNode) {
	t.Helper()
	if raceEnabled {
		t.Skip("protoactor races against itself with several members in one process: run without -race")
	}
	cl := newRTCluster(t, true)
	nodes := []*rtNode{cl.start()}
	for range n - 1 {
		nodes = append(nodes, cl.start(nodes[0].gossip()))
	}
	for _, node := range nodes {
		require.Eventually(t, func() bool { return node.sys.Node().Members() == n }, 15*time.Second, 20*time.Millisecond)
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
	acceptedCh := make(chan acceptance, senders*perSender*2)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, senders)
	for i := range senders {
		id := addUser(t, n1.db, fmt.Sprint("sender", i), false)
		wg.Go(func() {
			time.Sleep(time.Duration(i) * 150 * time.Millisecond)
			if err := sender(ctx, id, perSender, pick, acceptedCh); err != nil {
				errs <- err
			}
		})
	}

	time.Sleep(3 * time.Second)
	owner := n1
	for _, n := range nodes {
		if n.sys.RoomActivations() > 0 {
			owner = n
		}
	}
	mu.Lock()
	alive = slices.DeleteFunc(alive, func(n *rtNode) bool { return n == owner })
	mu.Unlock()
	t.Logf("stopping %s, which holds the room's grain", owner.name)
	owner.stop()
	for _, l := range listeners {
		if l.node == owner {
			l.open(t, pick(), l.maxSeq())
		}
	}

	time.Sleep(2 * time.Second)
	n4 := cl.start(pick().gossip())
	mu.Lock()
	alive = append(alive, n4)
	mu.Unlock()
	for _, n := range alive {
		require.Eventually(t, func() bool { return n.sys.Node().Members() == 3 }, 15*time.Second, 20*time.Millisecond)
	}
	late := &listener{userID: addUser(t, n4.db, "late", false)}
	late.open(t, n4, 0)
	listeners = append(listeners, late)

	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	close(acceptedCh)
	var accepted []acceptance
	for a := range acceptedCh {
		accepted = append(accepted, a)
	}
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
	acceptedCh := make(chan acceptance, senders*perSender*2)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for i := range senders {
		id := addUser(t, n.db, fmt.Sprint("sender", i), false)
		wg.Go(func() {
			time.Sleep(time.Duration(i) * 200 * time.Millisecond)
			assert.NoError(t, sender(ctx, id, perSender, pick, acceptedCh))
		})
	}
	time.Sleep(2500 * time.Millisecond)
	for _, l := range listeners[:2] {
		_ = l.cc.c.conn.Close()
		time.Sleep(300 * time.Millisecond)
		l.open(t, n, l.maxSeq())
	}
	wg.Wait()
	close(acceptedCh)
	var accepted []acceptance
	for a := range acceptedCh {
		accepted = append(accepted, a)
	}
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
	online := func(f Frame) int {
		var d joinSuccess
		require.NoError(t, json.Unmarshal(f.Data, &d))
		return d.Online
	}
	self := func(d json.RawMessage) bool { return strings.Contains(string(d), `"self":true`) }
	joined := func(cc *chatClient) Frame {
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
