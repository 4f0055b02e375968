package auth

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"souk/app/member"
	"souk/persistence"
)

const (
	// socialSlugMax bounds the part of a new member's slug taken from the provider.
	socialSlugMax = 30
	// socialNameMax bounds a new member's name, in runes.
	socialNameMax = 64
)

// socialNewUser builds the member a first social login creates: name and
// avatar from the provider, a free slug, email only when the provider
// vouches for it, and the lowest growth level. A retry (attempt > 0)
// always gets a random slug suffix.
func (s *Social[V]) socialNewUser(ctx context.Context, provider string, prof socialProfile, email string, attempt int) (persistence.User, error) {
	levels, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return persistence.User{}, fmt.Errorf("new user: %w", err)
	}
	u := persistence.User{
		Name:      socialName(prof, provider),
		AvatarURL: socialAvatar(prof.AvatarURL),
		Email:     email,
	}
	if len(levels) > 0 {
		u.LevelKey = levels[0].Key
	}
	base := socialSlug(prof.Login)
	if base == "" {
		base = socialSlug(prof.Name)
	}
	if base == "" {
		base = provider
	}
	u.Slug = base
	if attempt == 0 {
		_, err = s.db.Users().GetBySlug(ctx, base)
		if err != nil && !errors.Is(err, persistence.ErrNotFound) {
			return persistence.User{}, fmt.Errorf("new user: %w", err)
		}
	}
	if attempt > 0 || err == nil {
		suffix, err := socialSlugSuffix()
		if err != nil {
			return persistence.User{}, fmt.Errorf("new user: %w", err)
		}
		u.Slug = base + "-" + suffix
	}
	return u, nil
}

// socialName is the display name a new member starts with.
func socialName(prof socialProfile, provider string) string {
	name := strings.Join(strings.Fields(member.PlainText(prof.Name, false)), " ")
	if name == "" {
		name = member.PlainText(prof.Login, false)
	}
	if name == "" {
		name = provider
	}
	if utf8.RuneCountInString(name) > socialNameMax {
		name = string([]rune(name)[:socialNameMax])
	}
	return name
}

// socialAvatar keeps an avatar URL only if it is an absolute http(s) URL.
func socialAvatar(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	return u.String()
}

// socialSlug turns a handle or name into a slug: lower-case ASCII letters
// and digits, runs of anything else as one hyphen. It is "" when nothing
// usable is left (a name in Chinese, say).
func socialSlug(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		default:
			hyphen = true
		}
		if b.Len() >= socialSlugMax {
			break
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// socialSlugSuffix is six random lower-case letters and digits.
func socialSlugSuffix() (string, error) {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	raw := make([]byte, 6)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("slug suffix: %w", err)
	}
	for i, c := range raw {
		raw[i] = alphabet[int(c)%len(alphabet)]
	}
	return string(raw), nil
}
