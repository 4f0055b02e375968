package persistence

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTicketsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Tickets()
		ann, root := newMember(t, db, "ann"), newMember(t, db, "root")
		u, err := db.Users().Get(ctx, root)
		require.NoError(t, err)
		u.IsAdmin = true
		require.NoError(t, db.Users().Update(ctx, u))
		staff, err := s.Staff(ctx, 10)
		require.NoError(t, err)
		assert.Equal(t, []int64{root}, staff)

		create := func(key string, at int64) (Ticket, TicketMessage, bool, error) {
			tk := Ticket{UserID: ann, CreationKey: key, Subject: "Help " + key, Category: "order", LastMessage: "hi",
				CreatedAt: at}
			m := TicketMessage{AuthorID: ann, CreationKey: key, Content: "hi", Attachments: []string{"/api/media/1/a.png"},
				CreatedAt: at}
			created, err := s.CreateTicket(ctx, &tk, &m, 2)
			return tk, m, created, err
		}
		t1, m1, created, err := create("1:a", 100)
		require.NoError(t, err)
		assert.True(t, created)
		assert.Equal(t, TicketOpen, t1.Status)
		again, m, created, err := create("1:a", 150)
		require.NoError(t, err)
		assert.False(t, created, "a retry")
		assert.Equal(t, t1, again)
		assert.Equal(t, m1, m)
		got, err := s.Get(ctx, t1.ID)
		require.NoError(t, err)
		assert.Equal(t, t1, got)

		t2, _, _, err := create("1:b", 200)
		require.NoError(t, err)
		_, _, _, err = create("1:c", 300)
		require.ErrorIs(t, err, ErrTicketLimit)

		// A staff answer, then the member's reply.
		staffMsg := TicketMessage{TicketID: t1.ID, AuthorID: root, CreationKey: "2:r1", Staff: true, Content: "on it",
			CreatedAt: 400}
		tk, created, err := s.Reply(ctx, &staffMsg, TicketAnswered, "on it")
		require.NoError(t, err)
		assert.True(t, created)
		assert.Equal(t, TicketAnswered, tk.Status)
		assert.Equal(t, int64(400), tk.UpdatedAt)
		assert.Equal(t, root, tk.LastAuthorID)
		retry := TicketMessage{TicketID: t1.ID, AuthorID: root, CreationKey: "2:r1", Staff: true, Content: "on it",
			CreatedAt: 500}
		_, created, err = s.Reply(ctx, &retry, TicketAnswered, "on it")
		require.NoError(t, err)
		assert.False(t, created)
		assert.Equal(t, staffMsg.ID, retry.ID)

		list, err := s.List(ctx, ann, "", TicketCursor{}, 10)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, []int64{t1.ID, t2.ID}, []int64{list[0].ID, list[1].ID}, "most recently updated first")
		list, err = s.List(ctx, 0, TicketAnswered, TicketCursor{}, 10)
		require.NoError(t, err)
		require.Len(t, list, 1)
		list, err = s.List(ctx, ann, "", TicketCursor{UpdatedAt: tk.UpdatedAt, ID: tk.ID}, 10)
		require.NoError(t, err)
		require.Len(t, list, 1)
		assert.Equal(t, t2.ID, list[0].ID)

		msgs, err := s.Messages(ctx, t1.ID, 0, 10)
		require.NoError(t, err)
		require.Len(t, msgs, 2)
		assert.Equal(t, []string{"/api/media/1/a.png"}, msgs[0].Attachments)
		assert.True(t, msgs[1].Staff)
		msgs, err = s.Messages(ctx, t1.ID, msgs[0].ID, 10)
		require.NoError(t, err)
		require.Len(t, msgs, 1)

		require.NoError(t, s.MarkRead(ctx, t1.ID, 450))
		closed, changed, err := s.Close(ctx, t1.ID, 600)
		require.NoError(t, err)
		assert.True(t, changed)
		assert.Equal(t, TicketClosed, closed.Status)
		assert.Equal(t, int64(450), closed.OwnerReadAt)
		_, changed, err = s.Close(ctx, t1.ID, 700)
		require.NoError(t, err)
		assert.False(t, changed)
		_, _, err = s.Close(ctx, 404, 700)
		require.ErrorIs(t, err, ErrNotFound)
		late := TicketMessage{TicketID: t1.ID, AuthorID: ann, CreationKey: "1:late", Content: "x", CreatedAt: 800}
		_, _, err = s.Reply(ctx, &late, TicketOpen, "x")
		require.ErrorIs(t, err, ErrConflict, "a closed ticket takes no reply")
		lost := TicketMessage{TicketID: 404, AuthorID: ann, CreationKey: "1:lost", Content: "x", CreatedAt: 800}
		_, _, err = s.Reply(ctx, &lost, TicketOpen, "x")
		require.ErrorIs(t, err, ErrNotFound)
		msgs, _ = s.Messages(ctx, t1.ID, 0, 10)
		assert.Len(t, msgs, 2, "nothing half-written")

		// Closing one frees a place; concurrent creations never pass the limit.
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for _, key := range []string{"1:d", "1:e", "1:f"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, created, err := create(key, 900)
				if err == nil && created {
					mu.Lock()
					ok++
					mu.Unlock()
				} else if err != nil {
					assert.ErrorIs(t, err, ErrTicketLimit)
				}
			}()
		}
		wg.Wait()
		assert.Equal(t, 1, ok)
	})
}
