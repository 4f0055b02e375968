package demo

import (
	"context"
	"errors"
	"fmt"

	"souk/app/auth"
	"souk/persistence"
)

// Passwords of the demo accounts. They are public: never seed a site open
// to the internet with them.
const (
	AdminPassword  = "souk-admin-2026"
	VIPPassword    = "souk-vip-2026"
	MemberPassword = "souk-member-2026"
)

// Login is a demo account.
type Login struct {
	// Role says what the account shows: admin, vip or member.
	Role string
	// Slug is the account's profile slug; it matches a user in data/users.json.
	Slug     string
	Email    string
	Password string
}

// Logins lists the demo accounts.
var Logins = []Login{
	{Role: "admin", Slug: "admin", Email: "admin@souk.dev", Password: AdminPassword},
	{Role: "vip", Slug: "vip", Email: "vip@souk.dev", Password: VIPPassword},
	{Role: "member", Slug: "member", Email: "member@souk.dev", Password: MemberPassword},
}

type userFile struct {
	Slug        string `json:"slug"`
	Name        string `json:"name"`
	Email       string `json:"email"`
	Description string `json:"description"`
	Level       string `json:"level"`
	VIP         string `json:"vip"`
	Admin       bool   `json:"admin"`
}

// seedUsers creates the demo users whose slug is free and leaves existing
// ones alone (their password is not hashed again). It returns how many it created.
func seedUsers(ctx context.Context, db *persistence.DB) (int, error) {
	var users []userFile
	if err := load("users.json", &users); err != nil {
		return 0, err
	}
	passwords := make(map[string]string, len(Logins))
	for _, l := range Logins {
		passwords[l.Slug] = l.Password
	}
	created := 0
	for _, f := range users {
		_, err := db.Users().GetBySlug(ctx, f.Slug)
		if err == nil {
			continue
		}
		if !errors.Is(err, persistence.ErrNotFound) {
			return created, fmt.Errorf("demo: %w", err)
		}
		password, ok := passwords[f.Slug]
		if !ok {
			return created, fmt.Errorf("demo: user %q has no password in Logins", f.Slug)
		}
		hash, err := auth.HashPassword(password)
		if err != nil {
			return created, fmt.Errorf("demo: user %q: %w", f.Slug, err)
		}
		u := persistence.User{Name: f.Name, Slug: f.Slug, Email: f.Email, Description: f.Description,
			PasswordHash: hash, LevelKey: f.Level, VIPKey: f.VIP, IsAdmin: f.Admin, HasInfomation: true}
		err = db.Users().Create(ctx, &u)
		switch {
		case errors.Is(err, persistence.ErrConflict):
			// Its slug, email or phone was taken meanwhile (another node
			// seeding at the same time): leave that account alone.
		case err != nil:
			return created, fmt.Errorf("demo: %w", err)
		default:
			created++
		}
	}
	return created, nil
}
