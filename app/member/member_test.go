package member

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"souk/persistence"
)

func TestAvatarURL(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "https://cdn.souk.dev/vera.png", AvatarURL(persistence.User{Slug: "vera", AvatarURL: " https://cdn.souk.dev/vera.png "}))
	assert.Equal(t, "/api/avatar?seed=vera", AvatarURL(persistence.User{Slug: "vera", AvatarURL: "https://www.gravatar.com/avatar/abc"}))
	assert.Equal(t, "/api/avatar?seed=42", AvatarURL(persistence.User{ID: 42}))
	assert.Equal(t, "/api/avatar?seed=vera", AvatarURL(persistence.User{Slug: "vera", AvatarURL: "/api/auth/logout"}), "no other path of the site")
	assert.Equal(t, "/api/media/77/avatar.png", AvatarURL(persistence.User{Slug: "vera", AvatarURL: MediaURL(77, "avatar.png")}),
		"a media item of the site")
	for _, bad := range []string{"/api/media/77/a.png?x=1", "/api/media/77/../../auth/logout", "/api/media/x/a.png",
		"/api/media/77/", "/api/media/77/a/b", "/api/media/77/.."} {
		assert.False(t, IsMediaURL(bad), bad)
	}
	assert.True(t, isURLLike("data:image/svg+xml,x"))
	assert.False(t, isURLLike("avatar.png"))
	assert.True(t, isGravatar("https://secure.gravatar.com/avatar/x"))
	assert.False(t, isGravatar("https://notgravatar.com/x"))
}

func TestIdemKey(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "7:c1", IdemKey(7, "c1"))
	a, b := IdemKey(7, ""), IdemKey(7, "")
	assert.True(t, strings.HasPrefix(a, "7:r-"))
	assert.NotEqual(t, a, b)
}

func TestParsePageArgs(t *testing.T) {
	for raw, want := range map[string]PageArgs{"": {}, "null": {}, `{}`: {}, `{"first":5,"after":"42"}`: {First: 5, After: "42"}} {
		got, ok := ParsePageArgs([]byte(raw))
		if !ok || got != want {
			t.Errorf("ParsePageArgs(%q) = %+v, %v; want %+v", raw, got, ok, want)
		}
	}
	for _, raw := range []string{`[]`, `{"first":"many"}`, `"x"`, `{`} {
		if _, ok := ParsePageArgs([]byte(raw)); ok {
			t.Errorf("ParsePageArgs(%q) accepted", raw)
		}
	}
}
