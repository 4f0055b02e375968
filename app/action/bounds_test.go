package action

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type boundedNote struct {
	Title string `json:"title"`
}

type boundedInput struct {
	Text  string          `json:"text"`
	Short *string         `json:"short,omitempty" maxBytes:"4"`
	Tags  []string        `json:"tags"`
	Notes []boundedNote   `json:"notes"`
	Extra json.RawMessage `json:"extra"`
	Meta  map[string]string
}

// Every string an input decodes into is bounded, named by its JSON path,
// before the handler runs; a field's maxBytes tag sets its own bound.
func TestInputStringsAreBounded(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	ran := 0
	Register(r, Spec{Name: "test.bounded"}, func(context.Context, boundedInput) (struct{}, error) {
		ran++
		return struct{}{}, nil
	})
	long := strings.Repeat("x", MaxStringBytes+1)
	call := func(data map[string]any) error {
		raw, err := json.Marshal(data)
		require.NoError(t, err)
		_, err = r.Call(context.Background(), "test.bounded", raw)
		return err
	}

	require.NoError(t, call(map[string]any{"text": strings.Repeat("字", MaxStringBytes/3), "short": "abcd"}))
	require.Equal(t, 1, ran)
	for name, tc := range map[string]struct {
		data  map[string]any
		field string
	}{
		"a string":               {map[string]any{"text": long}, "data.text"},
		"a field's own bound":    {map[string]any{"short": "abcde"}, "data.short"},
		"a list's element":       {map[string]any{"tags": []string{"ok", long}}, "data.tags"},
		"a nested struct":        {map[string]any{"notes": []any{map[string]any{"title": long}}}, "data.notes.title"},
		"raw JSON kept as it is": {map[string]any{"extra": long}, "data.extra"},
		"a map's value":          {map[string]any{"Meta": map[string]string{"k": long}}, "data.Meta.k"},
		"a map's key":            {map[string]any{"Meta": map[string]string{long: "v"}}, "data.Meta"},
	} {
		err := call(tc.data)
		require.Error(t, err, name)
		var e *Error
		require.ErrorAs(t, err, &e, name)
		require.Equal(t, "common.error.badField", e.Key, name)
		require.Equal(t, tc.field, e.Args["field"], name)
	}
	require.Equal(t, 1, ran, "no refused input reached the handler")
}
