package persistence

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence/pgtest"
)

// countsEvent is an inbox write whose payload records the counters it was given.
func countsEvent(userID, peer int64, action string) InboxWrite {
	return InboxWrite{UserID: userID, Action: action, Peer: peer, Payload: func(c Counts) ([]byte, error) {
		return json.Marshal(map[string]int{"messages": c.Messages, "notifications": c.Notifications, "conversation": c.Conversation})
	}}
}

func newMembers(t *testing.T, db *DB, names ...string) []int64 {
	t.Helper()
	ids := make([]int64, len(names))
	for i, name := range names {
		u := User{Name: name, Slug: name, LevelKey: "lv1"}
		require.NoError(t, db.Users().Create(t.Context(), &u))
		ids[i] = u.ID
	}
	return ids
}

// gaplessInbox returns the member's inbox, requiring it numbered 1, 2, 3…
// up to the member's last number.
func gaplessInbox(t *testing.T, db *DB, user int64) []InboxEvent {
	t.Helper()
	inbox, err := db.Inbox().Since(t.Context(), user, 0, 1000)
	require.NoError(t, err)
	for i, e := range inbox {
		require.Equal(t, int64(i+1), e.Seq, "member %d's inbox has no gap", user)
	}
	last, err := db.Inbox().LastSeq(t.Context(), user)
	require.NoError(t, err)
	require.Equal(t, int64(len(inbox)), last, "member %d", user)
	return inbox
}

func TestMessagesStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Messages()
		ids := newMembers(t, db, "ann", "bob", "cid")
		ann, bob, cid := ids[0], ids[1], ids[2]

		send := func(from, to int64, text, key string) (PrivateMessage, []InboxEvent, bool) {
			m := PrivateMessage{FromID: from, ToID: to, Content: text, IdemKey: key}
			events, replayed, err := s.Send(ctx, &m, countsEvent(to, from, "private_message"), countsEvent(from, to, "private_message"))
			require.NoError(t, err)
			return m, events, replayed
		}
		m1, events, replayed := send(ann, bob, "hello", "k1")
		require.False(t, replayed)
		require.Len(t, events, 2)
		assert.Equal(t, bob, events[0].UserID)
		assert.Equal(t, int64(1), events[0].Seq)
		assert.JSONEq(t, `{"seq":1,"messages":1,"notifications":0,"conversation":1}`, string(events[0].Data), "the recipient's counters after the send")
		assert.JSONEq(t, `{"seq":1,"messages":0,"notifications":0,"conversation":0}`, string(events[1].Data))

		again, events, replayed := send(ann, bob, "other text", "k1")
		assert.True(t, replayed, "a used idempotency key answers the first message")
		assert.Empty(t, events)
		assert.Equal(t, m1.ID, again.ID)
		assert.Equal(t, "hello", again.Content)

		send(bob, ann, "hi ann", "k2")
		send(cid, ann, "from cid", "k3")
		m4, _, _ := send(ann, bob, "third", "k4")

		conv, err := s.Conversation(ctx, ann, bob, 0, 2)
		require.NoError(t, err)
		require.Len(t, conv, 2)
		assert.Equal(t, []string{"third", "hi ann"}, []string{conv[0].Content, conv[1].Content}, "newest first")
		older, err := s.Conversation(ctx, bob, ann, conv[1].ID, 10)
		require.NoError(t, err)
		require.Len(t, older, 1)
		assert.Equal(t, "hello", older[0].Content)

		recents, err := s.Recents(ctx, ann, 0, 10)
		require.NoError(t, err)
		require.Len(t, recents, 2)
		assert.Equal(t, bob, recents[0].PeerID)
		assert.Equal(t, m4.ID, recents[0].Last.ID)
		assert.Equal(t, 1, recents[0].Unread)
		assert.Equal(t, cid, recents[1].PeerID)
		page2, err := s.Recents(ctx, ann, recents[0].Last.ID, 10)
		require.NoError(t, err)
		require.Len(t, page2, 1)
		assert.Equal(t, cid, page2[0].PeerID)

		counts, err := db.Inbox().Counts(ctx, bob, ann)
		require.NoError(t, err)
		assert.Equal(t, Counts{Messages: 2, Conversation: 2}, counts)
		user, withUser, err := db.Users().GetWithCounts(ctx, bob)
		require.NoError(t, err)
		assert.Equal(t, bob, user.ID)
		assert.Equal(t, Counts{Messages: 2}, withUser, "the same counters, read with the member's row")
		_, withUser, err = db.Users().GetWithCounts(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, Counts{Messages: 2}, withUser)
		_, _, err = db.Users().GetWithCounts(ctx, 999_999)
		require.ErrorIs(t, err, ErrNotFound)
		events, marked, err := s.MarkRead(ctx, bob, ann, countsEvent(bob, ann, "unread"))
		require.NoError(t, err)
		assert.Equal(t, 2, marked)
		require.Len(t, events, 1)
		assert.JSONEq(t, `{"seq":4,"messages":0,"notifications":0,"conversation":0}`, string(events[0].Data))
		events, marked, err = s.MarkRead(ctx, bob, ann, countsEvent(bob, ann, "unread"))
		require.NoError(t, err)
		assert.Zero(t, marked)
		assert.Empty(t, events, "nothing read, nothing appended")

		_, _, err = s.Delete(ctx, m4.ID, bob, countsEvent(bob, ann, "delete_private_message"))
		require.ErrorIs(t, err, ErrNotFound, "only the sender deletes")
		events, deleted, err := s.Delete(ctx, m4.ID, ann, countsEvent(bob, ann, "delete_private_message"), countsEvent(ann, bob, "delete_private_message"))
		require.NoError(t, err)
		assert.True(t, deleted)
		assert.Len(t, events, 2)
		events, deleted, err = s.Delete(ctx, m4.ID, ann, countsEvent(bob, ann, "delete_private_message"))
		require.NoError(t, err)
		assert.False(t, deleted, "deleting twice is harmless")
		assert.Empty(t, events)
		got, err := s.Get(ctx, m4.ID)
		require.NoError(t, err)
		assert.NotZero(t, got.DeletedAt)
		conv, err = s.Conversation(ctx, ann, bob, 0, 10)
		require.NoError(t, err)
		assert.Len(t, conv, 2, "a deleted message leaves the conversation")
		_, err = s.Get(ctx, 42)
		require.ErrorIs(t, err, ErrNotFound)

		last := int64(len(gaplessInbox(t, db, bob)))
		tail, err := db.Inbox().Since(ctx, bob, last-1, 100)
		require.NoError(t, err)
		require.Len(t, tail, 1)
		assert.Equal(t, "delete_private_message", tail[0].Action)
	})
}

func TestBlocksStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Blocks()
		require.NoError(t, s.Block(ctx, 1, 2))
		require.NoError(t, s.Block(ctx, 1, 2), "blocking twice is harmless")
		blocks, err := s.Blocks(ctx, 1, 2)
		require.NoError(t, err)
		assert.True(t, blocks)
		blocks, err = s.Blocks(ctx, 2, 1)
		require.NoError(t, err)
		assert.False(t, blocks)
		require.NoError(t, s.Unblock(ctx, 1, 2))
		blocks, err = s.Blocks(ctx, 1, 2)
		require.NoError(t, err)
		assert.False(t, blocks)
	})
}

// TestInboxConcurrentSendsAndReads sends and reads concurrently in both
// directions: every inbox stays gapless and the last event of each member
// carries the counters the store holds at the end.
func TestInboxConcurrentSendsAndReads(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Messages()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]
		var wg sync.WaitGroup
		for i := range 20 {
			from, to := ann, bob
			if i%2 == 1 {
				from, to = bob, ann
			}
			wg.Go(func() {
				m := PrivateMessage{FromID: from, ToID: to, Content: fmt.Sprint("m", i), IdemKey: strconv.Itoa(i)}
				_, _, err := s.Send(ctx, &m, countsEvent(to, from, "private_message"), countsEvent(from, to, "private_message"))
				assert.NoError(t, err)
			})
			wg.Go(func() {
				_, _, err := s.MarkRead(ctx, to, from, countsEvent(to, from, "unread"))
				assert.NoError(t, err)
			})
		}
		wg.Wait()
		for _, user := range ids {
			peer := ann + bob - user
			inbox, err := db.Inbox().Since(ctx, user, 0, 1000)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(inbox), 20)
			for i, e := range inbox {
				require.Equal(t, int64(i+1), e.Seq, "gapless")
			}
			truth, err := db.Inbox().Counts(ctx, user, peer)
			require.NoError(t, err)
			var last map[string]int
			require.NoError(t, json.Unmarshal(inbox[len(inbox)-1].Data, &last))
			assert.Equal(t, truth.Messages, last["messages"], "the newest event carries the store's count")
			assert.Equal(t, truth.Conversation, last["conversation"])
		}
	})
}

// TestMessagesParties: both members of a send in one read, with the block
// either way, and ErrNotFound when one does not exist.
func TestMessagesParties(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]
		from, to, blocked, err := db.Messages().Parties(ctx, ann, bob)
		require.NoError(t, err)
		assert.Equal(t, "ann", from.Name)
		assert.Equal(t, "bob", to.Name)
		assert.False(t, blocked)
		require.NoError(t, db.Blocks().Block(ctx, bob, ann))
		for _, pair := range [][2]int64{{ann, bob}, {bob, ann}} {
			_, _, blocked, err = db.Messages().Parties(ctx, pair[0], pair[1])
			require.NoError(t, err)
			assert.True(t, blocked, "a block counts either way")
		}
		require.NoError(t, db.Blocks().Unblock(ctx, bob, ann))
		_, _, blocked, err = db.Messages().Parties(ctx, ann, bob)
		require.NoError(t, err)
		assert.False(t, blocked, "unblocked")
		_, _, _, err = db.Messages().Parties(ctx, ann, bob+1000)
		assert.ErrorIs(t, err, ErrNotFound)
		_, _, _, err = db.Messages().Parties(ctx, bob+1000, ann)
		assert.ErrorIs(t, err, ErrNotFound)
	})
}

// TestMessagesPipelinedSendOneConnection: on PostgreSQL a send is one
// transaction in two round trips; over a single connection, a send refused
// at its first statement (a used key) or at its last (an event that cannot
// be stored) rolls everything back and leaves the connection usable.
func TestMessagesPipelinedSendOneConnection(t *testing.T) {
	t.Parallel()
	if os.Getenv(pgtest.Env) == "" {
		t.Skip(pgtest.Env + " not set")
	}
	ctx := t.Context()
	url := pgtest.NewDatabase(t)
	migrated, err := Open(ctx, Config{DataDir: t.TempDir(), URL: url})
	require.NoError(t, err)
	require.NoError(t, migrated.Migrate(ctx))
	require.NoError(t, migrated.Close())
	db, err := Open(ctx, Config{DataDir: t.TempDir(), URL: url, MaxConns: 1})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	ids := newMembers(t, db, "ann", "bob")
	ann, bob := ids[0], ids[1]
	send := func(key string, writes ...InboxWrite) (PrivateMessage, []InboxEvent, bool, error) {
		m := PrivateMessage{FromID: ann, ToID: bob, Content: key, IdemKey: key}
		events, replayed, err := db.Messages().Send(ctx, &m, writes...)
		return m, events, replayed, err
	}
	first, events, _, err := send("k1", countsEvent(bob, ann, "private_message"), countsEvent(ann, bob, "private_message"))
	require.NoError(t, err)
	require.Len(t, events, 2)

	again, events, replayed, err := send("k1", countsEvent(bob, ann, "private_message"))
	require.NoError(t, err)
	assert.True(t, replayed)
	assert.Empty(t, events)
	assert.Equal(t, first.ID, again.ID)

	bad := InboxWrite{UserID: bob, Action: "private_message", Payload: func(Counts) ([]byte, error) {
		return []byte(`{"text":"` + strings.Repeat("x", 10) + "\u0000" + `"}`), nil
	}}
	_, _, _, err = send("k2", bad)
	require.Error(t, err, "PostgreSQL refuses a NUL in text")

	_, events, _, err = send("k3", countsEvent(bob, ann, "private_message"))
	require.NoError(t, err, "the connection is usable after both refusals")
	require.Len(t, events, 1)
	assert.Equal(t, int64(2), events[0].Seq, "the refused send gave its number back")
	list, err := db.Messages().Conversation(ctx, ann, bob, 0, 10)
	require.NoError(t, err)
	assert.Len(t, list, 2, "k1 and k3, not k2")
}

// TestInboxManyWrites: one change appends several events to one member
// (consecutive numbers, in the order of the writes) and more events than
// one statement carries; each gets the counters after the change, in the
// writes' order.
func TestInboxManyWrites(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]
		m := PrivateMessage{FromID: ann, ToID: bob, Content: "first", IdemKey: "first"}
		_, _, err := db.Messages().Send(ctx, &m, countsEvent(bob, ann, "private_message"))
		require.NoError(t, err)

		writes := []InboxWrite{countsEvent(bob, ann, "a"), countsEvent(ann, 0, "b"), countsEvent(bob, 0, "c")}
		for range inboxChunk + 50 {
			writes = append(writes, countsEvent(ann, bob, "d"))
		}
		writes = append(writes, countsEvent(bob, ann, "e"))
		m = PrivateMessage{FromID: ann, ToID: bob, Content: "second", IdemKey: "second"}
		events, _, err := db.Messages().Send(ctx, &m, writes...)
		require.NoError(t, err)
		require.Len(t, events, len(writes))
		next := map[int64]int64{ann: 1, bob: 2}
		for i, e := range events {
			assert.Equal(t, writes[i].UserID, e.UserID)
			assert.Equal(t, writes[i].Action, e.Action)
			assert.Equal(t, next[e.UserID], e.Seq, "event %d", i)
			next[e.UserID]++
		}
		assert.JSONEq(t, `{"seq":2,"messages":2,"notifications":0,"conversation":2}`, string(events[0].Data))
		assert.JSONEq(t, `{"seq":1,"messages":0,"notifications":0,"conversation":0}`, string(events[1].Data))
		assert.JSONEq(t, `{"seq":3,"messages":2,"notifications":0,"conversation":0}`, string(events[2].Data), "peer 0 counts no conversation")
		last := events[len(events)-1]
		assert.JSONEq(t, `{"seq":4,"messages":2,"notifications":0,"conversation":2}`, string(last.Data))
		for _, user := range ids {
			inbox, err := db.Inbox().Since(ctx, user, 0, 1000)
			require.NoError(t, err)
			require.Len(t, inbox, int(next[user]-1))
			for i, e := range inbox {
				require.Equal(t, int64(i+1), e.Seq, "gapless")
			}
		}
		seq, err := db.Inbox().LastSeq(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, int64(inboxChunk+51), seq)
	})
}

// TestInboxPrune: old events go, oldest first and in batches; the members'
// numbering goes on, and what is left starts after a gap.
func TestInboxPrune(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]
		for i := range 3 {
			m := PrivateMessage{FromID: ann, ToID: bob, Content: fmt.Sprint("m", i), IdemKey: fmt.Sprint("k", i)}
			_, _, err := db.Messages().Send(ctx, &m, countsEvent(bob, ann, "private_message"), countsEvent(ann, bob, "private_message"))
			require.NoError(t, err)
		}
		_, err := db.write.ExecContext(ctx, `UPDATE inbox_events SET created_at = 1000 + seq WHERE seq <= 2 AND user_id = $1`, bob)
		require.NoError(t, err)
		_, err = db.write.ExecContext(ctx, `UPDATE inbox_events SET created_at = 1500 WHERE seq = 1 AND user_id = $1`, ann)
		require.NoError(t, err)

		n, err := db.Inbox().Prune(ctx, 2000, 2)
		require.NoError(t, err)
		assert.Equal(t, int64(2), n, "a batch at a time")
		n, err = db.Inbox().Prune(ctx, 2000, 2)
		require.NoError(t, err)
		assert.Equal(t, int64(1), n)
		n, err = db.Inbox().Prune(ctx, 2000, 2)
		require.NoError(t, err)
		assert.Zero(t, n, "the recent events stay")

		left, err := db.Inbox().Since(ctx, bob, 0, 10)
		require.NoError(t, err)
		require.Len(t, left, 1)
		assert.Equal(t, int64(3), left[0].Seq, "after a gap")
		last, err := db.Inbox().LastSeq(ctx, bob)
		require.NoError(t, err)
		assert.Equal(t, int64(3), last)
		m := PrivateMessage{FromID: ann, ToID: bob, Content: "after", IdemKey: "k-after"}
		events, _, err := db.Messages().Send(ctx, &m, countsEvent(bob, ann, "private_message"))
		require.NoError(t, err)
		assert.Equal(t, int64(4), events[0].Seq, "the numbering goes on")
		annLeft, err := db.Inbox().Since(ctx, ann, 0, 10)
		require.NoError(t, err)
		assert.Len(t, annLeft, 2)
	})
}

// TestMessagesSendsShareTransactions: sends that wait together are stored
// in one transaction, each member's events numbered without gaps and each
// given the counters after it; a used key in the group makes every send
// go alone, the replay answered with the first message and the others
// stored once.
func TestMessagesSendsShareTransactions(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		ids := newMembers(t, db, "ann", "bob", "cid", "dee")
		s, w := db.Messages(), db.sends
		type sent struct {
			m        PrivateMessage
			events   []InboxEvent
			replayed bool
			err      error
		}
		sendAll := func(keys ...string) []sent {
			w.hold()
			out := make([]sent, len(keys))
			var wg sync.WaitGroup
			for i, key := range keys {
				wg.Go(func() {
					from, to := ids[i%len(ids)], ids[(i+1)%len(ids)]
					out[i].m = PrivateMessage{FromID: from, ToID: to, Content: key, IdemKey: key}
					out[i].events, out[i].replayed, out[i].err = s.Send(ctx, &out[i].m,
						countsEvent(to, from, "private_message"), countsEvent(from, to, "private_message"))
				})
			}
			require.Eventually(t, func() bool { return w.queued() == len(keys) }, 10*time.Second, time.Millisecond)
			w.release()
			wg.Wait()
			return out
		}
		tx0 := w.transactions.Load()
		var keys []string
		for i := range 12 {
			keys = append(keys, fmt.Sprint("share-", i))
		}
		first := sendAll(keys...)
		assert.EqualValues(t, 1, w.transactions.Load()-tx0, "the 12 sends share one transaction")
		for i, r := range first {
			require.NoError(t, r.err, "send %d", i)
			require.False(t, r.replayed)
			require.Len(t, r.events, 2)
			assert.Equal(t, r.m.ToID, r.events[0].UserID, "the send's own events, in its writes' order")
			assert.Equal(t, r.m.FromID, r.events[1].UserID)
			// Each member got 3 of the 12 messages, one from each neighbour
			// in the ring; the counters are those after the transaction.
			assert.JSONEq(t, `{"seq":`+strconv.FormatInt(r.events[0].Seq, 10)+`,"messages":3,"notifications":0,"conversation":3}`,
				string(r.events[0].Data), "send %d", i)
		}

		tx0 = w.transactions.Load()
		second := sendAll("share-3", "again-1", "again-2")
		assert.EqualValues(t, 2, w.transactions.Load()-tx0, "the shared transaction refused: the two new sends alone, the replay in none")
		assert.True(t, second[0].replayed)
		assert.Equal(t, first[3].m.ID, second[0].m.ID, "the replay answers the first message")
		assert.Empty(t, second[0].events)
		for _, r := range second[1:] {
			require.NoError(t, r.err)
			require.False(t, r.replayed)
			require.Len(t, r.events, 2)
		}
		for _, user := range ids {
			gaplessInbox(t, db, user) // no number lost to the refused transaction
		}
		var stored int
		require.NoError(t, db.write.QueryRowContext(ctx, `SELECT COUNT(*) FROM private_messages`).Scan(&stored))
		assert.Equal(t, 14, stored, "each message once")
	})
}
