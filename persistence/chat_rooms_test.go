package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChatRoomsStore(t *testing.T) {
	eachDB(t, func(t *testing.T, db *DB) {
		rooms := db.ChatRooms()
		ok, err := rooms.Exists(t.Context(), "chat")
		require.NoError(t, err)
		assert.True(t, ok, "the default room always exists")
		ok, err = rooms.Exists(t.Context(), "lobby")
		require.NoError(t, err)
		assert.False(t, ok)

		created, err := rooms.Create(t.Context(), "lobby")
		require.NoError(t, err)
		assert.True(t, created)
		created, err = rooms.Create(t.Context(), "lobby")
		require.NoError(t, err)
		assert.False(t, created, "creating it again does nothing")
		ok, err = rooms.Exists(t.Context(), "lobby")
		require.NoError(t, err)
		assert.True(t, ok)

		require.NoError(t, rooms.CreateAll(t.Context(), []string{"lobby", "a", "b"}))
		for _, name := range []string{"a", "b"} {
			ok, err = rooms.Exists(t.Context(), name)
			require.NoError(t, err)
			assert.True(t, ok, name)
		}
	})
}
