package page

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestIsAppRoute(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]bool{
		"/cart":                     true,
		"/en/cart":                  true,
		"/es/account/wealth":        true,
		"/account":                  true,
		"/account/nope":             false,
		"/builder?x=1":              true,
		"/docs/":                    false,
		"/en/docs/user-agreement":   false,
		"/":                         false,
		"/about":                    false,
		"/community/some-topic-12":  false,
		"/en/notify/extra/segments": false,
		"/messages":                 true,
		"/en/messages/ann":          true,
		"/es/messages/ann/more":     false,
	} {
		require.Equal(t, want, IsAppRoute(path), path)
	}
}
