package messages

import (
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/notify"
	"souk/persistence"
)

// growthRecorder records the awards asked for.
type growthRecorder struct {
	mu     sync.Mutex
	awards []int64 // guarded by mu: the members awarded
}

func (g *growthRecorder) Award(userID int64, reason string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if reason == GrowthReason {
		g.awards = append(g.awards, userID)
	}
}

func (g *growthRecorder) take() []int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := g.awards
	g.awards = nil
	return out
}

// TestSendAwardsGrowth: a message sent earns its sender points once (a
// replayed clientId earns nothing more).
func TestSendAwardsGrowth(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		growth := &growthRecorder{}
		s := New(Config{DB: db, Notify: notify.New(notify.Config{DB: db, Sessions: &apptest.Sessions{}}), Growth: growth,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
		ctx := apptest.As(ann, Capability)

		_, err := s.SendMessage(ctx, SendMessageInput{ToID: action.ID(ann), Content: "me"})
		apptest.RequireKey(t, err, "message.error.self")
		assert.Empty(t, growth.take(), "a refused message earns nothing")

		in := SendMessageInput{ToID: action.ID(bob), Content: "hi", ClientID: "m1"}
		_, err = s.SendMessage(ctx, in)
		require.NoError(t, err)
		_, err = s.SendMessage(ctx, in)
		require.NoError(t, err)
		assert.Equal(t, []int64{ann}, growth.take(), "the sender, once for a replayed clientId")
	})
}
