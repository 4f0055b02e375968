package follow

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/persistence"
)

// fakeLocator is the session grains: the members with connections, and the
// looks taken.
type fakeLocator struct {
	mu     sync.Mutex
	nodes  map[int64]map[string]int
	looks  int
	broken bool
}

func (l *fakeLocator) Nodes(_ context.Context, userID int64) (map[string]int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.looks++
	if l.broken {
		return nil, errors.New("grain out of reach")
	}
	return l.nodes[userID], nil
}

func TestOnline(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
		loc := &fakeLocator{nodes: map[int64]map[string]int{ann: {"a": 2}, bob: {"a": 0}}}
		now := time.UnixMilli(1_800_000_000_000)
		s := New(Config{DB: db, Presence: loc, Now: func() time.Time { return now }})
		reg := action.NewRegistry()
		s.Register(reg)
		guest := apptest.As(0)

		raw, err := reg.Call(guest, "profile.online", json.RawMessage(`{"userId": "`+strconv.FormatInt(ann, 10)+`"}`))
		require.NoError(t, err)
		assert.True(t, raw.(OnlineReply).Online.Online, "a guest sees the dot")
		out, err := s.Online(apptest.As(bob), OnlineInput{UserID: action.ID(bob)})
		require.NoError(t, err)
		assert.False(t, out.Online.Online, "no connection left on a node")

		// Within OnlineFresh a node answers from its last look.
		loc.nodes[ann] = nil
		out, err = s.Online(guest, OnlineInput{UserID: action.ID(ann)})
		require.NoError(t, err)
		assert.True(t, out.Online.Online)
		assert.Equal(t, 2, loc.looks, "one look per member and period")
		now = now.Add(OnlineFresh)
		out, err = s.Online(guest, OnlineInput{UserID: action.ID(ann)})
		require.NoError(t, err)
		assert.False(t, out.Online.Online, "a look again after the period")

		now = now.Add(OnlineFresh)
		loc.broken = true
		out, err = s.Online(guest, OnlineInput{UserID: action.ID(ann)})
		require.NoError(t, err, "the dot is a hint: an unreachable session is offline")
		assert.False(t, out.Online.Online)

		_, err = s.Online(guest, OnlineInput{UserID: 4242})
		apptest.RequireKey(t, err, "common.error.userNotFound")
		_, err = s.Online(guest, OnlineInput{})
		apptest.RequireKey(t, err, "common.error.required")

		alone := New(Config{DB: db})
		out, err = alone.Online(guest, OnlineInput{UserID: action.ID(ann)})
		require.NoError(t, err)
		assert.False(t, out.Online.Online, "without sessions nobody is online")
		assert.Equal(t, strconv.FormatInt(ann, 10), out.Online.UserID)
	})
}
