package realtime

import (
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"

	"souk/actors"
)

// TestResyncMarksOnlyMovedGrainsFirst: after a topology change the counts
// of the rooms and sessions whose grain moved are sent again at once; a
// full pass (the delayed one) marks every count; a count already pending
// is kept as it is.
func TestResyncMarksOnlyMovedGrainsFirst(t *testing.T) {
	ann, bob := &actors.ChatUser{Id: 1, Name: "ann"}, &actors.ChatUser{Id: 2, Name: "bob"}
	newSync := func() *presenceSync {
		// No loop: the test reads what would be pushed.
		p := &presenceSync{log: slog.Default(), wake: make(chan struct{}, 1), done: make(chan struct{}),
			members: make(map[memberKey]memberCount), dirtyMembers: make(map[memberKey]memberCount),
			userConns: make(map[int64]sessionCount), dirtySessions: make(map[int64]sessionCount)}
		p.members[memberKey{"moved", 1}] = memberCount{user: ann, count: 1}
		p.members[memberKey{"moved", 2}] = memberCount{user: bob, count: 2}
		p.members[memberKey{"stayed", 1}] = memberCount{user: ann, count: 1}
		p.userConns[1], p.userConns[2] = sessionCount{conns: 2}, sessionCount{conns: 2, focused: 1}
		return p
	}
	movedRoom := func(room string) bool { return room == "moved" }
	movedUser := func(id int64) bool { return id == 2 }

	p := newSync()
	p.mark(movedRoom, movedUser)
	assert.Equal(t, map[memberKey]memberCount{
		{"moved", 1}: {user: ann, count: 1, quiet: true},
		{"moved", 2}: {user: bob, count: 2, quiet: true},
	}, p.dirtyMembers)
	assert.Equal(t, map[int64]sessionCount{2: {conns: 2, focused: 1}}, p.dirtySessions)

	p = newSync()
	p.dirtyMembers[memberKey{"stayed", 1}] = memberCount{user: ann, count: 0} // a leave not pushed yet
	p.mark(nil, nil)
	assert.Len(t, p.dirtyMembers, 3)
	assert.Equal(t, memberCount{user: ann, count: 0}, p.dirtyMembers[memberKey{"stayed", 1}])
	assert.Equal(t, map[int64]sessionCount{1: {conns: 2}, 2: {conns: 2, focused: 1}}, p.dirtySessions)
}
