package persistence

import (
	"context"
	"database/sql"
	"fmt"
)

// SocialAccount links a member to an account of a social login provider.
type SocialAccount struct {
	// Provider is the provider's key: "github", "google" or "wechat".
	Provider string
	// Subject identifies the person at the provider (GitHub's numeric id,
	// Google's sub, WeChat's unionid or openid); unique per provider.
	Subject string
	// UserID is the member's databaseId.
	UserID int64
	// CreatedAt is epoch ms, set by the store.
	CreatedAt int64
}

// SocialStore keeps the social login links and the login states already
// used.
type SocialStore struct{ db *DB }

// Social returns the social login store.
func (db *DB) Social() SocialStore { return SocialStore{db: db} }

const socialColumns = `provider, subject, user_id, created_at`

func scanSocialAccount(row scanner) (SocialAccount, error) {
	var a SocialAccount
	err := row.Scan(&a.Provider, &a.Subject, &a.UserID, &a.CreatedAt)
	return a, err
}

// Get returns the link of the provider's subject, or ErrNotFound.
func (s SocialStore) Get(ctx context.Context, provider, subject string) (SocialAccount, error) {
	a, err := scanSocialAccount(s.db.reads.QueryRowContext(ctx,
		`SELECT `+socialColumns+` FROM social_accounts WHERE provider = $1 AND subject = $2`, provider, subject))
	if err != nil {
		return SocialAccount{}, fmt.Errorf("social store: get %s/%s: %w", provider, subject, mapError(err))
	}
	return a, nil
}

// Link stores a, setting its CreatedAt; a.UserID must name an existing
// user. It returns ErrConflict when the provider's subject is already
// linked (to anyone).
func (s SocialStore) Link(ctx context.Context, a *SocialAccount) error {
	a.CreatedAt = Now()
	if err := insertSocialAccount(ctx, s.db.write, a); err != nil {
		return fmt.Errorf("social store: link %s/%s: %w", a.Provider, a.Subject, err)
	}
	return nil
}

// CreateUser inserts the new member u (assigning its ID and times as
// UsersStore.Create does) and links a to it, both or neither. It returns
// ErrConflict when the user's ID, slug, email or phone is taken or the
// provider's subject is already linked.
func (s SocialStore) CreateUser(ctx context.Context, u *User, a *SocialAccount) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		if err := insertUser(ctx, s.db, tx, u); err != nil {
			return fmt.Errorf("insert user %q: %w", u.Slug, err)
		}
		a.UserID, a.CreatedAt = u.ID, u.CreatedAt
		return insertSocialAccount(ctx, tx, a)
	})
	if err != nil {
		return fmt.Errorf("social store: create user for %s/%s: %w", a.Provider, a.Subject, err)
	}
	return nil
}

// execer is a *sql.DB or a *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func insertSocialAccount(ctx context.Context, db execer, a *SocialAccount) error {
	_, err := db.ExecContext(ctx, `INSERT INTO social_accounts (`+socialColumns+`) VALUES ($1, $2, $3, $4)`,
		a.Provider, a.Subject, a.UserID, a.CreatedAt)
	return mapError(err)
}
