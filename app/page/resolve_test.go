package page

import (
	"encoding/json"
	"os"
	"testing"

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

func FuzzResolve(f *testing.F) {
	for _, seed := range []string{"/", "/en/article/a-1.amp", "/%zz", "/a-b-c-1.x.y", "/community-answer/-1"} {
		f.Add(seed)
	}
	site := Site{CustomPages: []string{"about"}, Variants: []Variant{{Name: "amp", Type: "all"}}}
	f.Fuzz(func(t *testing.T, path string) {
		route, ok := Resolve(path, site)
		if !ok {
			return
		}
		if route.Kind != "home" && route.Kind != "custom" {
			require.NotEmpty(t, route.ID)
		}
	})
}
