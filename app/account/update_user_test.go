package account

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A profile picture is requested with the cookies of everyone who sees
// it: only the generated avatar and pictures of allowed hosts pass.
func TestCheckAvatar(t *testing.T) {
	t.Parallel()
	s := New(Config{AvatarHosts: []string{"Images.Example.com"}})
	for _, tt := range []struct {
		avatar string
		want   error
	}{
		{"/api/avatar?seed=vera", nil},
		{"/api/media/123/avatar.png", nil},
		{"/api/media/123/../../auth/logout", ErrProfileAvatarSource},
		{"/api/media/123/a.png?x=/api/auth/logout", ErrProfileAvatarSource},
		{"/api/avatar?seed=%E4%BD%A0%E5%A5%BD", nil},
		{"https://images.example.com/a.png", nil},
		{"https://IMAGES.example.com/a.png?w=64", nil},
		{"/api/auth/logout", ErrProfileAvatarSource},
		{"/api/request", ErrProfileAvatarSource},
		{"/media/a.png", ErrProfileAvatarSource},
		{"/api/avatar?seed=a&seed=b", ErrProfileAvatarSource},
		{"/api/avatar?seed=a&next=/api/auth/logout", ErrProfileAvatarSource},
		{"/api/avatar/../auth/logout?seed=a", ErrProfileAvatarSource},
		{"https://cdn.example/a.png", ErrProfileAvatarSource},
		{"http://images.example.com/a.png", ErrProfileAvatarSource},
		{"https://images.example.com:8443/a.png", ErrProfileAvatarSource},
		{"https://images.example.com.evil.test/a.png", ErrProfileAvatarSource},
		{"//images.example.com/a.png", ErrProfileAvatarSource},
		{"https://user@images.example.com/a.png", ErrProfileAvatarSource},
		{"data:image/png;base64,xx", ErrProfileAvatar},
		{"javascript:alert(1)", ErrProfileAvatar},
		{`/api/avatar?seed=a\b`, ErrProfileAvatar},
		{"/api/avatar?seed=a b", ErrProfileAvatar},
	} {
		assert.Equal(t, tt.want, s.checkAvatar(tt.avatar), tt.avatar)
	}
	assert.Equal(t, ErrProfileAvatarSource, New(Config{}).checkAvatar("https://images.example.com/a.png"), "no host is allowed by default")
}

func TestUpdateUserInputIsBounded(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", maxProfileInput+1)
	for _, in := range []UpdateUserInput{{Name: &long}, {Description: &long}, {Location: &long},
		{Avatar: &long}, {Website: &long}, {Gender: &long}, {Birthday: &long}} {
		assert.Error(t, in.Validate())
	}
	fine := strings.Repeat("名", maxDescription)
	assert.NoError(t, (&UpdateUserInput{Description: &fine}).Validate())
}
