package actors

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/cluster"
)

// TestSessionFocused: the session grain knows whether a member has a
// focused page on some node, from each node's counts.
func TestSessionFocused(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ctx := t.Context()
	sessions := sys.Sessions()

	focused, err := sessions.Focused(ctx, 9)
	require.NoError(t, err)
	assert.False(t, focused, "not connected")
	require.NoError(t, sessions.AttachFocused(ctx, 9, 2, 0))
	focused, err = sessions.Focused(ctx, 9)
	require.NoError(t, err)
	assert.False(t, focused, "connected, nothing focused")
	require.NoError(t, sessions.AttachFocused(ctx, 9, 2, 1))
	focused, err = sessions.Focused(ctx, 9)
	require.NoError(t, err)
	assert.True(t, focused)
	nodes, err := sessions.Nodes(ctx, 9)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"solo": 2}, nodes, "focus does not change the counts")
	require.NoError(t, sessions.Attach(ctx, 9, 1))
	focused, err = sessions.Focused(ctx, 9)
	require.NoError(t, err)
	assert.False(t, focused, "a count without focus clears it")
	require.NoError(t, sessions.AttachFocused(ctx, 9, 1, 1))
	require.NoError(t, sessions.Detach(ctx, 9))
	focused, err = sessions.Focused(ctx, 9)
	require.NoError(t, err)
	assert.False(t, focused, "detached")
}

// TestSessionOnDeliver: the session grains tell the hook of each event
// they route, once even when the delivery is retried.
func TestSessionOnDeliver(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ctx := t.Context()
	got := make(chan string, 4)
	sys.Sessions().OnDeliver(func(userID int64, action string, data []byte) {
		got <- fmt.Sprintf("%d %s %s", userID, action, data)
	})
	for range 2 {
		_, err := sys.Sessions().Deliver(ctx, 5, "k1", "notification", []byte(`{"a":1}`))
		require.NoError(t, err)
	}
	assert.Equal(t, `5 notification {"a":1}`, <-got, "told although nobody is connected")
	assert.Empty(t, got, "a retried delivery is told once")
	sys.Sessions().OnDeliver(nil)
	_, err := sys.Sessions().Deliver(ctx, 5, "k2", "notification", []byte(`{"a":2}`))
	require.NoError(t, err)
	assert.Empty(t, got)
}
