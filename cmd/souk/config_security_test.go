package main

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSecurityFlags(t *testing.T) {
	cfg, err := parseConfig("serve", nil, io.Discard)
	require.NoError(t, err)
	assert.False(t, cfg.HSTS, "HSTS is off by default")
	assert.Empty(t, cfg.MetricsToken)
	assert.Empty(t, cfg.AvatarHosts, "no avatar host by default")

	cfg, err = parseConfig("serve", []string{"--hsts", "--public-url", "https://souk.example",
		"--avatar-hosts", " Images.Example.com, cdn.example.org ", "--metrics-token", "0123456789abcdef0123456789abcdef"}, io.Discard)
	require.NoError(t, err)
	assert.True(t, cfg.HSTS)
	assert.Equal(t, []string{"images.example.com", "cdn.example.org"}, cfg.AvatarHosts)
	assert.Equal(t, "0123456789abcdef0123456789abcdef", cfg.MetricsToken)

	t.Setenv("SOUK_AVATAR_HOSTS", "images.example.com")
	cfg, err = parseConfig("serve", nil, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, []string{"images.example.com"}, cfg.AvatarHosts)

	for name, args := range map[string][]string{
		"--hsts needs an https --public-url": {"--hsts"},
		"--metrics-token is too short":       {"--metrics-token", "short"},
		"--avatar-hosts takes host names":    {"--avatar-hosts", "https://images.example.com/"},
	} {
		_, err := parseConfig("serve", args, io.Discard)
		assert.Error(t, err, name)
	}
}
