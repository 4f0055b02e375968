package account

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/app/internal/credential"
	"souk/persistence"
)

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
func baseSlug(id credential.Identity) string {
	if id.Kind != credential.KindEmail {
		return ""
	}
	local, _, _ := strings.Cut(id.Value, "@")
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
func defaultName(id credential.Identity) string {
	if id.Kind == credential.KindEmail {
		local, _, _ := strings.Cut(id.Value, "@")
		return truncateRunes(local, maxName)
	}
	n := id.National
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
