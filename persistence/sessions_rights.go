package persistence

import (
	"context"
	"fmt"
)

// MarkRightsChanged records that a member's rights changed at (epoch ms);
// an earlier mark is replaced, a later one kept.
func (s SessionsStore) MarkRightsChanged(ctx context.Context, userID, at int64) error {
	_, err := s.db.write.ExecContext(ctx, `INSERT INTO rights_changes (user_id, changed_at) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET changed_at = excluded.changed_at
		WHERE rights_changes.changed_at < excluded.changed_at`, userID, at)
	if err != nil {
		return fmt.Errorf("sessions store: mark rights changed %d: %w", userID, mapError(err))
	}
	return nil
}

// RightsChangedSince returns the members whose rights changed after since
// (epoch ms), each with when.
func (s SessionsStore) RightsChangedSince(ctx context.Context, since int64) (map[int64]int64, error) {
	rows, err := s.db.reads.QueryContext(ctx, `SELECT user_id, changed_at FROM rights_changes WHERE changed_at > $1`, since)
	if err != nil {
		return nil, fmt.Errorf("sessions store: rights changed since %d: %w", since, err)
	}
	defer rows.Close()
	out := make(map[int64]int64)
	for rows.Next() {
		var user, at int64
		if err := rows.Scan(&user, &at); err != nil {
			return nil, fmt.Errorf("sessions store: rights changed since %d: %w", since, err)
		}
		out[user] = at
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sessions store: rights changed since %d: %w", since, err)
	}
	return out, nil
}
