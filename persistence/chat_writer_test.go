package persistence

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChatWriterSharesTransactions: the group commits of many rooms that
// wait together are stored in one transaction, every message once; a call
// that conflicts (a taken sequence number, a used key) is refused alone
// while the calls it shared the transaction with are stored.
func TestChatWriterSharesTransactions(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		author := User{Name: "Wu", Slug: "wu", AvatarURL: "/w.png", LevelKey: "lv1"}
		require.NoError(t, db.Users().Create(ctx, &author))
		s := db.Chat()
		msg := func(room string, seq int, key string) *ChatEvent {
			return &ChatEvent{Room: room, Seq: int64(seq), Kind: ChatKindMessage, UserID: author.ID, Message: key, IdemKey: key}
		}
		require.NoError(t, s.AppendMessages(ctx, []*ChatEvent{msg("w-taken", 1, "taken-1")}))

		// The writer is held as if busy with a transaction, so that every
		// call below waits for the next one.
		w := db.chat
		w.hold()
		txBefore, msgBefore := db.ChatWrites()
		const rooms = 40
		var wg sync.WaitGroup
		errs := make([]error, rooms)
		for r := range rooms {
			wg.Go(func() {
				room := fmt.Sprintf("w-%d", r)
				errs[r] = s.AppendMessages(ctx, []*ChatEvent{msg(room, 1, room+"-1"), msg(room, 2, room+"-2")})
			})
		}
		var taken, used error
		wg.Go(func() { taken = s.AppendMessages(ctx, []*ChatEvent{msg("w-taken", 1, "again")}) })
		wg.Go(func() { used = s.AppendMessages(ctx, []*ChatEvent{msg("w-used", 1, "taken-1")}) })
		require.Eventually(t, func() bool { return w.queued() == rooms+2 }, 10*time.Second, time.Millisecond)
		w.release()
		wg.Wait()

		for r, err := range errs {
			require.NoError(t, err, "room %d", r)
			last, err := s.LastSeq(ctx, fmt.Sprintf("w-%d", r))
			require.NoError(t, err)
			require.EqualValues(t, 2, last)
		}
		require.ErrorIs(t, taken, ErrConflict, "a taken sequence number is refused")
		require.ErrorIs(t, used, ErrConflict, "a used key is refused")
		txAfter, msgAfter := db.ChatWrites()
		assert.EqualValues(t, rooms*2, msgAfter-msgBefore, "every message counted once")
		assert.EqualValues(t, rooms, txAfter-txBefore, "the shared transaction was refused: each call in its own")

		// Without a conflict, the waiting calls share one transaction.
		w.hold()
		txBefore, _ = db.ChatWrites()
		for r := range rooms {
			wg.Go(func() {
				room := fmt.Sprintf("w-%d", r)
				errs[r] = s.AppendMessages(ctx, []*ChatEvent{msg(room, 3, room+"-3")})
			})
		}
		require.Eventually(t, func() bool { return w.queued() == rooms }, 10*time.Second, time.Millisecond)
		w.release()
		wg.Wait()
		for r, err := range errs {
			require.NoError(t, err, "room %d", r)
		}
		txAfter, _ = db.ChatWrites()
		assert.EqualValues(t, 1, txAfter-txBefore, "one transaction for the %d rooms", rooms)
	})
}
