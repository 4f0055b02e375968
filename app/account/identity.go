package account

import (
	"net/mail"
	"strings"
	"unicode"

	"souk/app/action"

	"github.com/nyaruka/phonenumbers"
)

// Kinds of identity.
const (
	kindEmail = "email"
	kindPhone = "phone"
)

// identity is a normalized phone number or email address: what accounts
// are found by and codes are sent to.
type identity struct {
	// kind is kindEmail or kindPhone.
	kind string
	// value is the lower-cased email, or the phone number in E.164.
	value string
	// national is a phone's national significant number ("" for an email).
	national string
}

const maxEmail = 254

// parseIdentity reads what the client sent as phoneOrEmail. signInType is
// the login box's sign-in type ("phone" or "email", maybe empty); it picks
// the message for an empty value. A phone is sent with its dial code
// (+8613800138000); spaces, dashes, dots and brackets are ignored.
func parseIdentity(raw, signInType string) (identity, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		if strings.EqualFold(signInType, kindPhone) {
			return identity{}, ErrRequiredPhone
		}
		return identity{}, ErrRequiredEmail
	}
	if strings.Contains(raw, "@") {
		return parseEmail(raw)
	}
	return parsePhone(raw)
}

func parseEmail(raw string) (identity, error) {
	email := strings.ToLower(raw)
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" || len(email) > maxEmail {
		return identity{}, ErrInvalidEmail
	}
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" || !strings.Contains(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.ContainsFunc(email, func(r rune) bool { return r > unicode.MaxASCII || unicode.IsSpace(r) }) {
		return identity{}, ErrInvalidEmail
	}
	return identity{kind: kindEmail, value: email}, nil
}

func parsePhone(raw string) (identity, error) {
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
		return identity{}, ErrInvalidPhone
	}
	for _, r := range compact[1:] {
		if r < '0' || r > '9' {
			return identity{}, ErrInvalidPhone
		}
	}
	num, err := phonenumbers.Parse(compact, "")
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return identity{}, ErrInvalidPhone
	}
	return identity{
		kind:     kindPhone,
		value:    phonenumbers.Format(num, phonenumbers.E164),
		national: phonenumbers.GetNationalSignificantNumber(num),
	}, nil
}

// looseTarget is what a captcha is bound to: the normalized identity when
// raw is one, else raw trimmed and lower-cased (or "" when none was given).
func looseTarget(raw string) string {
	if id, err := parseIdentity(raw, ""); err == nil {
		return id.value
	}
	return strings.ToLower(strings.TrimSpace(raw))
}

// Timestamp is an instant in epoch milliseconds. It decodes from a JSON
// number or a string of digits, as clients send either.
type Timestamp int64

// UnmarshalJSON accepts 1700000000000 and "1700000000000".
func (t *Timestamp) UnmarshalJSON(b []byte) error {
	n, err := action.FlexibleInt(b)
	*t = Timestamp(n)
	return err
}

// ID is a databaseId in an input: a JSON number or a decimal string.
type ID = action.ID
