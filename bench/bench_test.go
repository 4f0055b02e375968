package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// soukBinary is the souk executable the smoke tests start nodes from,
// built once by TestMain; empty when it could not be built.
var soukBinary string

var buildErr error

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "souk-bench-test-*")
	if err == nil {
		soukBinary = filepath.Join(dir, "souk")
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", soukBinary, "souk/cmd/souk")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build souk/cmd/souk: %w: %s", err, out)
		}
	} else {
		buildErr = err
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// smoke runs a scenario at a tiny size against a fresh node and returns
// its JSON report, decoded.
func smoke(t *testing.T, args ...string) (*Report, map[string]any) {
	t.Helper()
	require.NoError(t, buildErr)
	path := filepath.Join(t.TempDir(), "report.json")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	err := Main(ctx, append(args, "--json", path, "--quiet"), Env{Stdout: &stdout, Stderr: &stderr, Version: "test", Binary: soukBinary})
	require.NoError(t, err, stderr.String())
	assert.Contains(t, stdout.String(), "| scenario |", "a Markdown summary is printed")
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var rep Report
	require.NoError(t, json.Unmarshal(raw, &rep))
	var fields map[string]any
	require.NoError(t, json.Unmarshal(raw, &fields))
	assert.Equal(t, args[0], rep.Scenario)
	assert.Equal(t, "test", rep.Version)
	assert.Positive(t, rep.Cores)
	assert.NotEmpty(t, rep.Targets)
	assert.NotEmpty(t, rep.Headline)
	assert.Contains(t, fields, "errors")
	if len(rep.Buckets) >= 2 {
		assert.FileExists(t, strings.TrimSuffix(path, ".json")+".svg")
	}
	return &rep, fields
}

func TestConnectSmoke(t *testing.T) {
	t.Parallel()
	rep, fields := smoke(t, "connect", "--conns", "30", "--ramp", "0", "--duration", "1s")
	require.NotNil(t, rep.Connection)
	assert.EqualValues(t, 30, rep.Connection.Opened)
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	assert.Contains(t, fields, "bytes_per_conn")
	require.Len(t, rep.Server, 1)
	assert.True(t, rep.Server[0].Collected, "own nodes are read after a forced collection")
}

func TestChatSmoke(t *testing.T) {
	t.Parallel()
	rep, fields := smoke(t, "chat", "--rooms", "2", "--members", "6", "--ramp", "0", "--duration", "3s", "--size", "128")
	for _, k := range []string{"deliveries_per_s", "latency_ms", "lost", "duplicated"} {
		assert.Contains(t, fields, k)
	}
	require.NotNil(t, rep.Lost)
	assert.Zero(t, *rep.Lost, "nothing lost")
	assert.Zero(t, *rep.Duplicated, "nothing duplicated")
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	assert.Positive(t, rep.DeliveriesPerS)
	assert.Positive(t, rep.LatencyMs.Max)
	assert.Empty(t, rep.Phases, "no node moves in chat")
}

// TestChatClusterSmoke: chat on an own cluster of two nodes spreads the
// connections over both; every room's messages reach its members on
// either node.
func TestChatClusterSmoke(t *testing.T) {
	t.Parallel()
	rep, _ := smoke(t, "chat", "--nodes", "2", "--rooms", "2", "--members", "6", "--ramp", "0", "--duration", "3s", "--settle", "500ms")
	assert.Equal(t, "500ms", rep.Params["settle"])
	assert.Len(t, rep.Targets, 2, "two own nodes")
	assert.Len(t, rep.Server, 2, "both nodes' figures")
	require.NotNil(t, rep.Lost)
	assert.Zero(t, *rep.Lost, "nothing lost")
	assert.Zero(t, *rep.Duplicated, "nothing duplicated")
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	assert.Positive(t, rep.DeliveriesPerS)
}

// TestChatFindMaxSmoke: the capacity search raises the rate step by step;
// with a target every step holds, it stops at the send limit and says so.
func TestChatFindMaxSmoke(t *testing.T) {
	t.Parallel()
	rep, fields := smoke(t, "chat", "--members", "10", "--ramp", "0", "--duration", "2s", "--find-max", "--rate", "2", "--p99", "10s")
	require.Contains(t, fields["params"], "find_max")
	search := rep.Params["find_max"].(map[string]any)
	assert.EqualValues(t, 4, search["send_limit"], "10 members, one message each per 2.2 s")
	var rates []float64
	for _, s := range search["steps"].([]any) {
		step := s.(map[string]any)
		assert.Equal(t, true, step["held"], step)
		rates = append(rates, step["rate"].(float64))
		// Every step's messages are new to the room (their own clientIds),
		// so each reaches the 10 members: none is answered as a replay
		// (which broadcasts nothing), and at least half of the rate arrives.
		assert.Greater(t, step["deliveries_per_s"].(float64), step["rate"].(float64)*10/2, step)
	}
	assert.Equal(t, []float64{2, 3, 4}, rates, "from --rate, ×1.5 (at least +1) a step, up to the send limit")
	require.NotEmpty(t, rep.Headline)
	assert.Equal(t, "ceiling: messages per second held", rep.Headline[0].Name)
	assert.EqualValues(t, 4, rep.Headline[0].Value)
	require.NotNil(t, rep.Headline[0].Met)
	assert.True(t, *rep.Headline[0].Met)
	assert.Zero(t, *rep.Lost)
	assert.Contains(t, strings.Join(rep.Notes, " "), "up to the send limit")
}

func TestHTTPSmoke(t *testing.T) {
	t.Parallel()
	rep, fields := smoke(t, "http", "--conns", "2", "--users", "2", "--duration", "1s")
	assert.Contains(t, fields, "requests_per_s")
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	for _, action := range []string{"utils.getSettings", "auth.pageData", "auth.viewer", "utils.getChatMessages"} {
		require.Contains(t, rep.Actions, action)
		assert.Positive(t, rep.Actions[action].Requests, action)
	}
}

func TestScaleSmoke(t *testing.T) {
	t.Parallel()
	rep, _ := smoke(t, "scale", "--nodes", "1", "--rooms", "3", "--members", "4", "--ramp", "0",
		"--duration", "6s", "--add-at", "1s")
	require.NotNil(t, rep.Lost)
	assert.Zero(t, *rep.Lost, "nothing lost while a node joins")
	assert.Zero(t, *rep.Duplicated, "nothing duplicated while a node joins")
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	var what []string
	for _, e := range rep.Events {
		what = append(what, e.What)
	}
	assert.Contains(t, what, "node 2 ready")
	var phases []string
	for _, p := range rep.Phases {
		phases = append(phases, p.Name)
	}
	assert.Contains(t, phases, "during the move")
}

func TestPMSmoke(t *testing.T) {
	t.Parallel()
	rep, fields := smoke(t, "pm", "--users", "6", "--conns", "2", "--nodes", "2", "--rate", "8", "--ramp", "0", "--duration", "2s")
	for _, k := range []string{"deliveries_per_s", "latency_ms", "lost", "duplicated"} {
		assert.Contains(t, fields, k)
	}
	require.NotNil(t, rep.Lost)
	assert.Zero(t, *rep.Lost, "every connection of both members got every message")
	assert.Zero(t, *rep.Duplicated)
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	assert.Positive(t, rep.MessagesPerS)
	assert.Len(t, rep.Targets, 2)
}

func TestOptionsRefuseBadValues(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"nope"},
		{"chat", "--size", "4"},
		{"chat", "--size", "1000"},
		{"chat", "--rooms", "0"},
		{"connect", "--target", "ftp://x"},
		{"connect", "--target", "http://127.0.0.1:1"},
		{"scale", "--target", "http://127.0.0.1:1", "--users-file", "f"},
		{"chat", "--duration", "0s"},
		{"chat", "--members", "10", "--rate", "100"},
		{"connect", "--target", "http://127.0.0.1:1", "--users-file", "f", "--debug-addr", "a:1,b:2"},
		{"http", "--target", "http://127.0.0.1:1"}, // the default mix signs in
		{"http", "--find-max"},
		{"http", "--settle", "1s"},
		{"chat", "--settle", "-1s"},
		{"chat", "--p99", "50ms"},
		{"chat", "--find-max", "--p99", "0s"},
		{"chat", "--find-max", "--members", "10", "--rate", "5"},
	} {
		var stderr bytes.Buffer
		err := Main(context.Background(), args, Env{Stdout: &bytes.Buffer{}, Stderr: &stderr})
		assert.ErrorIs(t, err, ErrUsage, "%v", args)
		assert.NotEmpty(t, stderr.String(), "%v says why", args)
	}
}

// TestGuestMixNeedsNoMembers: an http mix of guest actions loads a
// deployment without a members' file.
func TestGuestMixNeedsNoMembers(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	err := Main(context.Background(), []string{"http", "--target", "http://127.0.0.1:1", "--mix", "guest:1,settings:1,page:1",
		"--conns", "1", "--duration", "1s", "--quiet"}, Env{Stdout: &out, Stderr: &bytes.Buffer{}})
	assert.NotErrorIs(t, err, ErrUsage, "no --users-file needed")
	assert.Contains(t, out.String(), "errors", "it ran, against nothing listening")
}

func TestMessagesHaveTheAskedSize(t *testing.T) {
	t.Parallel()
	for _, size := range []int{minMessageBytes, 64, 128, 200, maxMessageBytes} {
		msg := appendMessage(nil, time.Now().UnixNano(), "12.345", size)
		assert.Len(t, msg, size)
		assert.LessOrEqual(t, utf8.RuneCount(msg), maxMessageRunes, "size %d", size)
		frame := []byte(`{"action":"chat_room","data":{"id":"1","action":"chat_room","message":"` + string(msg) + `","seq":42}}`)
		at, ok := sentAt(frame)
		assert.True(t, ok)
		assert.Positive(t, at)
		seq, ok := intField(frame, keySeq)
		assert.True(t, ok)
		assert.EqualValues(t, 42, seq)
		assert.Equal(t, "chat_room", string(frameAction(frame)))
	}
}

func TestMemberMarksDuplicates(t *testing.T) {
	t.Parallel()
	m := &member{base: 10}
	assert.False(t, m.mark(11))
	assert.False(t, m.mark(200))
	assert.True(t, m.mark(11))
	assert.False(t, m.mark(5), "before the join: neither counted nor a duplicate")
	assert.True(t, m.has(200))
	assert.False(t, m.has(12))
	assert.EqualValues(t, 1, m.dups)
}
