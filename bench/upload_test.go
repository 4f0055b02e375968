package bench

import (
	"bytes"
	"context"
	"crypto/sha256"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUploadSmoke uploads a few files through a fresh node on SQLite and
// reads every one back.
func TestUploadSmoke(t *testing.T) {
	t.Parallel()
	rep, fields := smoke(t, "upload", "--nodes", "1", "--users", "2", "--files", "2", "--file-mb", "2.5")
	assert.Contains(t, fields, "latency_ms")
	assert.Zero(t, rep.Errors, rep.ErrorsByKind)
	assert.EqualValues(t, 4, rep.Params["files"], "every file uploaded and read back")
	assert.EqualValues(t, 0, rep.Params["corrupt"])
	assert.EqualValues(t, 0, rep.Params["failed"])
	assert.Positive(t, rep.Params["mb_per_s"])
	assert.InDelta(t, 10, rep.Params["mb_sent"], 0.01, "2 members × 2 files × 2.5 MB, each chunk once")
}

// TestUploadSmokeKillNode kills the node holding the upload jobs of a
// two-node cluster mid-run: the members resume through media.uploadStatus
// and every file arrives whole.
func TestUploadSmokeKillNode(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a two-node cluster and kills one")
	}
	t.Parallel()
	rep, _ := smoke(t, "upload", "--nodes", "2", "--users", "3", "--files", "3", "--file-mb", "4", "--kill-node")
	assert.EqualValues(t, 9, rep.Params["files"], "every file uploaded and read back: %v %v", rep.ErrorsByKind, rep.Events)
	assert.EqualValues(t, 0, rep.Params["corrupt"])
	assert.EqualValues(t, 0, rep.Params["failed"])
	require.Len(t, rep.Events, 1, "one node was killed")
	assert.Contains(t, rep.Events[0].What, "killed (SIGKILL)")
}

func TestBenchFile(t *testing.T) {
	t.Parallel()
	a, b := benchFile(1, 2, 3<<20+5), benchFile(1, 2, 3<<20+5)
	assert.Equal(t, sha256.Sum256(a), sha256.Sum256(b), "a file is the same every time")
	assert.Len(t, a, 3<<20+5)
	assert.True(t, bytes.HasPrefix(a, []byte("PK\x03\x04")))
	assert.NotEqual(t, sha256.Sum256(a), sha256.Sum256(benchFile(1, 3, 3<<20+5)))
}

func TestUploadOptionsRefused(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"upload", "--files", "0"},
		{"upload", "--file-mb", "0"},
		{"upload", "--kill-node", "--nodes", "1"},
		{"upload", "--target", "http://127.0.0.1:1", "--users-file", "f", "--kill-node"},
	} {
		var stderr bytes.Buffer
		err := Main(context.Background(), args, Env{Stdout: &bytes.Buffer{}, Stderr: &stderr})
		assert.ErrorIs(t, err, ErrUsage, "%v", args)
	}
}
