package realtime

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRacesInOurCodeFail: a race report where a souk function makes an
// access counts as ours; one made by protoactor on both sides does not,
// even when a souk function called it.
func TestRacesInOurCodeFail(t *testing.T) {
	const theirs = `
==================
WARNING: DATA RACE
Write at 0x00c0000ffe20 by goroutine 57:
  github.com/asynkron/protoactor-go/cluster.(*MemberList).UpdateClusterTopology()
      /mod/protoactor-go/cluster/member_list.go:123 +0x2b9
  souk/cluster.(*Provider).loop()
      /work/cluster/provider.go:226 +0x777

Previous read at 0x00c0000ffe20 by goroutine 131:
  runtime.mapaccess2_faststr()
      /go/src/runtime/map.go:1 +0x1
  github.com/asynkron/protoactor-go/cluster.(*MemberList).ContainsMemberID()
      /mod/protoactor-go/cluster/member_list.go:215 +0x2f5

Goroutine 57 (running) created at:
  souk/cluster.(*Provider).StartMember()
      /work/cluster/provider.go:147 +0x2e
==================
`
	const ours = `
==================
WARNING: DATA RACE
Read at 0x00c000d436e8 by goroutine 59:
  souk/transport/realtime.(*feed).receive()
      /work/transport/realtime/feed.go:10 +0xd9

Previous write at 0x00c000d436e8 by goroutine 437:
  runtime.mapassign_faststr()
      /go/src/runtime/map.go:1 +0x1
  souk/transport/realtime.(*Realtime).join()
      /work/transport/realtime/feed.go:20 +0x11a
==================
`
	mine, others := classifyRaces(theirs + ours)
	assert.Len(t, mine, 1)
	assert.Len(t, others, 1)
	assert.Contains(t, mine[0], "feed")
	assert.True(t, onlyRaceFailures("--- FAIL: TestNodeProcess (3.1s)\n    testing.go:1712: race detected during execution of test\nFAIL\n"))
	assert.False(t, onlyRaceFailures("--- FAIL: TestNodeProcess (3.1s)\n    realtime_test.go:99: Error Trace: ...\nFAIL\n"))
}
