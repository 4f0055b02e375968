package persistence

import (
	"context"
	"database/sql"
	"fmt"
)

// PushSubscription is one browser (device) of a member that receives Web
// Push messages.
type PushSubscription struct {
	// ID is the databaseId; Save assigns one to a new endpoint.
	ID     int64
	UserID int64
	// Endpoint is the push service's URL of the browser; unique.
	Endpoint string
	// P256dh and Auth are the browser's keys, base64url as it gave them.
	P256dh, Auth string
	// Lang is the language its pushes are written in.
	Lang      string
	CreatedAt int64
	// UpdatedAt is when the browser last subscribed.
	UpdatedAt int64
}

// PushStore keeps the members' push subscriptions.
type PushStore struct{ db *DB }

// Push returns the push subscriptions store.
func (db *DB) Push() PushStore { return PushStore{db: db} }

const pushColumns = `id, user_id, endpoint, p256dh, auth, lang, created_at, updated_at`

func scanPush(row scanner) (PushSubscription, error) {
	var p PushSubscription
	err := row.Scan(&p.ID, &p.UserID, &p.Endpoint, &p.P256dh, &p.Auth, &p.Lang, &p.CreatedAt, &p.UpdatedAt)
	return p, mapError(err)
}

// Save stores p for p.UserID in one transaction: a new endpoint is added,
// a known one takes p's keys and language and moves to p.UserID when it
// was another member's (a browser signed in as someone else). The member
// then keeps at most limit subscriptions: the least recently subscribed
// are dropped. p's ID and times are set to what was stored.
func (s PushStore) Save(ctx context.Context, p *PushSubscription, limit int) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		now := Now()
		// The member's row serializes their saves, so the limit holds.
		if _, err := tx.ExecContext(ctx, `UPDATE users SET id = id WHERE id = $1`, p.UserID); err != nil {
			return err
		}
		err := tx.QueryRowContext(ctx, `INSERT INTO push_subscriptions (`+pushColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
			ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang,
				updated_at = excluded.updated_at,
				created_at = CASE WHEN push_subscriptions.user_id = excluded.user_id
					THEN push_subscriptions.created_at ELSE excluded.created_at END,
				user_id = excluded.user_id
			RETURNING id, created_at, updated_at`,
			s.db.NewID(), p.UserID, p.Endpoint, p.P256dh, p.Auth, p.Lang, now).Scan(&p.ID, &p.CreatedAt, &p.UpdatedAt)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
			SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2)`,
			p.UserID, limit)
		return err
	})
	if err != nil {
		return fmt.Errorf("push store: save: %w", mapError(err))
	}
	return nil
}

// MembersSince returns the members with a subscription saved at or after
// since (epoch ms): a node keeps the set of members who have devices.
func (s PushStore) MembersSince(ctx context.Context, since int64) ([]int64, error) {
	ids, err := queryList(ctx, s.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT DISTINCT user_id FROM push_subscriptions WHERE updated_at >= $1`, since)
	if err != nil {
		return nil, fmt.Errorf("push store: members since: %w", err)
	}
	return ids, nil
}

// List returns the member's subscriptions, the most recently subscribed first.
func (s PushStore) List(ctx context.Context, userID int64) ([]PushSubscription, error) {
	list, err := queryList(ctx, s.db.reads, scanPush, `SELECT `+pushColumns+` FROM push_subscriptions
		WHERE user_id = $1 ORDER BY updated_at DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("push store: list: %w", err)
	}
	return list, nil
}

// Unsubscribe removes the member's subscription of endpoint; ErrNotFound
// when they have none there (another member's is not touched).
func (s PushStore) Unsubscribe(ctx context.Context, userID int64, endpoint string) error {
	res, err := s.db.write.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`,
		userID, endpoint)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("push store: unsubscribe: %w", mapError(err))
	}
	return nil
}

// Remove deletes the subscription id of the endpoint the push service
// answered gone for; removing it twice is harmless. A subscription saved
// again since (another endpoint row, or the same endpoint re-subscribed
// after since) is kept.
func (s PushStore) Remove(ctx context.Context, id, since int64) error {
	if _, err := s.db.write.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE id = $1 AND updated_at <= $2`,
		id, since); err != nil {
		return fmt.Errorf("push store: remove %d: %w", id, mapError(err))
	}
	return nil
}
