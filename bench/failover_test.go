package bench

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eventsOf lists what happened during a run.
func eventsOf(rep *Report) []string {
	var what []string
	for _, e := range rep.Events {
		what = append(what, e.What)
	}
	return what
}

// phaseOf returns the run's phase named name.
func phaseOf(t *testing.T, rep *Report, name string) Phase {
	t.Helper()
	for _, p := range rep.Phases {
		if p.Name == name {
			return p
		}
	}
	require.Failf(t, "no phase", "%q in %v", name, rep.Phases)
	return Phase{}
}

// assertNothingLost checks a scale run with node events: every listener
// got every acknowledged message once.
func assertNothingLost(t *testing.T, rep *Report) {
	t.Helper()
	require.NotNil(t, rep.Lost)
	assert.Zero(t, *rep.Lost, "nothing lost: %v %v", rep.ErrorsByKind, eventsOf(rep))
	assert.Zero(t, *rep.Duplicated, "nothing duplicated")
	require.NotNil(t, rep.Listeners)
	assert.Equal(t, 12, rep.Listeners.Count)
	assert.Zero(t, rep.Listeners.WithLoss)
	assert.Zero(t, rep.Listeners.WithDuplicates)
	assert.Len(t, rep.Listeners.Clients, 12, "every listener's own figures")
	require.NotNil(t, rep.AckLatencyMs)
	assert.Positive(t, rep.AckLatencyMs.Max)
}

// TestScaleSmokeKillNode kills the node hosting the most rooms of three:
// the rooms serve again on the others, listeners of the killed node
// reconnect and resume, and nobody misses or doubles a message.
func TestScaleSmokeKillNode(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a three-node cluster and kills one")
	}
	t.Parallel()
	rep, fields := smoke(t, "scale", "--kill-node", "--rooms", "2", "--members", "6", "--ramp", "0",
		"--duration", "3s", "--add-at", "1s", "--pm-rate", "8")
	assert.Contains(t, fields, "listeners")
	assertNothingLost(t, rep)
	assert.EqualValues(t, 3, rep.Params["nodes"], "three nodes unless set")
	require.NotEmpty(t, rep.Events)
	assert.Contains(t, rep.Events[0].What, "killed (SIGKILL), hosting")
	kill := phaseOf(t, rep, "5 s after the kill")
	require.NotNil(t, kill.AckLatencyMs)
	require.NotNil(t, kill.LongestStallSurvivorsMs)
	assert.Positive(t, rep.Params["reconnects"], "the killed node's listeners reconnected")
	// Private messages went on beside the chat, every one acknowledged.
	require.NotNil(t, rep.PMAckLatencyMs)
	require.NotNil(t, kill.PMAckLatencyMs, "the private messages' acknowledgements in the kill's window")
	assert.Positive(t, rep.Params["pm_acked"])
	assert.Equal(t, rep.Params["pm_sent"], rep.Params["pm_acked"], "every private message acknowledged: %v", rep.ErrorsByKind)
	assert.GreaterOrEqual(t, rep.DurationS, 6.0, "the publishers went on until 5 s after the kill")
}

// TestScaleSmokeRestartNode is the hard kill as an operator meets it:
// three nodes, the one hosting the most rooms SIGKILLed mid-traffic, then
// started again under the same id without --join 30 s later (past the
// time the survivors gossip to a dead member), and a fourth node added.
// The restarted node finds the others through the database and is not
// ready until it has joined them; every listener, those moved back to the
// restarted node and to the new one included, gets every acknowledged
// message exactly once.
func TestScaleSmokeRestartNode(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a three-node cluster, kills one, restarts it and adds a fourth")
	}
	t.Parallel()
	rep, _ := smoke(t, "scale", "--kill-node", "--restart-node", "--restart-after", "30s", "--then-add", "--rooms", "2",
		"--members", "6", "--ramp", "0", "--duration", "3s", "--add-at", "1s")
	assertNothingLost(t, rep)
	what := strings.Join(eventsOf(rep), "; ")
	assert.Contains(t, what, "restarting under the same id, without --join")
	assert.Contains(t, what, "ready again after")
	assert.Contains(t, what, "not ready before", "the restarted node said 503 until it had joined: %s", what)
	assert.Regexp(t, `[1-9]\d* listeners moved back to node`, what)
	assert.Regexp(t, `node 4 ready, [1-9]\d* listeners moved to it`, what)
	phaseOf(t, rep, "5 s after the restart")
	phaseOf(t, rep, "5 s after the node was added")
}

// TestScaleSmokeRollingRestart restarts the three nodes one after the
// other under load.
func TestScaleSmokeRollingRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a three-node cluster and restarts each node")
	}
	t.Parallel()
	rep, _ := smoke(t, "scale", "--rolling-restart", "--rooms", "2", "--members", "6", "--ramp", "0",
		"--duration", "3s", "--add-at", "1s")
	assertNothingLost(t, rep)
	what := strings.Join(eventsOf(rep), "; ")
	for _, n := range []string{"node 1", "node 2", "node 3"} {
		assert.Contains(t, what, n+" back: all agree", "%s restarted and rejoined: %s", n, what)
	}
	phaseOf(t, rep, "node 3 restarting")
}

func TestFailoverOptionsRefused(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"scale", "--kill-node", "--nodes", "2"},
		{"scale", "--rolling-restart", "--nodes", "2"},
		{"scale", "--restart-node"},
		{"scale", "--kill-node", "--then-add"},
		{"scale", "--pm-rate", "5"},
		{"chat", "--pm-rate", "5"},
		{"scale", "--kill-node", "--pm-rate", "-1"},
		{"scale", "--kill-node", "--restart-after", "5s"},
		{"scale", "--kill-node", "--restart-node", "--restart-after", "0s"},
		{"scale", "--kill-node", "--rolling-restart"},
		{"scale", "--kill-node", "--stop-node"},
		{"chat", "--rolling-restart"},
		{"chat", "--kill-node"},
	} {
		var stderr bytes.Buffer
		err := Main(context.Background(), args, Env{Stdout: &bytes.Buffer{}, Stderr: &stderr})
		assert.ErrorIs(t, err, ErrUsage, "%v", args)
	}
}

func TestStallsKeepTheLongestGaps(t *testing.T) {
	t.Parallel()
	start := time.Unix(1000, 0)
	w := sendWindow{from: start}
	var s stalls
	at := func(ms int) time.Time { return start.Add(time.Duration(ms) * time.Millisecond) }
	s.delivered(at(50), false, w)   // 50 ms from the start: the rooms' pace
	s.delivered(at(1550), false, w) // a 1.5 s stall
	s.delivered(at(1600), true, w)  // out of order
	s.delivered(at(1900), false, w) // 300 ms: kept, over the floor
	w.to = at(5000)
	s.finish(w) // nothing after 1.9 s: stalled until the end of sending
	assert.EqualValues(t, 1, s.outOfOrder)
	require.Len(t, s.gaps, 3)
	assert.Equal(t, 3100*time.Millisecond, s.longest(start, time.Time{}).d, "the tail counts")
	assert.Equal(t, 1500*time.Millisecond, s.longest(start, at(1700)).d)
	s.delivered(at(9000), false, w)
	assert.Len(t, s.gaps, 3, "a gap that began after the sending ended is no stall")

	for i := range maxStallsKept + 10 {
		s.note(at(10_000+i), time.Duration(300+i)*time.Millisecond)
	}
	assert.Len(t, s.gaps, maxStallsKept)
	assert.Equal(t, 3100*time.Millisecond, s.longest(start, time.Time{}).d, "the longest gap is kept")
}
