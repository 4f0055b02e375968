package ws

import (
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGroupsFirstAndLast(t *testing.T) {
	t.Parallel()
	g := NewGroups()
	a, b := &Conn{id: 1}, &Conn{id: 2}
	steps := []struct {
		name string
		do   func() bool
		want bool
	}{
		{
			name: "first member subscribes",
			do:   func() bool { return g.Add("room", a) },
			want: true,
		},
		{
			name: "second member does not",
			do:   func() bool { return g.Add("room", b) },
			want: false,
		},
		{
			name: "adding twice is not first",
			do:   func() bool { return g.Add("room", a) },
			want: false,
		},
		{
			name: "removing one of two is not last",
			do:   func() bool { return g.Remove("room", a) },
			want: false,
		},
		{
			name: "removing a non-member is not last",
			do:   func() bool { return g.Remove("room", a) },
			want: false,
		},
		{
			name: "removing the last member unsubscribes",
			do:   func() bool { return g.Remove("room", b) },
			want: true,
		},
		{
			name: "an emptied group starts again",
			do:   func() bool { return g.Add("room", b) },
			want: true,
		},
	}
	for _, s := range steps {
		if got := s.do(); got != s.want {
			t.Fatalf(
				"%s: got %v, want %v",
				s.name, got, s.want)
		}
	}
	if n := g.Members("room"); n != 1 {
		t.Fatalf(
			"members: %d",
			n)
	}
}

func TestGroupsRemoveAll(t *testing.T) {
	t.Parallel()
	g := NewGroups()
	a, b := &Conn{id: 1}, &Conn{id: 2}
	g.Add("shared", a)
	g.Add("shared", b)
	g.Add("alone", a)
	g.Add("user:1", a)
	emptied := g.RemoveAll(a)
	slices.Sort(emptied)
	if !slices.Equal(emptied, []string{"alone", "user:1"}) {
		t.Fatalf(
			"emptied: %v",
			emptied)
	}
	if g.Members("shared") != 1 || g.Members("alone") != 0 {
		t.Fatalf(
			"members: shared %d alone %d",
			g.Members("shared"), g.Members("alone"))
	}
	if got := g.RemoveAll(a); got != nil {
		t.Fatalf(
			"second RemoveAll: %v",
			got)
	}
	if !g.Remove("shared", b) {
		t.Fatal("the last member's removal was not last")
	}
}

// BroadcastMany delivers its frames in order to every member; frames that
// would overflow a member's queue are not queued at all, and the member is
// closed as a slow consumer.
func TestGroupsBroadcastMany(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{QueueFrames: 4})
	a, b := s.dial(t), s.dial(t)
	for _, c := range []*client{a, b} {
		c.send("join", map[string]string{"room": "r"})
		require.Equal(t, "join_success", c.frame().Action)
	}
	frames := func(from, n int) [][]byte {
		var out [][]byte
		for i := from; i < from+n; i++ {
			f, err := Encode("n", strconv.Itoa(i))
			require.NoError(t, err)
			out = append(out, f)
		}
		return out
	}
	for round := range 3 {
		assert.Equal(t, 2, s.h.groups.BroadcastMany("r", frames(round*3, 3)))
		for _, c := range []*client{a, b} {
			for i := round * 3; i < round*3+3; i++ {
				assert.Equal(t, `"`+strconv.Itoa(i)+`"`, string(c.frame().Data))
			}
		}
	}
	assert.Equal(t, 0, s.h.groups.BroadcastMany("r", frames(9, 5)), "5 frames overflow a queue of 4")
	for _, c := range []*client{a, b} {
		ce := c.closed()
		assert.Equal(t, ClosePolicy, ce.code)
		assert.Equal(t, ReasonSlowConsumer, ce.reason)
	}
	assert.EqualValues(t, 2, s.gw.Stats().SlowConsumers)
}
