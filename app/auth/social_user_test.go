package auth

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSocialNameIsStoredAsTyped: a provider's display name is plain text
// like a name typed in the profile: markup and entities kept as text,
// control characters dropped.
func TestSocialNameIsStoredAsTyped(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "Ana &lt;b&gt; <i>López</i>", socialName(socialProfile{Name: " Ana\x00 &lt;b&gt;\n<i>López</i> "}, "github"))
	assert.Equal(t, "octo.cat", socialName(socialProfile{Name: "\x07\u0085", Login: "octo.cat\x00"}, "github"))
	assert.Equal(t, "github", socialName(socialProfile{Name: "\x00"}, "github"))
}
