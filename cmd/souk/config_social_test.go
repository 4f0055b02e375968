package main

import (
	"io"
	"testing"

	"souk/app/auth"

	"github.com/stretchr/testify/require"
)

func TestParseConfigSocial(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		wantErr string
		check   func(t *testing.T, c auth.SocialConfig)
	}{
		{
			name: "defaults: no provider",
			check: func(t *testing.T, c auth.SocialConfig) {
				require.Equal(t, "http://localhost:8080", c.PublicURL)
				require.Equal(t, auth.DefaultGoogleIssuer, c.GoogleIssuer)
				require.False(t, c.GitHub.Configured())
				require.False(t, c.Google.Configured())
				require.False(t, c.WeChat.Configured())
			},
		},
		{
			name: "flags and environment",
			args: []string{"--public-url", "https://souk.example/shop/", "--oauth-github-id", "gh", "--oauth-github-secret", "hunter2"},
			env: map[string]string{"SOUK_OAUTH_WECHAT_ID": "wx", "SOUK_OAUTH_WECHAT_SECRET": "hunter2",
				"SOUK_OAUTH_GOOGLE_ID": "g", "SOUK_OAUTH_GOOGLE_SECRET": "hunter2", "SOUK_OAUTH_GOOGLE_ISSUER": "http://127.0.0.1:9999/oidc"},
			check: func(t *testing.T, c auth.SocialConfig) {
				require.Equal(t, "https://souk.example/shop", c.PublicURL, "no trailing slash")
				require.Equal(t, auth.OAuthClient{ID: "gh", Secret: "hunter2"}, c.GitHub)
				require.Equal(t, auth.OAuthClient{ID: "wx", Secret: "hunter2"}, c.WeChat)
				require.True(t, c.Google.Configured())
				require.Equal(t, "http://127.0.0.1:9999/oidc", c.GoogleIssuer)
			},
		},
		{name: "public url without scheme", args: []string{"--public-url", "souk.example"}, wantErr: `invalid value "souk.example" for --public-url (env SOUK_PUBLIC_URL)`},
		{name: "public url of another scheme", args: []string{"--public-url", "ftp://souk.example"}, wantErr: `for --public-url`},
		{name: "public url with a query", args: []string{"--public-url", "https://souk.example/?a=1"}, wantErr: `for --public-url`},
		{name: "bad issuer", args: []string{"--oauth-google-issuer", "accounts.google.com"}, wantErr: `for --oauth-google-issuer`},
		{name: "id without secret", args: []string{"--oauth-github-id", "gh"}, wantErr: `invalid value "gh" for --oauth-github-id (env SOUK_OAUTH_GITHUB_ID): set --oauth-github-secret too, or neither`},
		{name: "secret without id", env: map[string]string{"SOUK_OAUTH_WECHAT_SECRET": "hunter2"}, wantErr: `invalid value "(hidden)" for --oauth-wechat-secret`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			c, err := parseConfig("serve", tt.args, io.Discard)
			if tt.wantErr != "" {
				require.Error(t, err)
				require.Contains(t, err.Error(), tt.wantErr)
				require.NotContains(t, err.Error(), "hunter2")
				return
			}
			require.NoError(t, err)
			tt.check(t, c.socialConfig())
		})
	}
}
