package persistence

import (
	"context"
	"fmt"
)

// UseState records that the social login state id has been used, so that
// no node accepts it again. expiresAt (epoch ms) is when the state stops
// being valid anyway; the record is kept until then. It returns
// ErrConflict when the state was already used. Records of expired states
// are removed on the way.
func (s SocialStore) UseState(ctx context.Context, id string, expiresAt int64) error {
	now := Now()
	if _, err := s.db.write.ExecContext(ctx, `DELETE FROM social_states WHERE expires_at < $1`, now); err != nil {
		return fmt.Errorf("social store: prune used states: %w", mapError(err))
	}
	res, err := s.db.write.ExecContext(ctx, `INSERT INTO social_states (state_id, expires_at) VALUES ($1, $2)
		ON CONFLICT (state_id) DO NOTHING`, id, max(expiresAt, now))
	if err != nil {
		return fmt.Errorf("social store: use state: %w", mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("social store: use state: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("social store: use state: %w", ErrConflict)
	}
	return nil
}
