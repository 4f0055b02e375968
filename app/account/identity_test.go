package account

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

func TestParseIdentity(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		raw, typ string
		want     identity
		err      error
	}{
		{" Ana@Souk.DEV ", "", identity{kind: kindEmail, value: "ana@souk.dev"}, nil},
		{"+8613800138000", "phone", identity{kind: kindPhone, value: "+8613800138000", national: "13800138000"}, nil},
		{"+86 138-0013-8000", "", identity{kind: kindPhone, value: "+8613800138000", national: "13800138000"}, nil},
		{"0034 612 345 678", "", identity{kind: kindPhone, value: "+34612345678", national: "612345678"}, nil},
		{"+1 (201) 555-0123", "", identity{kind: kindPhone, value: "+12015550123", national: "2015550123"}, nil},
		{"", "phone", identity{}, ErrRequiredPhone},
		{"", "", identity{}, ErrRequiredEmail},
		{"13800138000", "", identity{}, ErrInvalidPhone},
		{"+86 138 abc", "", identity{}, ErrInvalidPhone},
		{"+999123456789", "", identity{}, ErrInvalidPhone},
		{"a@b", "", identity{}, ErrInvalidEmail},
		{"a b@souk.dev", "", identity{}, ErrInvalidEmail},
		{"\"a\"@souk.dev", "", identity{}, ErrInvalidEmail},
		{"José@souk.dev", "", identity{}, ErrInvalidEmail},
		{"@souk.dev", "", identity{}, ErrInvalidEmail},
	} {
		got, err := parseIdentity(tt.raw, tt.typ)
		assert.Equal(t, tt.err, err, tt.raw)
		assert.Equal(t, tt.want, got, tt.raw)
	}
	assert.Equal(t, "+8613800138000", looseTarget(" +86 13800138000"))
	assert.Equal(t, "not a login", looseTarget(" Not a Login "))
}

func TestNamesAndSlugs(t *testing.T) {
	t.Parallel()
	email := func(s string) identity { id, err := parseEmail(s); require.NoError(t, err); return id }
	assert.Equal(t, "ana-lopez", baseSlug(email("Ana.Lopez@souk.dev")))
	assert.Equal(t, "", baseSlug(email("ab@souk.dev")), "too short")
	assert.Equal(t, "abcdefghijklmnopqrstuvwx", baseSlug(email("abcdefghijklmnopqrstuvwxyz@souk.dev")))
	assert.Equal(t, "", baseSlug(identity{kind: kindPhone, value: "+8613800138000"}), "a phone never shows in a slug")

	slug, err := slugCandidate("ana", 0)
	require.NoError(t, err)
	assert.Equal(t, "ana", slug)
	slug, err = slugCandidate("ana", 1)
	require.NoError(t, err)
	assert.Regexp(t, `^ana-[a-z0-9]{4}$`, slug)

	assert.Equal(t, "138****8000", defaultName(identity{kind: kindPhone, national: "13800138000"}))
	assert.Equal(t, "612**5678", defaultName(identity{kind: kindPhone, national: "612345678"}))
	assert.Equal(t, "ana.lopez", defaultName(email("ana.lopez@souk.dev")))
}

func TestFlexibleNumbers(t *testing.T) {
	t.Parallel()
	var in struct {
		T  Timestamp `json:"t"`
		ID ID        `json:"id"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"t":1700000000000,"id":"1234567890123456789"}`), &in))
	assert.Equal(t, Timestamp(1700000000000), in.T)
	assert.Equal(t, ID(1234567890123456789), in.ID)
	require.NoError(t, json.Unmarshal([]byte(`{"t":"17","id":null}`), &in))
	assert.Equal(t, Timestamp(17), in.T)
	var typeErr *json.UnmarshalTypeError
	require.ErrorAs(t, json.Unmarshal([]byte(`{"t":"soon"}`), &in), &typeErr)
	assert.Equal(t, "t", typeErr.Field)
}

func TestFailures(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	f := newFailures()
	for range 2 {
		f.add("x", now)
	}
	assert.False(t, f.many("x", now))
	f.add("x", now)
	assert.True(t, f.many("x", now))
	assert.False(t, f.many("x", now.Add(failureWindow)))
	f.reset("x")
	assert.False(t, f.many("x", now))
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

func TestPlainTextAndURLs(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "a < b & c", plainText(" a < b &amp; c ", false))
	assert.Equal(t, "bold", plainText("<b>bold</b><img src=x onerror=alert(1)>", false))
	assert.Equal(t, "one two", plainText("one\ntwo", false))
	assert.True(t, validAvatar("/media/a.png"))
	assert.True(t, validAvatar("https://cdn.example/a.png"))
	assert.False(t, validAvatar("//cdn.example/a.png"))
	assert.False(t, validAvatar("data:image/png;base64,xx"))
	assert.False(t, validWebURL("https://user:pw@example.com"))
	assert.True(t, isURLLike("data:image/svg+xml,x"))
	assert.False(t, isURLLike("avatar.png"))
	assert.True(t, isGravatar("https://secure.gravatar.com/avatar/x"))
	assert.False(t, isGravatar("https://notgravatar.com/x"))
}

func mediaRole(can bool, max, size int) persistence.MediaRole {
	return persistence.MediaRole{Can: can, Max: max, SizeMB: size}
}
