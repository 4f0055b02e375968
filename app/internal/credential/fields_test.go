package credential

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
)

func TestFlexibleNumbers(t *testing.T) {
	t.Parallel()
	var in struct {
		T  Timestamp `json:"t"`
		ID action.ID `json:"id"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"t":1700000000000,"id":"1234567890123456789"}`), &in))
	assert.Equal(t, Timestamp(1700000000000), in.T)
	assert.Equal(t, action.ID(1234567890123456789), in.ID)
	require.NoError(t, json.Unmarshal([]byte(`{"t":"17","id":null}`), &in))
	assert.Equal(t, Timestamp(17), in.T)
	var typeErr *json.UnmarshalTypeError
	require.ErrorAs(t, json.Unmarshal([]byte(`{"t":"soon"}`), &in), &typeErr)
	assert.Equal(t, "t", typeErr.Field)
}
