package picked

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"souk/app/action"
)

func TestValid(t *testing.T) {
	t.Parallel()
	tooMany := make([]action.ID, Max+1)
	for i := range tooMany {
		tooMany[i] = 7
	}
	tests := []struct {
		name string
		ids  []action.ID
		want bool
	}{
		{"none", nil, true},
		{"some", []action.ID{3, 1, 3}, true},
		{"as many as allowed", tooMany[:Max], true},
		{"too many", tooMany, false},
		{"zero", []action.ID{1, 0}, false},
		{"negative", []action.ID{-4}, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Valid(tt.ids), tt.name)
	}
}

func TestKeysKeepTheOrderAndDropRepeats(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []int64{5, 2, 9}, Keys([]action.ID{5, 2, 5, 9, 2}))
	assert.Empty(t, Keys(nil))
}
