package i18n

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

func TestTranslate(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"zh-hans.json": {Data: []byte(`{"common":{"error":{"pageNotFound":"页面不存在：{{path}}","only":"仅中文"}}}`)},
		"en.json":      {Data: []byte(`{"common":{"error":{"pageNotFound":"Page Not Found: {{path}}"}}}`)},
	}
	c, err := Load(fsys, "zh-hans", "en")
	require.NoError(t, err)

	tests := []struct {
		name, lang, key string
		args            map[string]any
		want            string
	}{
		{"english with placeholder", "en", "common.error.pageNotFound", map[string]any{"path": "/x"}, "Page Not Found: /x"},
		{"chinese with placeholder", "zh-hans", "common.error.pageNotFound", map[string]any{"path": "/x"}, "页面不存在：/x"},
		{"missing key falls back to first language", "en", "common.error.only", nil, "仅中文"},
		{"unknown language falls back", "fr", "common.error.only", nil, "仅中文"},
		{"unknown key is itself", "en", "no.such.key", nil, "no.such.key"},
		{"placeholder left when no arg", "en", "common.error.pageNotFound", nil, "Page Not Found: {{path}}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, c.Translate(tt.lang, tt.key, tt.args))
		})
	}
	require.True(t, c.Has("en", "common.error.pageNotFound"))
	require.False(t, c.Has("en", "common.error.only"))
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	_, err := Load(fstest.MapFS{}, "en")
	require.Error(t, err)
	_, err = Load(fstest.MapFS{"en.json": {Data: []byte(`{`)}}, "en")
	require.Error(t, err)
	_, err = Load(fstest.MapFS{})
	require.Error(t, err)
}
