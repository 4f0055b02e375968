package bench

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRoomsPerConnLayout: every room gets exactly --members distinct
// users, every connection K distinct rooms (the last one fewer when the
// pairs do not divide).
func TestRoomsPerConnLayout(t *testing.T) {
	t.Parallel()
	for _, c := range [][3]int{{5000, 4, 4}, {6, 4, 3}, {5, 3, 2}, {4, 4, 4}, {7, 5, 3}} {
		rooms, members, k := c[0], c[1], c[2]
		o := &Options{Rooms: rooms, Members: members, RoomsPerConn: k}
		conns := o.chatConns()
		inRoom := make([]map[int]bool, rooms)
		ofConn := make([]map[int]bool, conns)
		for i := range rooms * members {
			room, conn := pairLayout(i, rooms, k)
			require.Less(t, conn, conns)
			if inRoom[room] == nil {
				inRoom[room] = map[int]bool{}
			}
			if ofConn[conn] == nil {
				ofConn[conn] = map[int]bool{}
			}
			assert.False(t, inRoom[room][conn], "%v: connection %d twice in room %d", c, conn, room)
			assert.False(t, ofConn[conn][room], "%v: room %d twice on connection %d", c, room, conn)
			inRoom[room][conn], ofConn[conn][room] = true, true
		}
		for room, us := range inRoom {
			assert.Len(t, us, members, "%v: room %d", c, room)
		}
		for conn, rs := range ofConn {
			if conn < conns-1 || rooms*members%k == 0 {
				assert.Len(t, rs, k, "%v: connection %d", c, conn)
			}
		}
	}
}

// TestRoomOfRoutesByRoom: a frame goes to the pair of the room it names,
// whatever the message or the sender's name holds.
func TestRoomOfRoutesByRoom(t *testing.T) {
	t.Parallel()
	var ms []*member
	for _, name := range []string{"bench-1", "bench-10", "bench-100"} {
		ms = append(ms, &member{room: &chatRoom{name: name}})
	}
	msg := `{"action":"chat_room","data":{"id":"1","action":"chat_room","message":"t1.2 \"room\":\"bench-1\"","created_at":1,` +
		`"user":{"name":"x\"room\":\"bench-1","gqSlug":"","avatar":{"url":""},"databaseId":"7"},"room":"bench-10","seq":3}}`
	assert.Same(t, ms[1], roomOf(ms, []byte(msg)))
	join := `{"action":"join_success","data":{"action":"join_room","room":"bench-100","online":4,"lastSeq":0,"user":{"name":"a"},"self":true}}`
	assert.Same(t, ms[2], roomOf(ms, []byte(join)))
	assert.Nil(t, roomOf(ms, []byte(`{"action":"chat_room","data":{"room":"bench-2","seq":1}}`)))
}

// TestChatRoomsPerConnSmoke: 6 rooms × 4 members over 8 connections of 3
// rooms each; every pair gets every message of its room once.
func TestChatRoomsPerConnSmoke(t *testing.T) {
	t.Parallel()
	rep, _ := smoke(t, "chat", "--rooms", "6", "--members", "4", "--rooms-per-conn", "3", "--rate", "8",
		"--ramp", "0", "--duration", "3s", "--size", "64")
	require.NotNil(t, rep.Lost)
	assert.Zero(t, *rep.Lost, "nothing lost")
	assert.Zero(t, *rep.Duplicated, "nothing duplicated")
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	require.NotNil(t, rep.Connection)
	assert.EqualValues(t, 8, rep.Connection.Opened, "6 × 4 pairs, 3 a connection")
	assert.EqualValues(t, 3, rep.Params["rooms_per_conn"])
	require.NotNil(t, rep.Listeners)
	assert.Equal(t, 24, rep.Listeners.Count, "a listener per (room, member)")
	assert.Zero(t, rep.Listeners.OutOfOrder)
	// 8 messages/s in rooms of 4: each reaches the other 3 members and
	// the sender's own pair, so about 4 deliveries a message.
	assert.Greater(t, rep.DeliveriesPerS, rep.MessagesPerS*3)
	assert.InDelta(t, 8, rep.MessagesPerS, 3)
	seen := map[string]int{}
	for _, l := range rep.Listeners.Clients {
		seen[l.Room]++
	}
	for i := range 6 {
		assert.Equal(t, 4, seen["bench-"+strconv.Itoa(i+1)], "room %d has 4 members", i+1)
	}
}

func TestRoomsPerConnRefused(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"chat", "--rooms-per-conn", "0"},
		{"chat", "--rooms", "100", "--rooms-per-conn", "25"},
		{"chat", "--rooms", "2", "--rooms-per-conn", "3"},
		{"scale", "--rooms", "4", "--rooms-per-conn", "2"},
	} {
		var stderr bytes.Buffer
		err := Main(context.Background(), args, Env{Stdout: &bytes.Buffer{}, Stderr: &stderr})
		assert.ErrorIs(t, err, ErrUsage, "%v", args)
		assert.NotEmpty(t, stderr.String(), "%v says why", args)
	}
}
