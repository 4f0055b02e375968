package ws

import (
	"slices"
	"testing"
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
