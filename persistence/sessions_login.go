package persistence

import (
	"context"
	"fmt"
)

// LoginToken is a one-time login link an administrator issued. Only the
// token's hash is kept.
type LoginToken struct {
	// Hash identifies the token: a hex SHA-256 of the token in the link.
	Hash   string
	UserID int64
	// CreatedBy is the administrator who issued it.
	CreatedBy int64
	// CreatedAt and ExpiresAt are epoch ms.
	CreatedAt, ExpiresAt int64
}

// CreateLoginToken stores a new login token.
func (s SessionsStore) CreateLoginToken(ctx context.Context, t LoginToken) error {
	_, err := s.db.write.ExecContext(ctx, `INSERT INTO login_tokens
		(token_hash, user_id, created_by, created_at, expires_at, used_at) VALUES ($1, $2, $3, $4, $5, 0)`,
		t.Hash, t.UserID, t.CreatedBy, t.CreatedAt, t.ExpiresAt)
	if err != nil {
		return fmt.Errorf("sessions store: create login token: %w", mapError(err))
	}
	return nil
}

// ConsumeLoginToken marks the token with the hash used and returns its
// user. It returns ErrNotFound when the token is unknown, used or expired
// at now (epoch ms): a token logs in once.
func (s SessionsStore) ConsumeLoginToken(ctx context.Context, hash string, now int64) (int64, error) {
	var userID int64
	err := s.db.write.QueryRowContext(ctx, `UPDATE login_tokens SET used_at = $2
		WHERE token_hash = $1 AND used_at = 0 AND expires_at > $2 RETURNING user_id`, hash, now).Scan(&userID)
	if err != nil {
		return 0, fmt.Errorf("sessions store: consume login token: %w", mapError(err))
	}
	return userID, nil
}
