package push

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/persistence"
)

// TestPushOwners: once the node has read who has devices, an event for a
// member without one costs nothing (no burst is gathered); a device
// subscribed elsewhere is seen at the next read, and one subscribed on this
// node at once.
func TestPushOwners(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		flaky := newFlakyService(t, nil)
		s := New(Config{DB: db, Presence: &focusedSet{}, Debounce: 20 * time.Millisecond, AllowLoopback: true,
			Client: flaky.srv.Client()})
		ann, bob, cid := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob"), apptest.Member(t, db, "cid")
		assert.True(t, s.owners.has(bob), "before the first read every member may have a device")

		subscribe(t, db, bob, flaky.srv.URL+"/bob")
		require.NoError(t, s.owners.refresh(t.Context(), db, time.Now()))
		assert.True(t, s.owners.has(bob))
		assert.False(t, s.owners.has(cid))

		s.Event(cid, eventPrivateMessage, messageData(cid, ann))
		s.mu.Lock()
		gathered := len(s.pending)
		s.mu.Unlock()
		assert.Zero(t, gathered, "no burst for a member without devices")

		subscribe(t, db, cid, flaky.srv.URL+"/cid") // on another node
		require.NoError(t, s.owners.refresh(t.Context(), db, time.Now()))
		assert.True(t, s.owners.has(cid), "seen at the next read")

		s.Event(bob, eventPrivateMessage, messageData(bob, ann))
		s.Close()
		assert.Equal(t, 1, flaky.hitsOf("/bob"))
	})
}
