package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAvatarHostsReachProfiles: --avatar-hosts is what updateUser allows a
// profile picture to come from, and nothing else.
func TestAvatarHostsReachProfiles(t *testing.T) {
	f := &authzFixture{t: t, base: startServer(t, "--avatar-hosts", "images.example.com")}
	member := f.signedIn(asMember)

	res := f.callWith(member, "updateUser", map[string]any{"avatar": "https://images.example.com/me.png"})
	require.Equal(t, ok, res.status, "an allowed host: %s", res)
	assert.Contains(t, string(res.body), "https://images.example.com/me.png")

	res = f.callWith(member, "updateUser", map[string]any{"avatar": "https://elsewhere.example.org/me.png"})
	assert.Equal(t, badInput, res.status, "a host the flag does not name: %s", res)
	assert.Equal(t, "common.error.profileAvatarSource", res.code)
}
