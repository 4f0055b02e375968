// Package benchusers creates the members a load test signs in as, and the
// file the bench suite reads their credentials from.
//
// It is reached only through `souk seed --bench-users N`, which needs the
// database and the node secret (the operator's own credentials), never
// through the network: a production site exposes no way to create them.
// Bench members are ordinary members of the lowest growth level that may
// chat and send private messages; they share one random password, written
// only to the file, so a few of them can sign in for the HTTP scenario.
package benchusers

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"souk/app/auth"
	"souk/persistence"
)

// SlugPrefix starts the slug of every bench member: bench-000001, ...
const SlugPrefix = "bench-"

// emailDomain is reserved (RFC 2606): no mail can reach a bench member.
const emailDomain = "bench.invalid"

// File is the credentials file the bench suite reads (bench.UsersFile
// mirrors it). Socket tokens are valid for a day after CreatedAt.
type File struct {
	// CreatedAt is when the tokens were signed, epoch ms.
	CreatedAt int64 `json:"createdAt"`
	// Password signs in any bench member through auth.login.
	Password string `json:"password"`
	Users    []User `json:"users"`
}

// User is one bench member with its websocket credentials (the viewer's
// gqUserSocketToken).
type User struct {
	ID        string `json:"id"`
	Email     string `json:"email"`
	Signature string `json:"signature"`
	Timestamp string `json:"timestamp"`
}

// ErrNoChatLevel is returned when the site has no growth level that allows
// chat: load `souk seed` demo levels, or give one the chat capability.
var ErrNoChatLevel = errors.New("benchusers: no growth level allows chat")

// Create makes sure members bench-000001 … bench-<n> exist (creating the
// missing ones, leaving the others as they are, so a second run is cheap),
// and returns their credentials signed with secret at now.
func Create(ctx context.Context, db *persistence.DB, secret []byte, n int, now time.Time) (File, error) {
	if n <= 0 {
		return File{}, fmt.Errorf("benchusers: want a positive count, got %d", n)
	}
	level, err := chatLevel(ctx, db)
	if err != nil {
		return File{}, err
	}
	password, hash, err := newPassword()
	if err != nil {
		return File{}, err
	}
	out := File{CreatedAt: persistence.Millis(now), Password: password, Users: make([]User, 0, n)}
	for i := 1; i <= n; i++ {
		slug := SlugPrefix + fmt.Sprintf("%06d", i)
		u, err := db.Users().GetBySlug(ctx, slug)
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			u = persistence.User{Name: "bench " + strconv.Itoa(i), Slug: slug, Email: slug + "@" + emailDomain,
				LevelKey: level, HasInfomation: true, PasswordHash: hash}
			if err := db.Users().Create(ctx, &u); err != nil {
				return File{}, fmt.Errorf("benchusers: %w", err)
			}
		case err != nil:
			return File{}, fmt.Errorf("benchusers: %w", err)
		default:
			// The password changes with every run: the last file is the one that signs in.
			if err := db.Users().SetPasswordHash(ctx, u.ID, hash); err != nil {
				return File{}, fmt.Errorf("benchusers: %w", err)
			}
		}
		sig, ts := auth.SocketToken(secret, u.ID, 0, now)
		out.Users = append(out.Users, User{ID: strconv.FormatInt(u.ID, 10), Email: u.Email, Signature: sig, Timestamp: ts})
	}
	return out, nil
}

// chatLevel is the lowest growth level that allows chat, preferring one
// that also allows private messages.
func chatLevel(ctx context.Context, db *persistence.DB) (string, error) {
	levels, err := db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return "", fmt.Errorf("benchusers: %w", err)
	}
	chat := ""
	for _, l := range levels {
		if !slices.Contains(l.Roles.UserCan, "chat") {
			continue
		}
		if slices.Contains(l.Roles.UserCan, "directMessages") {
			return l.Key, nil
		}
		if chat == "" {
			chat = l.Key
		}
	}
	if chat == "" {
		return "", ErrNoChatLevel
	}
	return chat, nil
}

// newPassword returns a random password and its hash, computed once for
// every bench member.
func newPassword() (string, string, error) {
	raw := make([]byte, 18)
	if _, err := rand.Read(raw); err != nil {
		return "", "", fmt.Errorf("benchusers: password: %w", err)
	}
	pw := base64.RawURLEncoding.EncodeToString(raw)
	hash, err := auth.HashPassword(pw)
	if err != nil {
		return "", "", fmt.Errorf("benchusers: %w", err)
	}
	return pw, hash, nil
}

// Write saves f at path (mode 0600: it signs in as every bench member).
func Write(path string, f File) error {
	b, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("benchusers: encode: %w", err)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("benchusers: %w", err)
		}
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return fmt.Errorf("benchusers: %w", err)
	}
	return nil
}
