package persistence

import (
	"context"
	"errors"
	"fmt"
)

// ErrTooSoon is returned by CodesStore.Issue when the target's current code
// is younger than the resend interval.
var ErrTooSoon = errors.New("persistence: too soon")

// VerificationCode is the live code of one target. Only the code's keyed
// hash is kept.
type VerificationCode struct {
	// ID is what a verification sign names; Issue assigns one when it is 0.
	ID int64
	// Target is an E.164 phone number or a normalized email.
	Target string
	// Purpose is what the code is for, e.g. "signup" or "reset".
	Purpose  string
	CodeHash string
	// Attempts counts wrong answers.
	Attempts int
	// CreatedAt, ExpiresAt and UsedAt are epoch ms; UsedAt is 0 until used.
	CreatedAt, ExpiresAt, UsedAt int64
}

// CodesStore keeps verification codes and the captchas already used.
type CodesStore struct{ db *DB }

// Codes returns the codes store.
func (db *DB) Codes() CodesStore { return CodesStore{db: db} }

const codeColumns = `id, target, purpose, code_hash, attempts, created_at, expires_at, used_at`

func scanCode(row scanner) (VerificationCode, error) {
	var c VerificationCode
	err := row.Scan(&c.ID, &c.Target, &c.Purpose, &c.CodeHash, &c.Attempts, &c.CreatedAt, &c.ExpiresAt, &c.UsedAt)
	return c, err
}

// Issue makes c the live code of its target, replacing the previous one,
// unless that one was created after notBefore (epoch ms): then it returns
// ErrTooSoon and changes nothing. The check and the write are one
// statement, so concurrent requests on any node cannot both pass.
func (s CodesStore) Issue(ctx context.Context, c *VerificationCode, notBefore int64) error {
	if c.ID == 0 {
		c.ID = s.db.NewID()
	}
	res, err := s.db.write.ExecContext(ctx, `INSERT INTO verification_codes (`+codeColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (target) DO UPDATE SET id = excluded.id, purpose = excluded.purpose,
			code_hash = excluded.code_hash, attempts = excluded.attempts, created_at = excluded.created_at,
			expires_at = excluded.expires_at, used_at = excluded.used_at
		WHERE verification_codes.created_at <= $9`,
		c.ID, c.Target, c.Purpose, c.CodeHash, c.Attempts, c.CreatedAt, c.ExpiresAt, c.UsedAt, notBefore)
	if err != nil {
		return fmt.Errorf("codes store: issue: %w", mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("codes store: issue: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("codes store: issue: %w", ErrTooSoon)
	}
	return nil
}

// LastIssued returns when the target's live code was created (epoch ms),
// or ErrNotFound when it has none.
func (s CodesStore) LastIssued(ctx context.Context, target string) (int64, error) {
	var at int64
	err := s.db.reads.QueryRowContext(ctx,
		`SELECT created_at FROM verification_codes WHERE target = $1`, target).Scan(&at)
	if err != nil {
		return 0, fmt.Errorf("codes store: last issued: %w", mapError(err))
	}
	return at, nil
}

// Get returns the code with the id, or ErrNotFound (also once a newer code
// replaced it).
func (s CodesStore) Get(ctx context.Context, id int64) (VerificationCode, error) {
	c, err := scanCode(s.db.reads.QueryRowContext(ctx,
		`SELECT `+codeColumns+` FROM verification_codes WHERE id = $1`, id))
	if err != nil {
		return VerificationCode{}, fmt.Errorf("codes store: get %d: %w", id, mapError(err))
	}
	return c, nil
}

// AddAttempt counts one wrong answer to the code and returns the new count,
// or ErrNotFound.
func (s CodesStore) AddAttempt(ctx context.Context, id int64) (int, error) {
	var n int
	err := s.db.write.QueryRowContext(ctx,
		`UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts`, id).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("codes store: add attempt %d: %w", id, mapError(err))
	}
	return n, nil
}

// Consume marks the code used at now (epoch ms). It returns ErrNotFound
// unless the code exists, is unused, unexpired and has fewer than
// maxAttempts wrong answers: a code is used once.
func (s CodesStore) Consume(ctx context.Context, id, now int64, maxAttempts int) error {
	res, err := s.db.write.ExecContext(ctx, `UPDATE verification_codes SET used_at = $2
		WHERE id = $1 AND used_at = 0 AND expires_at > $2 AND attempts < $3`, id, now, maxAttempts)
	if err != nil {
		return fmt.Errorf("codes store: consume %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("codes store: consume %d: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("codes store: consume %d: %w", id, ErrNotFound)
	}
	return nil
}

// Delete removes the code with the id (its message could not be sent, so
// the target may ask again at once). An unknown id is not an error.
func (s CodesStore) Delete(ctx context.Context, id int64) error {
	if _, err := s.db.write.ExecContext(ctx, `DELETE FROM verification_codes WHERE id = $1`, id); err != nil {
		return fmt.Errorf("codes store: delete %d: %w", id, err)
	}
	return nil
}

// PurgeExpired deletes the codes and used-captcha records that expired
// before now (epoch ms).
func (s CodesStore) PurgeExpired(ctx context.Context, now int64) error {
	for _, table := range []string{"verification_codes", "used_captchas"} {
		if _, err := s.db.write.ExecContext(ctx, `DELETE FROM `+table+` WHERE expires_at <= $1`, now); err != nil {
			return fmt.Errorf("codes store: purge %s: %w", table, err)
		}
	}
	return nil
}
