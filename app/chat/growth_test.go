package chat

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

// growthRecorder records the awards asked for; with fail set it refuses them.
type growthRecorder struct {
	mu     sync.Mutex
	awards []string // guarded by mu: the reasons awarded
	fail   bool
}

func (g *growthRecorder) Award(_ context.Context, userID int64, reason string) (int64, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.fail {
		return 0, errors.New("growth store down")
	}
	g.awards = append(g.awards, reason)
	return 1, nil
}

// TestSendAwardsGrowth: an accepted message earns the sender chat points;
// a refused one earns none, and a failing award never fails the message.
func TestSendAwardsGrowth(t *testing.T) {
	_, db, sys := newServiceSystem(t)
	growth := &growthRecorder{}
	s := New(Config{DB: db, Rooms: sys.Rooms(), Secret: []byte("0123456789abcdef0123456789abcdef"), MemberLimit: -1,
		Growth: growth, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ann := persistence.User{Name: "Ann", Slug: "ann", LevelKey: "lv2"}
	require.NoError(t, db.Users().Create(t.Context(), &ann))
	require.NoError(t, s.CreateRoom(t.Context(), "growth"))

	_, err := s.SendChat(as(ann.ID), SendChatInput{Text: "no right"})
	require.Error(t, err)
	_, err = s.SendChat(as(ann.ID, "chat"), SendChatInput{Text: "  "})
	require.ErrorIs(t, err, ErrEmpty)
	assert.Empty(t, growth.awards, "refused messages earn nothing")

	_, err = s.SendChat(as(ann.ID, "chat"), SendChatInput{Text: "hello", ClientID: "g1"})
	require.NoError(t, err)
	assert.Equal(t, []string{GrowthReason}, growth.awards)

	growth.fail = true
	ack, err := s.ChatRoom(as(ann.ID, "chat"), ChatRoomInput{Room: "growth", Message: "still sent", ClientID: "g2"})
	require.NoError(t, err, "a failed award does not fail the message")
	assert.Equal(t, "g2", ack.ClientID)
}
