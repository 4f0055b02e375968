package auth

import (
	_ "embed"
	"strings"
	"sync"
	"unicode/utf8"

	"souk/app/internal/credential"
)

// Password length bounds, in characters.
const (
	minPassword = 8
	maxPassword = 128
)

// commonPasswordList is the shipped list of the most common passwords,
// one a line, lower-cased; lines starting with # are comments.
//
//go:embed common_passwords.txt
var commonPasswordList string

// commonPasswords is commonPasswordList as a set, read on first use.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 5000)
	for line := range strings.Lines(commonPasswordList) {
		line = strings.TrimRight(line, "\r\n")
		if line != "" && !strings.HasPrefix(line, "#") {
			set[line] = struct{}{}
		}
	}
	return set
})

// checkPassword validates a new password of the account id and its
// optional confirmation: 8 to 128 characters, not one of the most common
// passwords, and not the account's email (or its part before the @),
// phone, or any of names (its name and slug where known), whatever the
// case. It applies to sign-ups and password changes only: existing
// passwords sign in as they are.
func checkPassword(pw, confirm string, id credential.Identity, names ...string) error {
	switch n := utf8.RuneCountInString(pw); {
	case pw == "":
		return ErrRequiredPassword
	case n < minPassword || n > maxPassword:
		return ErrPasswordLength
	case confirm != "" && confirm != pw:
		return ErrPasswordNotMatch
	}
	lower := strings.ToLower(strings.TrimSpace(pw))
	if _, common := commonPasswords()[lower]; common {
		return ErrPasswordCommon
	}
	compact := strings.Map(func(r rune) rune {
		if strings.ContainsRune(" -.()+", r) {
			return -1
		}
		return r
	}, lower)
	for _, name := range accountNames(id, names) {
		if lower == name || compact == name {
			return ErrPasswordIsAccount
		}
	}
	return nil
}

// accountNames are the lower-cased names an account is known by.
func accountNames(id credential.Identity, names []string) []string {
	out := make([]string, 0, len(names)+3)
	add := func(s string) {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
			out = append(out, s)
		}
	}
	add(id.Value)
	if id.Kind == credential.KindEmail {
		local, _, _ := strings.Cut(id.Value, "@")
		add(local)
	} else {
		add(strings.TrimPrefix(id.Value, "+"))
		add(id.National)
	}
	for _, n := range names {
		add(n)
	}
	return out
}

// CheckNewPassword applies the sign-up rule (checkPassword) to a password
// set for the account known by phoneOrEmail (an email, or a phone with its
// +dial code) and names; it returns the account's normalized identity.
// souk admin, the operators' command line, sets passwords with it.
func CheckNewPassword(phoneOrEmail, pw string, names ...string) (credential.Identity, error) {
	id, err := parseIdentity(phoneOrEmail, "")
	if err != nil {
		return credential.Identity{}, err
	}
	return id, checkPassword(pw, "", id, names...)
}
