package chat

import (
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

// growthRecorder records the awards asked for.
type growthRecorder struct {
	mu     sync.Mutex
	awards []string // guarded by mu: the reasons awarded
}

func (g *growthRecorder) Award(_ int64, reason string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.awards = append(g.awards, reason)
}

// TestSendAwardsGrowth: an accepted message earns the sender chat points;
// a refused one earns none. (account.Awards writes them behind the
// message; TestAwardsBatch covers its failures.)
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
	ack, err := s.ChatRoom(as(ann.ID, "chat"), ChatRoomInput{Room: "growth", Message: "in a room", ClientID: "g2"})
	require.NoError(t, err)
	assert.Equal(t, "g2", ack.ClientID)
	assert.Equal(t, []string{GrowthReason, GrowthReason}, growth.awards)
}
