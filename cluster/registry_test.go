package cluster

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestServingVerdict(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		self     string
		peers    []string
		recorded []string
		read     bool
		seeded   bool
		serves   bool
	}{
		{"a single node", "n1", nil, nil, true, false, true},
		{"a single node before the registry answered", "n1", nil, nil, false, false, true},
		{"seeds and no peer", "n2", nil, nil, true, true, false},
		{"seeds and no peer, registry silent", "n2", nil, nil, false, true, false},
		{"seeds and a peer", "n2", []string{"n1"}, []string{"n1"}, true, true, true},
		{"restarted without seeds, others recorded", "n1", nil, []string{"n2", "n3"}, true, false, false},
		{"majority of three", "n3", []string{"n2"}, []string{"n1", "n2"}, true, false, true},
		{"minority of three", "n1", nil, []string{"n2", "n3"}, true, false, false},
		{"half with the first name serves", "n1", []string{"n2"}, []string{"n2", "n3", "n4"}, true, false, true},
		{"half without the first name waits", "n3", []string{"n4"}, []string{"n1", "n2", "n4"}, true, false, false},
		{"alone with the first name waits (just restarted)", "n1", nil, []string{"n2"}, true, false, false},
		{"a peer not yet recorded counts", "n2", []string{"n3"}, []string{"n1"}, true, false, true},
		{"a killed peer whose record is fresh", "n2", []string{"n3"}, []string{"n1", "n3"}, true, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := verdict(tc.self, tc.peers, tc.recorded, tc.read, tc.seeded)
			if tc.serves {
				require.NoError(t, err)
			} else {
				require.True(t, errors.Is(err, ErrIsolated), "%v", err)
			}
		})
	}
}
