package auth

import (
	"net/mail"
	"strings"
	"unicode"

	"souk/app/internal/credential"

	"github.com/nyaruka/phonenumbers"
)

const maxEmail = 254

// parseIdentity reads what the client sent as phoneOrEmail. signInType is
// the login box's sign-in type ("phone" or "email", maybe empty); it picks
// the message for an empty value. A phone is sent with its dial code
// (+8613800138000); spaces, dashes, dots and brackets are ignored.
func parseIdentity(raw, signInType string) (credential.Identity, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		if strings.EqualFold(signInType, credential.KindPhone) {
			return credential.Identity{}, ErrRequiredPhone
		}
		return credential.Identity{}, ErrRequiredEmail
	}
	if strings.Contains(raw, "@") {
		return parseEmail(raw)
	}
	return parsePhone(raw)
}

func parseEmail(raw string) (credential.Identity, error) {
	email := strings.ToLower(raw)
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" || len(email) > maxEmail {
		return credential.Identity{}, ErrInvalidEmail
	}
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" || !strings.Contains(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.ContainsFunc(email, func(r rune) bool { return r > unicode.MaxASCII || unicode.IsSpace(r) }) {
		return credential.Identity{}, ErrInvalidEmail
	}
	return credential.Identity{Kind: credential.KindEmail, Value: email}, nil
}

func parsePhone(raw string) (credential.Identity, error) {
	compact := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.', '(', ')', '\u00a0':
			return -1
		}
		return r
	}, raw)
	if strings.HasPrefix(compact, "00") {
		compact = "+" + compact[2:]
	}
	if !strings.HasPrefix(compact, "+") || len(compact) > 20 {
		return credential.Identity{}, ErrInvalidPhone
	}
	for _, r := range compact[1:] {
		if r < '0' || r > '9' {
			return credential.Identity{}, ErrInvalidPhone
		}
	}
	num, err := phonenumbers.Parse(compact, "")
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return credential.Identity{}, ErrInvalidPhone
	}
	return credential.Identity{
		Kind:     credential.KindPhone,
		Value:    phonenumbers.Format(num, phonenumbers.E164),
		National: phonenumbers.GetNationalSignificantNumber(num),
	}, nil
}

// looseTarget is what a captcha is bound to: the normalized identity when
// raw is one, else raw trimmed and lower-cased (or "" when none was given).
func looseTarget(raw string) string {
	if id, err := parseIdentity(raw, ""); err == nil {
		return id.Value
	}
	return strings.ToLower(strings.TrimSpace(raw))
}
