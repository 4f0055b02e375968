package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrTokenReused is returned by SessionsStore.Rotate when the token shown
// was already exchanged: someone replays a stolen token, or the legitimate
// client lost a race. Rotate has then revoked the token's whole family.
var ErrTokenReused = errors.New("persistence: refresh token reused")

// RefreshToken is a stored refresh token. Only the token's hash is kept.
type RefreshToken struct {
	// Hash identifies the token: a hex SHA-256 of the token the client holds.
	Hash string
	// FamilyID is shared by every token one sign-in rotated through.
	FamilyID int64
	UserID   int64
	// CreatedAt and ExpiresAt are epoch ms.
	CreatedAt, ExpiresAt int64
	// RotatedAt is when the token was exchanged for the next; 0 while it is current.
	RotatedAt int64
	// RevokedAt is when its family was ended; 0 while it lives.
	RevokedAt int64
}

// SessionsStore keeps the refresh tokens of members' sessions and the
// one-time login tokens.
type SessionsStore struct{ db *DB }

// Sessions returns the sessions store.
func (db *DB) Sessions() SessionsStore { return SessionsStore{db: db} }

const refreshColumns = `token_hash, family_id, user_id, created_at, expires_at, rotated_at, revoked_at`

func scanRefresh(row scanner) (RefreshToken, error) {
	var t RefreshToken
	err := row.Scan(&t.Hash, &t.FamilyID, &t.UserID, &t.CreatedAt, &t.ExpiresAt, &t.RotatedAt, &t.RevokedAt)
	return t, err
}

// Create stores a new token (the first of a family, at sign-in).
func (s SessionsStore) Create(ctx context.Context, t RefreshToken) error {
	_, err := s.db.write.ExecContext(ctx, `INSERT INTO refresh_tokens (`+refreshColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		t.Hash, t.FamilyID, t.UserID, t.CreatedAt, t.ExpiresAt, t.RotatedAt, t.RevokedAt)
	if err != nil {
		return fmt.Errorf("sessions store: create: %w", mapError(err))
	}
	return nil
}

// Get returns the token with the hash, or ErrNotFound.
func (s SessionsStore) Get(ctx context.Context, hash string) (RefreshToken, error) {
	t, err := scanRefresh(s.db.reads.QueryRowContext(ctx,
		`SELECT `+refreshColumns+` FROM refresh_tokens WHERE token_hash = $1`, hash))
	if err != nil {
		return RefreshToken{}, fmt.Errorf("sessions store: get: %w", mapError(err))
	}
	return t, nil
}

// Rotate exchanges the current token oldHash for next, in one transaction:
// the old token is marked rotated and next joins its family and user (their
// fields in next are ignored). It returns the old token as it was.
//
// A token rotated at most grace ms before now may be exchanged again (each
// time for a new token of the family): a member's tabs that refresh at the
// same moment, or a client whose first answer was lost, must not end their
// own session. Later, showing it is a reuse.
//
// It returns ErrNotFound when oldHash is unknown, expired at now (epoch ms)
// or its family is revoked, and ErrTokenReused, after revoking the family,
// when oldHash was rotated more than grace ms before now.
func (s SessionsStore) Rotate(ctx context.Context, oldHash string, next RefreshToken, now, grace int64) (RefreshToken, error) {
	var old RefreshToken
	reused := false
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		reused = false
		var err error
		old, err = scanRefresh(tx.QueryRowContext(ctx,
			`SELECT `+refreshColumns+` FROM refresh_tokens WHERE token_hash = $1`, oldHash))
		if err != nil {
			return mapError(err)
		}
		if old.RevokedAt != 0 || old.ExpiresAt <= now {
			return ErrNotFound
		}
		// The condition makes concurrent rotations of one token agree on
		// the row: a rotation within the grace keeps its first time, one
		// past it changes nothing and counts as a reuse.
		res, err := tx.ExecContext(ctx, `UPDATE refresh_tokens
			SET rotated_at = CASE WHEN rotated_at = 0 THEN $2 ELSE rotated_at END
			WHERE token_hash = $1 AND revoked_at = 0 AND (rotated_at = 0 OR rotated_at >= $3)`,
			oldHash, now, now-grace)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return err
			}
			reused = true
			return revokeFamily(ctx, tx, old.FamilyID, now)
		}
		next.FamilyID, next.UserID, next.RotatedAt, next.RevokedAt = old.FamilyID, old.UserID, 0, 0
		_, err = tx.ExecContext(ctx, `INSERT INTO refresh_tokens (`+refreshColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			next.Hash, next.FamilyID, next.UserID, next.CreatedAt, next.ExpiresAt, next.RotatedAt, next.RevokedAt)
		return mapError(err)
	})
	switch {
	case err != nil:
		return RefreshToken{}, fmt.Errorf("sessions store: rotate: %w", err)
	case reused:
		return old, fmt.Errorf("sessions store: rotate: %w", ErrTokenReused)
	}
	return old, nil
}

func revokeFamily(ctx context.Context, tx *sql.Tx, family, now int64) error {
	_, err := tx.ExecContext(ctx,
		`UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at = 0`, family, now)
	return err
}

// RevokeFamily ends the family of the token with the hash (logout). It
// returns ErrNotFound when no token has that hash.
func (s SessionsStore) RevokeFamily(ctx context.Context, hash string, now int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		var family int64
		if err := tx.QueryRowContext(ctx,
			`SELECT family_id FROM refresh_tokens WHERE token_hash = $1`, hash).Scan(&family); err != nil {
			return mapError(err)
		}
		return revokeFamily(ctx, tx, family, now)
	})
	if err != nil {
		return fmt.Errorf("sessions store: revoke family: %w", err)
	}
	return nil
}

// RevokeSession ends the session (token family) of the user: logout by
// the session id of an access token, with no refresh token at hand.
// Another user's session is left alone.
func (s SessionsStore) RevokeSession(ctx context.Context, family, userID, now int64) error {
	_, err := s.db.write.ExecContext(ctx,
		`UPDATE refresh_tokens SET revoked_at = $3 WHERE family_id = $1 AND user_id = $2 AND revoked_at = 0`, family, userID, now)
	if err != nil {
		return fmt.Errorf("sessions store: revoke session %d: %w", family, err)
	}
	return nil
}

// RevokeUser ends every session of the user (password reset).
func (s SessionsStore) RevokeUser(ctx context.Context, userID, now int64) error {
	_, err := s.db.write.ExecContext(ctx,
		`UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at = 0`, userID, now)
	if err != nil {
		return fmt.Errorf("sessions store: revoke user %d: %w", userID, err)
	}
	return nil
}

// RevokedSince returns the session families revoked after since (epoch
// ms), each with when it was revoked.
func (s SessionsStore) RevokedSince(ctx context.Context, since int64) (map[int64]int64, error) {
	rows, err := s.db.reads.QueryContext(ctx, `SELECT family_id, MAX(revoked_at) FROM refresh_tokens
		WHERE revoked_at > $1 GROUP BY family_id`, since)
	if err != nil {
		return nil, fmt.Errorf("sessions store: revoked since %d: %w", since, err)
	}
	defer rows.Close()
	out := make(map[int64]int64)
	for rows.Next() {
		var family, at int64
		if err := rows.Scan(&family, &at); err != nil {
			return nil, fmt.Errorf("sessions store: revoked since %d: %w", since, err)
		}
		out[family] = at
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sessions store: revoked since %d: %w", since, err)
	}
	return out, nil
}

// PurgeExpired deletes the refresh and login tokens that expired before now
// (epoch ms): they are refused anyway, and a reused token that expired needs
// no detection any more.
func (s SessionsStore) PurgeExpired(ctx context.Context, now int64) error {
	for _, table := range []string{"refresh_tokens", "login_tokens"} {
		if _, err := s.db.write.ExecContext(ctx, `DELETE FROM `+table+` WHERE expires_at <= $1`, now); err != nil {
			return fmt.Errorf("sessions store: purge %s: %w", table, err)
		}
	}
	return nil
}
