package action

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestIDDecoding(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want ID
		ok   bool
	}{
		{`42`, 42, true},
		{`"7205759403792793600"`, 7205759403792793600, true},
		{`""`, 0, true},
		{`null`, 0, true},
		{`"x1"`, 0, false},
		{`-3`, 0, false},
		{`"-3"`, 0, false},
		{`1.5`, 0, false},
		{`"99999999999999999999"`, 0, false},
	} {
		var got struct {
			ID ID `json:"id"`
		}
		err := json.Unmarshal([]byte(`{"id":`+tt.in+`}`), &got)
		if !tt.ok {
			var typeErr *json.UnmarshalTypeError
			require.ErrorAs(t, err, &typeErr, tt.in)
			require.Equal(t, "id", typeErr.Field, "the registry names the field")
			continue
		}
		require.NoError(t, err, tt.in)
		require.Equal(t, tt.want, got.ID, tt.in)
	}
}
