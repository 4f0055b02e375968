package auth

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSocialConfigProviders(t *testing.T) {
	t.Parallel()
	require.Empty(t, SocialConfig{}.Providers())
	require.Empty(t, SocialConfig{GitHub: OAuthClient{ID: "id"}}.Providers(), "a client without its secret is not configured")
	require.Equal(t, []string{SocialGitHub, SocialWeChat}, SocialConfig{
		GitHub: OAuthClient{ID: "a", Secret: "b"},
		WeChat: OAuthClient{ID: "c", Secret: "d"},
	}.Providers())
}
