package persistence

import (
	"context"
	"fmt"
)

// UseCaptcha records the captcha with the nonce as used until expiresAt
// (epoch ms). It returns ErrConflict when it was already used: a captcha
// passes once, on any node.
func (s CodesStore) UseCaptcha(ctx context.Context, nonce string, expiresAt int64) error {
	res, err := s.db.write.ExecContext(ctx,
		`INSERT INTO used_captchas (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING`,
		nonce, expiresAt)
	if err != nil {
		return fmt.Errorf("codes store: use captcha: %w", mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("codes store: use captcha: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("codes store: use captcha: %w", ErrConflict)
	}
	return nil
}

// CaptchaUsed reports whether the captcha with the nonce was used.
func (s CodesStore) CaptchaUsed(ctx context.Context, nonce string) (bool, error) {
	var n int
	err := s.db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM used_captchas WHERE nonce = $1`, nonce).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("codes store: captcha used: %w", err)
	}
	return n > 0, nil
}
