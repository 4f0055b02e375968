package auth

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/credential"
)

func TestCommonPasswordsShipped(t *testing.T) {
	t.Parallel()
	set := commonPasswords()
	require.GreaterOrEqual(t, len(set), 5000)
	for _, pw := range []string{"123456", "password", "12345678", "qwerty", "iloveyou", "password1", "qwertyuiop"} {
		assert.Contains(t, set, pw)
	}
	for pw := range set {
		require.Equal(t, strings.ToLower(pw), pw, "the list is lower-cased")
		require.NotContains(t, pw, "#")
	}
}

func TestCheckPassword(t *testing.T) {
	t.Parallel()
	email := credential.Identity{Kind: credential.KindEmail, Value: "ana.lopez@souk.dev"}
	phone, err := parseIdentity("+86 138 0013 8000", "")
	require.NoError(t, err)
	tests := []struct {
		name, pw, confirm string
		id                credential.Identity
		names             []string
		want              error
	}{
		{"empty", "", "", email, nil, ErrRequiredPassword},
		{"6 characters", "k8#qz!", "", email, nil, ErrPasswordLength},
		{"7 characters", "k8#qz!w", "", email, nil, ErrPasswordLength},
		{"129 characters", strings.Repeat("k", 129), "", email, nil, ErrPasswordLength},
		{"8 characters", "k8#qz!w2", "", email, nil, nil},
		{"128 characters", strings.Repeat("k", 128), "", email, nil, nil},
		{"confirmation differs", "k8#qz!w2", "k8#qz!w3", email, nil, ErrPasswordNotMatch},
		{"common", "12345678", "", email, nil, ErrPasswordCommon},
		{"common, other case", "PassWord1", "", email, nil, ErrPasswordCommon},
		{"common, with spaces around", " iloveyou ", "", email, nil, ErrPasswordCommon},
		{"the email", "Ana.Lopez@Souk.dev", "", email, nil, ErrPasswordIsAccount},
		{"the email's local part", "ANA.LOPEZ", "", email, nil, ErrPasswordIsAccount},
		{"the phone", "+8613800138000", "", phone, nil, ErrPasswordIsAccount},
		{"the phone as typed", "+86 138-0013-8000", "", phone, nil, ErrPasswordIsAccount},
		{"the national number", "13800138000", "", phone, nil, ErrPasswordIsAccount},
		{"the name", "maria garcia", "", email, []string{"María", "Maria Garcia"}, ErrPasswordIsAccount},
		{"the slug", "ana-lopez-7", "", email, []string{"Ana", "ana-lopez-7"}, ErrPasswordIsAccount},
		{"containing the name is fine", "maria garcia 1987!", "", email, []string{"Maria Garcia"}, nil},
		{"unicode", "contraseña segura", "", email, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, checkPassword(tt.pw, tt.confirm, tt.id, tt.names...))
		})
	}
}
