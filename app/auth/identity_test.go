package auth

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"souk/app/internal/credential"
)

func TestParseIdentity(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		raw, typ string
		want     credential.Identity
		err      error
	}{
		{" Ana@Souk.DEV ", "", credential.Identity{Kind: credential.KindEmail, Value: "ana@souk.dev"}, nil},
		{"+8613800138000", "phone", credential.Identity{Kind: credential.KindPhone, Value: "+8613800138000", National: "13800138000"}, nil},
		{"+86 138-0013-8000", "", credential.Identity{Kind: credential.KindPhone, Value: "+8613800138000", National: "13800138000"}, nil},
		{"0034 612 345 678", "", credential.Identity{Kind: credential.KindPhone, Value: "+34612345678", National: "612345678"}, nil},
		{"+1 (201) 555-0123", "", credential.Identity{Kind: credential.KindPhone, Value: "+12015550123", National: "2015550123"}, nil},
		{"", "phone", credential.Identity{}, ErrRequiredPhone},
		{"", "", credential.Identity{}, ErrRequiredEmail},
		{"13800138000", "", credential.Identity{}, ErrInvalidPhone},
		{"+86 138 abc", "", credential.Identity{}, ErrInvalidPhone},
		{"+999123456789", "", credential.Identity{}, ErrInvalidPhone},
		{"a@b", "", credential.Identity{}, ErrInvalidEmail},
		{"a b@souk.dev", "", credential.Identity{}, ErrInvalidEmail},
		{"\"a\"@souk.dev", "", credential.Identity{}, ErrInvalidEmail},
		{"José@souk.dev", "", credential.Identity{}, ErrInvalidEmail},
		{"@souk.dev", "", credential.Identity{}, ErrInvalidEmail},
	} {
		got, err := parseIdentity(tt.raw, tt.typ)
		assert.Equal(t, tt.err, err, tt.raw)
		assert.Equal(t, tt.want, got, tt.raw)
	}
	assert.Equal(t, "+8613800138000", looseTarget(" +86 13800138000"))
	assert.Equal(t, "not a login", looseTarget(" Not a Login "))
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
