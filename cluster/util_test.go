package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestSummarizeConnectionErrors(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	log := summarize(slog.New(slog.NewJSONHandler(&buf, nil))).With("lib", "protoactor")
	at := time.Now()
	emit := func(msg, address string, at time.Time) {
		r := slog.NewRecord(at, slog.LevelError, msg, 0)
		r.AddAttrs(slog.String("address", address), slog.String("error", "connection refused"))
		require.NoError(t, log.Handler().Handle(context.Background(), r))
	}
	for i := range 40 {
		emit("EndpointWriter failed to connect", "10.0.0.2:4000", at.Add(time.Duration(i)*100*time.Millisecond))
	}
	emit("EndpointWriter failed to connect", "10.0.0.3:4000", at)
	log.Error("Invalid kind", "kind", "room")
	emit("EndpointWriter failed to connect", "10.0.0.2:4000", at.Add(summaryWindow+time.Second))

	var lines []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m))
		lines = append(lines, m)
	}
	require.Len(t, lines, 4, buf.String())
	require.Equal(t, "WARN", lines[0]["level"], "an expected connection error is a warning")
	require.Equal(t, "10.0.0.2:4000", lines[0]["address"])
	require.Equal(t, "10.0.0.3:4000", lines[1]["address"], "another address has its own line")
	require.Equal(t, "ERROR", lines[2]["level"], "other errors pass unchanged")
	require.EqualValues(t, 39, lines[3]["repeated"], "the repeats are counted in the next line")
}
