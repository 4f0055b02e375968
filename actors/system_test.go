package actors

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/cluster"
	"souk/persistence"
)

func openDB(t *testing.T) *persistence.DB {
	t.Helper()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: t.TempDir(), Node: 1})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(t.Context()))
	return db
}

func startSystem(t *testing.T, db *persistence.DB, cfg cluster.Config, opts ...Option) *System {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sys, err := Start(ctx, cfg, db, opts...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = sys.Stop(context.Background()) })
	return sys
}

func member(t *testing.T, db *persistence.DB, name string) *ChatUser {
	t.Helper()
	u := persistence.User{Name: name, Slug: name, LevelKey: "lv1"}
	require.NoError(t, db.Users().Create(t.Context(), &u))
	return &ChatUser{Id: u.ID, Name: u.Name, Slug: u.Slug}
}

// TestRoomSingleNode covers the room grain's rules on the embedded default.
func TestRoomSingleNode(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	rooms := sys.Rooms()
	ctx := t.Context()
	ann, bob := member(t, db, "ann"), member(t, db, "bob")

	var mu sync.Mutex
	var got []*RoomBroadcast
	unsub, err := rooms.Subscribe("chat", func(b *RoomBroadcast) {
		mu.Lock()
		got = append(got, b)
		mu.Unlock()
	})
	require.NoError(t, err)
	defer unsub()

	_, err = rooms.Send(ctx, SendInput{Room: "bad room", IdemKey: "b1", User: ann, Text: "x"})
	require.ErrorIs(t, err, ErrBadRoom)

	first, err := rooms.Send(ctx, SendInput{Room: "chat", IdemKey: "a1", User: ann, Text: "hi"})
	require.NoError(t, err)
	assert.Equal(t, int64(1), first.GetSeq())
	again, err := rooms.Send(ctx, SendInput{Room: "chat", IdemKey: "a1", User: ann, Text: "other"})
	require.NoError(t, err, "a retried command is answered with the original result")
	assert.Equal(t, first.GetId(), again.GetId())
	_, err = rooms.Send(ctx, SendInput{Room: "chat", IdemKey: "a2", User: ann, Text: "too soon"})
	require.ErrorIs(t, err, ErrThrottled)
	var refused *Error
	require.ErrorAs(t, err, &refused)
	assert.Greater(t, refused.RetryAfter, time.Duration(0))

	second, err := rooms.Send(ctx, SendInput{Room: "chat", IdemKey: "b2", User: bob, Text: "hello"})
	require.NoError(t, err, "the throttle is per member")
	assert.Equal(t, int64(2), second.GetSeq())

	_, err = rooms.Delete(ctx, DeleteInput{Room: "chat", IdemKey: "d0", User: bob, MessageID: first.GetId()})
	require.ErrorIs(t, err, ErrForbidden)
	del, err := rooms.Delete(ctx, DeleteInput{Room: "chat", IdemKey: "d1", User: bob, IsAdmin: true, MessageID: first.GetId()})
	require.NoError(t, err, "admins delete any message")
	assert.Equal(t, int64(3), del.GetSeq(), "a deletion is sequenced")
	_, err = rooms.Delete(ctx, DeleteInput{Room: "chat", IdemKey: "d2", User: ann, MessageID: first.GetId()})
	require.ErrorIs(t, err, ErrNotFound)

	p, err := rooms.Join(ctx, "chat", ann, 2)
	require.NoError(t, err)
	assert.Equal(t, 1, p.Online)
	assert.Equal(t, int64(3), p.LastSeq)
	p, err = rooms.Presence(ctx, "chat", 10)
	require.NoError(t, err)
	require.Len(t, p.Users, 1)
	_, err = rooms.Leave(ctx, "chat", ann, 0)
	require.NoError(t, err)

	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(got) == 5
	}, 5*time.Second, 10*time.Millisecond, "two messages, a deletion, a join and a leave, each published once")
	mu.Lock()
	assert.Equal(t, int64(1), got[0].GetEvent().GetSeq())
	assert.Equal(t, "join_room", got[3].GetPresence().GetKind())
	mu.Unlock()

	stored, err := db.Chat().Since(ctx, "chat", 0, 10)
	require.NoError(t, err)
	require.Len(t, stored, 3)
	replayed := EventFromStore(stored[0])
	assert.True(t, replayed.GetDeleted(), "a replayed deleted message has no text")
	assert.Empty(t, replayed.GetMessage())
}

// TestSessionDeliver routes an event to the node holding the member's connection.
func TestSessionDeliver(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ctx := t.Context()
	got := make(chan string, 4)
	unsub, err := sys.Sessions().SubscribeNode(func(userID int64, action string, data []byte) {
		got <- fmt.Sprintf("%d %s %s", userID, action, data)
	})
	require.NoError(t, err)
	defer unsub()

	n, err := sys.Sessions().Deliver(ctx, 7, "k1", "notification", []byte(`{"a":1}`))
	require.NoError(t, err)
	assert.Zero(t, n, "nobody is connected")
	require.NoError(t, sys.Sessions().Attach(ctx, 7, 2))
	nodes, err := sys.Sessions().Nodes(ctx, 7)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"solo": 2}, nodes)
	n, err = sys.Sessions().Deliver(ctx, 7, "k2", "notification", []byte(`{"a":2}`))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	n, err = sys.Sessions().Deliver(ctx, 7, "k2", "notification", []byte(`{"a":2}`))
	require.NoError(t, err)
	assert.Equal(t, 1, n, "a retried delivery is answered, not sent again")
	select {
	case msg := <-got:
		assert.Equal(t, `7 notification {"a":2}`, msg)
	case <-time.After(5 * time.Second):
		t.Fatal("no delivery")
	}
	select {
	case msg := <-got:
		t.Fatalf("delivered twice: %s", msg)
	case <-time.After(200 * time.Millisecond):
	}
	require.NoError(t, sys.Sessions().Detach(ctx, 7))
	nodes, err = sys.Sessions().Nodes(ctx, 7)
	require.NoError(t, err)
	assert.Empty(t, nodes)
}

// TestSendLimitSurvivesAMove: a room's new activation (the grain moved, or
// its node restarted) still holds back a member who has just sent.
func TestSendLimitSurvivesAMove(t *testing.T) {
	db := openDB(t)
	ann := member(t, db, "ann")
	first := startSystem(t, db, cluster.Config{NodeName: "first"})
	_, err := first.Rooms().Send(t.Context(), SendInput{Room: "lobby", IdemKey: "a1", User: ann, Text: "hi"})
	require.NoError(t, err)
	require.NoError(t, first.Stop(t.Context()))

	second := startSystem(t, db, cluster.Config{NodeName: "second"})
	_, err = second.Rooms().Send(t.Context(), SendInput{Room: "lobby", IdemKey: "a2", User: ann, Text: "again"})
	require.ErrorIs(t, err, ErrThrottled, "within 2 s of the last message, whichever activation took it")
	again, err := second.Rooms().Send(t.Context(), SendInput{Room: "lobby", IdemKey: "a1", User: ann, Text: "hi"})
	require.NoError(t, err, "a retry of the stored message is answered")
	assert.Equal(t, int64(1), again.GetSeq())
}

// TestSendThrottleReadsTheRoomsClock: the send throttle holds a member back
// for SendInterval of the clock the system was given, not of the wall.
func TestSendThrottleReadsTheRoomsClock(t *testing.T) {
	db := openDB(t)
	var mu sync.Mutex
	now := time.Unix(1_900_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	sys := startSystem(t, db, cluster.Config{NodeName: "clocked"}, WithClock(clock))
	ann := member(t, db, "ann")
	_, err := sys.Rooms().Send(t.Context(), SendInput{Room: "lobby", IdemKey: "c1", User: ann, Text: "one"})
	require.NoError(t, err)
	_, err = sys.Rooms().Send(t.Context(), SendInput{Room: "lobby", IdemKey: "c2", User: ann, Text: "two"})
	var refused *Error
	require.ErrorAs(t, err, &refused)
	assert.Equal(t, SendInterval, refused.RetryAfter, "the clock has not moved")
	mu.Lock()
	now = now.Add(SendInterval)
	mu.Unlock()
	_, err = sys.Rooms().Send(t.Context(), SendInput{Room: "lobby", IdemKey: "c2", User: ann, Text: "two"})
	require.NoError(t, err, "SendInterval later on the rooms' clock")
}

// TestRoomPassivatesWhenIdle: a room grain nobody is in stops after the
// idle period (its state is in the database and comes back on the next
// call); a room with a member present stays.
func TestRoomPassivatesWhenIdle(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "idle"}, WithRoomIdle(50*time.Millisecond))
	rooms := sys.Rooms()
	ann := member(t, db, "ann")

	sent, err := rooms.Send(t.Context(), SendInput{Room: "quiet", IdemKey: "q1", User: ann, Text: "hi"})
	require.NoError(t, err)
	_, err = rooms.Presence(t.Context(), "other", 10)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return sys.RoomActivations() == 0 }, 10*time.Second, 10*time.Millisecond,
		"idle rooms are passivated")
	p, err := rooms.Presence(t.Context(), "quiet", 10)
	require.NoError(t, err)
	assert.Equal(t, sent.GetSeq(), p.LastSeq, "a passivated room comes back with its state")

	_, err = rooms.Join(t.Context(), "busy", ann, 1)
	require.NoError(t, err)
	_, err = rooms.Presence(t.Context(), "later", 10)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return sys.RoomActivations() == 1 }, 10*time.Second, 10*time.Millisecond,
		"the room without members, asked after busy's last message, goes")
	p, err = rooms.Presence(t.Context(), "busy", 10)
	require.NoError(t, err)
	assert.Equal(t, 1, p.Online, "a room with a member present stays, with its presence")
}

// TestSessionPassivatesWhenEmpty: a session grain of a member connected
// nowhere (a look at an offline member) stops after the idle period; one
// that knows a connection stays with it.
func TestSessionPassivatesWhenEmpty(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "idle-sessions"}, WithSessionIdle(50*time.Millisecond))
	sessions := sys.Sessions()
	ctx := t.Context()

	nodes, err := sessions.Nodes(ctx, 11)
	require.NoError(t, err)
	assert.Empty(t, nodes)
	require.NoError(t, sessions.Attach(ctx, 12, 1))
	require.Eventually(t, func() bool { return sys.SessionActivations() == 1 }, 10*time.Second, 10*time.Millisecond,
		"the offline member's session goes")
	nodes, err = sessions.Nodes(ctx, 12)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"idle-sessions": 1}, nodes, "a connected member's session stays")
}

// TestRoomGroupCommitKeepsEveryMessage: many members sending at once are
// stored in groups, yet each is answered with its own event, the
// sequence has no gap or repeat, it is published in order, and a command
// delivered twice while it waits is answered with the same event.
func TestRoomGroupCommitKeepsEveryMessage(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "group"})
	rooms := sys.Rooms()
	const senders = 60
	users := make([]*ChatUser, senders)
	for i := range users {
		users[i] = member(t, db, fmt.Sprintf("m%02d", i))
	}
	var mu sync.Mutex
	var published []int64
	unsub, err := rooms.Subscribe("busy", func(b *RoomBroadcast) {
		mu.Lock()
		published = append(published, b.GetEvent().GetSeq())
		mu.Unlock()
	})
	require.NoError(t, err)
	defer unsub()

	events := make([]*ChatEvent, 2*senders)
	var wg sync.WaitGroup
	for i := range 2 * senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each member's command is sent twice at once: one event for both.
			u := users[i%senders]
			ev, err := rooms.Send(t.Context(), SendInput{Room: "busy", IdemKey: "k-" + u.Slug, User: u, Text: "hi " + u.Slug})
			assert.NoError(t, err)
			events[i] = ev
		}()
	}
	wg.Wait()
	seqs := map[int64]string{}
	for i, ev := range events {
		require.NotNil(t, ev, i)
		assert.Equal(t, "hi "+users[i%senders].Slug, ev.GetMessage())
		if prior, ok := seqs[ev.GetSeq()]; ok {
			assert.Equal(t, prior, ev.GetMessage(), "one number, one message")
		}
		seqs[ev.GetSeq()] = ev.GetMessage()
		assert.Equal(t, events[i%senders].GetSeq(), ev.GetSeq(), "a command delivered twice is stored once")
	}
	require.Len(t, seqs, senders)
	for seq := int64(1); seq <= senders; seq++ {
		assert.Contains(t, seqs, seq, "no gap")
	}
	last, err := db.Chat().LastSeq(t.Context(), "busy")
	require.NoError(t, err)
	assert.Equal(t, int64(senders), last)
	commits, committed := sys.ChatCommits()
	assert.Equal(t, int64(senders), committed, "every message through a group commit")
	assert.LessOrEqual(t, commits, int64(senders))
	t.Logf("%d messages in %d commits", committed, commits)
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(published) == senders
	}, 5*time.Second, 10*time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	for i, seq := range published {
		assert.Equal(t, int64(i+1), seq, "published in order, once")
	}
}
