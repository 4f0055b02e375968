package auth

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHashPasswordFormat(t *testing.T) {
	t.Parallel()
	h1, err := HashPassword("correct horse")
	require.NoError(t, err)
	assert.Regexp(t, regexp.MustCompile(`^\$argon2id\$v=19\$m=65536,t=3,p=2\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`), h1)
	h2, err := HashPassword("correct horse")
	require.NoError(t, err)
	assert.NotEqual(t, h1, h2, "a fresh salt every time")
}

func TestVerifyPassword(t *testing.T) {
	t.Parallel()
	hash, err := HashPassword("souk-admin-2026")
	require.NoError(t, err)
	// Made with other parameters: verification reads them from the hash.
	salt := []byte("somesalt")
	lowCost := "$argon2id$v=19$m=16,t=2,p=1$" + b64.EncodeToString(salt) + "$" +
		b64.EncodeToString(argon2.IDKey([]byte("password"), salt, 2, 16, 1, 32))
	tests := []struct {
		name    string
		encoded string
		pw      string
		want    bool
	}{
		{"right password", hash, "souk-admin-2026", true},
		{"wrong password", hash, "souk-admin-2025", false},
		{"empty password", hash, "", false},
		{"other parameters", lowCost, "password", true},
		{"other parameters, wrong password", lowCost, "Password", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ok, err := VerifyPassword(tt.encoded, tt.pw)
			require.NoError(t, err)
			assert.Equal(t, tt.want, ok)
		})
	}
}

func TestVerifyPasswordRejectsMalformed(t *testing.T) {
	t.Parallel()
	good, err := HashPassword("pw")
	require.NoError(t, err)
	parts := strings.Split(good, "$")
	with := func(i int, v string) string {
		p := append([]string(nil), parts...)
		p[i] = v
		return strings.Join(p, "$")
	}
	tests := map[string]string{
		"empty":             "",
		"plain text":        "pw",
		"bcrypt":            "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
		"argon2i":           with(1, "argon2i"),
		"old version":       with(2, "v=16"),
		"missing parameter": with(3, "m=65536,t=3"),
		"trailing garbage":  with(3, "m=65536,t=3,p=2,x=1"),
		"zero time":         with(3, "m=65536,t=0,p=2"),
		"huge memory":       with(3, "m=4194304,t=3,p=2"),
		"zero threads":      with(3, "m=65536,t=3,p=0"),
		"bad salt":          with(4, "!!!"),
		"short salt":        with(4, "YWJj"),
		"padded hash":       with(5, parts[5]+"="),
		"short hash":        with(5, "YWJj"),
		"extra field":       good + "$x",
	}
	for name, encoded := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ok, err := VerifyPassword(encoded, "pw")
			require.ErrorIs(t, err, ErrMalformedHash)
			assert.False(t, ok)
		})
	}
}
