package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlotsStayReadable(t *testing.T) {
	t.Parallel()
	for name, buckets := range map[string][]Bucket{
		"chat":    {{TS: 1, DeliveriesPerS: 1000, LatencyMs: Latency{P50: 1, P95: 2, P99: 3}}, {TS: 2, DeliveriesPerS: 900, LatencyMs: Latency{P50: 2, P95: 3, P99: 9}}},
		"connect": {{TS: 1, Connections: 10}, {TS: 2, Connections: 20}},
	} {
		r := &Report{Scenario: name, Version: "test", Cores: 2, Buckets: buckets, Events: []Event{{TS: 1.5, What: "node 2 ready"}}}
		path := filepath.Join(t.TempDir(), name+".svg")
		require.NoError(t, r.writeSVG(path))
		info, err := os.Stat(path)
		require.NoError(t, err)
		assert.Less(t, info.Size(), int64(100<<10), "%s: a few dozen ticks, not thousands", name)
	}
}
