package cluster

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestBlockedByMajority(t *testing.T) {
	t.Parallel()
	now := time.Now()
	peers := func(ids ...string) []Peer {
		out := make([]Peer, len(ids))
		for i, id := range ids {
			out[i] = Peer{MemberID: id}
		}
		return out
	}
	tests := []struct {
		name      string
		self      string
		peers     []Peer
		blockedBy map[string]time.Time
		want      bool
	}{
		{"alone", "m", nil, nil, false},
		{"nobody blocks", "m", peers("a", "b"), nil, false},
		{"a minority blocks", "m", peers("a", "b", "c"), map[string]time.Time{"a": now}, false},
		{"an old note is forgotten", "m", peers("a", "b"), map[string]time.Time{"a": now, "b": now.Add(-time.Minute)}, false},
		{"an isolated node restarts", "x", peers("a", "b"), map[string]time.Time{"a": now, "b": now}, true},
		{"the majority side stays", "a", peers("b", "x"), map[string]time.Time{"x": now}, false},
		{"a tie restarts the later half", "m", peers("a", "b", "z"), map[string]time.Time{"a": now, "b": now}, true},
		{"a tie keeps the earlier half", "b", peers("a", "y", "z"), map[string]time.Time{"y": now, "z": now}, false},
		{"two nodes split: the later id restarts", "z", peers("a"), map[string]time.Time{"a": now}, true},
		{"two nodes split: the earlier id stays", "a", peers("z"), map[string]time.Time{"z": now}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newProvider(providerConfig{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
			p.self.ID = tt.self
			for k, v := range tt.blockedBy {
				p.blockedBy[k] = v
			}
			assert.Equal(t, tt.want, p.blockedByMajority(tt.peers))
		})
	}
}

func TestDelegateRecordsBlockedNotes(t *testing.T) {
	t.Parallel()
	p := newProvider(providerConfig{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	p.self.ID = "me"
	d := &delegate{p}
	d.NotifyMsg([]byte(`B{"i":"someone-else","f":"a"}`))
	d.NotifyMsg([]byte(`Bnot json`))
	d.NotifyMsg([]byte(`X{"i":"me","f":"b"}`))
	assert.Empty(t, p.blockedBy, "notes about others, broken or of another kind are ignored")
	d.NotifyMsg([]byte(`B{"i":"me","f":"a"}`))
	assert.Contains(t, p.blockedBy, "a")
}
