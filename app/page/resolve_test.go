package page

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// routeVectors is the shared file the web client's tests run too.
type routeVectors struct {
	CustomPages []string `json:"customPages"`
	Variants    []struct {
		Name string   `json:"name"`
		Type string   `json:"type"`
		IDs  []string `json:"ids"`
	} `json:"variants"`
	Cases []struct {
		Path   string `json:"path"`
		Expect *Route `json:"expect"`
	} `json:"cases"`
}

func TestResolveSharedVectors(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../testdata/route-vectors.json")
	require.NoError(t, err)
	var vectors routeVectors
	require.NoError(t, json.Unmarshal(raw, &vectors))
	require.NotEmpty(t, vectors.Cases)

	site := Site{CustomPages: vectors.CustomPages}
	for _, v := range vectors.Variants {
		site.Variants = append(site.Variants, Variant{Name: v.Name, Type: v.Type, IDs: v.IDs})
	}
	for _, c := range vectors.Cases {
		t.Run(c.Path, func(t *testing.T) {
			got, ok := Resolve(c.Path, site)
			if c.Expect == nil {
				require.False(t, ok, "expected not found, got %+v", got)
				return
			}
			require.True(t, ok, "expected a page")
			require.Equal(t, *c.Expect, got)
		})
	}
}

// TestResolveDocs: /docs and /docs/{slug} are docs routes whatever the
// site holds (the page service answers 404 for a slug it does not know).
func TestResolveDocs(t *testing.T) {
	t.Parallel()
	site := Site{CustomPages: []string{"about"}}
	for path, want := range map[string]*Route{
		"/docs":                            {Lang: "zh-hans", Kind: "docs"},
		"/en/docs/":                        {Lang: "en", Kind: "docs"},
		"/es/docs/user-agreement?x":        {Lang: "es", Kind: "docs", Name: "user-agreement"},
		"/docs/faq-2":                      {Lang: "zh-hans", Kind: "docs", Name: "faq-2"},
		"/docs/" + strings.Repeat("a", 60): {Lang: "zh-hans", Kind: "docs", Name: strings.Repeat("a", 60)},
		"/docs/" + strings.Repeat("a", 61): nil,
		"/docs/FAQ":                        nil,
		"/docs/-faq":                       nil,
		"/docs/faq.amp":                    nil,
		"/docs/faq/more":                   nil,
		"/docs%2Ffaq":                      nil,
		"/fr/docs":                         nil,
	} {
		got, ok := Resolve(path, site)
		if want == nil {
			assert.False(t, ok, "%s: %+v", path, got)
			continue
		}
		if assert.True(t, ok, path) {
			assert.Equal(t, *want, got, path)
		}
	}
}

func FuzzResolve(f *testing.F) {
	for _, seed := range []string{"/", "/en/article/a-1.amp", "/%zz", "/a-b-c-1.x.y", "/community-answer/-1", "/docs/faq"} {
		f.Add(seed)
	}
	site := Site{CustomPages: []string{"about"}, Variants: []Variant{{Name: "amp", Type: "all"}}}
	f.Fuzz(func(t *testing.T, path string) {
		route, ok := Resolve(path, site)
		if !ok {
			return
		}
		if route.Kind != "home" && route.Kind != "custom" && route.Kind != "docs" {
			require.NotEmpty(t, route.ID)
		}
	})
}
