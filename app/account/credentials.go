package account

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/persistence"
)

// Password length bounds, in characters.
const (
	minPassword = 6
	maxPassword = 128
)

// checkPassword validates a new password and its optional confirmation.
func checkPassword(pw, confirm string) error {
	switch n := utf8.RuneCountInString(pw); {
	case pw == "":
		return ErrRequiredPassword
	case n < minPassword || n > maxPassword:
		return ErrPasswordLength
	case confirm != "" && confirm != pw:
		return ErrPasswordNotMatch
	}
	return nil
}

func (s *Service) hashPassword(pw string) (string, error) {
	return HashPasswordWith(pw, s.cost)
}

// verifyLogin reports whether pw is the password of u. With found false
// (nobody has that login) or a user without a password it verifies against
// a dummy hash of the same cost, so that an unknown account takes as long
// to refuse as a wrong password.
func (s *Service) verifyLogin(ctx context.Context, u persistence.User, found bool, pw string) bool {
	s.dummyOnce.Do(func() {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		hash, err := s.hashPassword(base64.StdEncoding.EncodeToString(b))
		if err != nil {
			s.log.ErrorContext(ctx, "make dummy password hash", "err", err)
		}
		s.dummyHash = hash
	})
	hash := u.PasswordHash
	if !found || hash == "" {
		hash = s.dummyHash
	}
	ok, err := VerifyPassword(hash, pw)
	if err != nil {
		s.log.ErrorContext(ctx, "verify password", "user", u.ID, "err", err)
		return false
	}
	return ok && found && u.PasswordHash != ""
}

// Slug and name of new accounts.
const (
	maxSlug        = 24
	minSlug        = 3
	slugAttempts   = 5
	slugAlphabet   = "abcdefghijklmnopqrstuvwxyz0123456789"
	randomSlugSize = 9
)

// baseSlug derives a slug from an email's local part: lower-case ASCII
// letters and digits, other runs of characters as one dash. It is "" when
// too little is left (and always for a phone, which must not show).
func baseSlug(id identity) string {
	if id.kind != kindEmail {
		return ""
	}
	local, _, _ := strings.Cut(id.value, "@")
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(local) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	slug := b.String()
	if len(slug) > maxSlug {
		slug = strings.TrimRight(slug[:maxSlug], "-")
	}
	if len(slug) < minSlug {
		return ""
	}
	return slug
}

// slugCandidate returns the attempt-th slug to try: the base, then the base
// with a random suffix, and a random slug when there is no base.
func slugCandidate(base string, attempt int) (string, error) {
	switch {
	case base == "":
		suffix, err := randomString(randomSlugSize)
		return "u" + suffix, err
	case attempt == 0:
		return base, nil
	}
	suffix, err := randomString(4)
	return base + "-" + suffix, err
}

func randomString(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("account: random: %w", err)
	}
	for i := range b {
		b[i] = slugAlphabet[int(b[i])%len(slugAlphabet)]
	}
	return string(b), nil
}

// defaultName is a new member's name: the email's local part, or the phone
// with the middle digits masked (138****8000).
func defaultName(id identity) string {
	if id.kind == kindEmail {
		local, _, _ := strings.Cut(id.value, "@")
		return truncateRunes(local, maxName)
	}
	n := id.national
	keepHead, keepTail := 3, 4
	if len(n) < keepHead+keepTail+2 {
		keepHead, keepTail = 1, 2
	}
	if len(n) <= keepHead+keepTail {
		return n
	}
	return n[:keepHead] + strings.Repeat("*", len(n)-keepHead-keepTail) + n[len(n)-keepTail:]
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// referrerOf resolves an invite code (a member's slug or databaseId) to
// that member's id; an unknown code is 0, as a stale link must not stop a
// sign-up.
func (s *Service) referrerOf(ctx context.Context, code string) (int64, error) {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 64 {
		return 0, nil
	}
	var (
		u   persistence.User
		err error
	)
	if id, perr := strconv.ParseInt(code, 10, 64); perr == nil && strings.IndexFunc(code, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
		u, err = s.db.Users().Get(ctx, id)
		if errors.Is(err, persistence.ErrNotFound) {
			u, err = s.db.Users().GetBySlug(ctx, code)
		}
	} else {
		u, err = s.db.Users().GetBySlug(ctx, strings.ToLower(code))
	}
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("account: referrer: %w", err)
	}
	return u.ID, nil
}

// lowestLevel is the key of the growth level new members start at; "" when
// the site has none.
func (s *Service) lowestLevel(ctx context.Context) (string, error) {
	levels, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return "", fmt.Errorf("account: levels: %w", err)
	}
	if len(levels) == 0 {
		return "", nil
	}
	return levels[0].Key, nil
}
