package account

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/credential"
	"souk/persistence"
)

func TestNamesAndSlugs(t *testing.T) {
	t.Parallel()
	email := func(s string) credential.Identity {
		return credential.Identity{Kind: credential.KindEmail, Value: strings.ToLower(s)}
	}
	assert.Equal(t, "ana-lopez", baseSlug(email("Ana.Lopez@souk.dev")))
	assert.Equal(t, "", baseSlug(email("ab@souk.dev")), "too short")
	assert.Equal(t, "abcdefghijklmnopqrstuvwx", baseSlug(email("abcdefghijklmnopqrstuvwxyz@souk.dev")))
	assert.Equal(t, "", baseSlug(credential.Identity{Kind: credential.KindPhone, Value: "+8613800138000"}), "a phone never shows in a slug")

	slug, err := slugCandidate("ana", 0)
	require.NoError(t, err)
	assert.Equal(t, "ana", slug)
	slug, err = slugCandidate("ana", 1)
	require.NoError(t, err)
	assert.Regexp(t, `^ana-[a-z0-9]{4}$`, slug)

	assert.Equal(t, "138****8000", defaultName(credential.Identity{Kind: credential.KindPhone, National: "13800138000"}))
	assert.Equal(t, "612**5678", defaultName(credential.Identity{Kind: credential.KindPhone, National: "612345678"}))
	assert.Equal(t, "ana.lopez", defaultName(email("ana.lopez@souk.dev")))
}

func TestFormatMinorAndMedia(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "0.00", formatMinor(0, 2))
	assert.Equal(t, "12.34", formatMinor(1234, 2))
	assert.Equal(t, "-0.05", formatMinor(-5, 2))
	assert.Equal(t, "7", formatMinor(7, 0))

	limited := mergeMedia(mediaRole(true, 5, 2), mediaRole(true, 10, 4))
	assert.Equal(t, mediaRole(true, 10, 4), limited)
	assert.Equal(t, mediaRole(true, 0, 4), mergeMedia(mediaRole(true, 5, 2), mediaRole(true, 0, 4)), "unlimited wins")
	assert.Equal(t, mediaRole(true, 5, 2), mergeMedia(mediaRole(true, 5, 2), mediaRole(false, 50, 50)), "a right not given adds nothing")
}

func TestAvatarURLs(t *testing.T) {
	t.Parallel()
}

func mediaRole(can bool, max, size int) persistence.MediaRole {
	return persistence.MediaRole{Can: can, Max: max, SizeMB: size}
}
