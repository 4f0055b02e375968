package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

// Notification is a notice to one member.
type Notification struct {
	// ID is the databaseId; Create assigns one when it is 0.
	ID   int64
	ToID int64
	// FromID is the member who caused it; 0 for the site.
	FromID int64
	// Type says what Content holds: report, follow, private_message,
	// mention, system, order or wallet.
	Type  string
	Title string
	// Content is a JSON object; nil is stored as {}.
	Content json.RawMessage
	// ReadAt is when the member read it, epoch ms; 0 while unread. Create
	// stores it as given: a notification the member does not want in the
	// site arrives read.
	ReadAt int64
	// IdemKey is the idempotency key of the command that created it.
	IdemKey string
	// CreatedAt is epoch ms; Create sets it when it is 0.
	CreatedAt int64
}

// NotificationsStore keeps the notifications.
type NotificationsStore struct{ db *DB }

// Notifications returns the notifications store.
func (db *DB) Notifications() NotificationsStore { return NotificationsStore{db: db} }

const notificationColumns = `id, to_id, from_id, type, title, content, read_at, idem_key, created_at`

func scanNotification(row scanner) (Notification, error) {
	var n Notification
	var content string
	err := row.Scan(&n.ID, &n.ToID, &n.FromID, &n.Type, &n.Title, &content, &n.ReadAt, &n.IdemKey, &n.CreatedAt)
	n.Content = json.RawMessage(content)
	return n, err
}

// Create stores n and appends writes to the inboxes, in one transaction.
// When n.IdemKey was used already, n becomes the stored notification,
// nothing is written and replayed is true.
func (s NotificationsStore) Create(ctx context.Context, n *Notification, writes ...InboxWrite) (events []InboxEvent, replayed bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		var err error
		events, replayed, err = createNotification(ctx, s.db, tx, n, writes)
		return err
	})
	if err != nil {
		return nil, false, fmt.Errorf("notifications store: create: %w", err)
	}
	if replayed {
		prior, err := scanNotification(s.db.write.QueryRowContext(ctx,
			`SELECT `+notificationColumns+` FROM notifications WHERE idem_key = $1`, n.IdemKey))
		if err != nil {
			return nil, false, fmt.Errorf("notifications store: create: %w", mapError(err))
		}
		*n = prior
	}
	return events, replayed, nil
}

// createNotification inserts n in tx unless its idempotency key was used
// (replayed), and then appends writes.
func createNotification(ctx context.Context, db *DB, tx *sql.Tx, n *Notification, writes []InboxWrite) ([]InboxEvent, bool, error) {
	if n.ID == 0 {
		n.ID = db.NewID()
	}
	if n.CreatedAt == 0 {
		n.CreatedAt = Now()
	}
	if len(n.Content) == 0 {
		n.Content = json.RawMessage(`{}`)
	}
	if !json.Valid(n.Content) {
		return nil, false, errors.New("content is not JSON")
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO notifications (`+notificationColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (idem_key) DO NOTHING`,
		n.ID, n.ToID, n.FromID, n.Type, n.Title, string(n.Content), n.ReadAt, n.IdemKey, n.CreatedAt)
	if err != nil {
		return nil, false, mapError(err)
	}
	if inserted, err := res.RowsAffected(); err != nil || inserted == 0 {
		return nil, true, err
	}
	events, err := appendInbox(ctx, tx, writes)
	return events, false, err
}

// Get returns the notification with the id, or ErrNotFound.
func (s NotificationsStore) Get(ctx context.Context, id int64) (Notification, error) {
	n, err := scanNotification(s.db.reads.QueryRowContext(ctx,
		`SELECT `+notificationColumns+` FROM notifications WHERE id = $1`, id))
	if err != nil {
		return n, fmt.Errorf("notifications store: get %d: %w", id, mapError(err))
	}
	return n, nil
}

// List returns up to limit notifications of toID, oldest first: those
// with an id above after when after is not 0, else the newest ones with
// an id below before (0: the newest of all).
func (s NotificationsStore) List(ctx context.Context, toID, after, before int64, limit int) ([]Notification, error) {
	if after > 0 {
		list, err := queryList(ctx, s.db.reads, scanNotification, `SELECT `+notificationColumns+` FROM notifications
			WHERE to_id = $1 AND id > $2 ORDER BY id LIMIT $3`, toID, after, limit)
		if err != nil {
			return nil, fmt.Errorf("notifications store: list: %w", err)
		}
		return list, nil
	}
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, scanNotification, `SELECT `+notificationColumns+` FROM notifications
		WHERE to_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3`, toID, before, limit)
	if err != nil {
		return nil, fmt.Errorf("notifications store: list: %w", err)
	}
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	return list, nil
}

// MarkRead marks toID's notification id read (every unread one when id is
// 0) and, when it changed anything, appends writes, in one transaction. It
// returns how many it marked.
func (s NotificationsStore) MarkRead(ctx context.Context, toID, id int64, writes ...InboxWrite) (events []InboxEvent, marked int, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		query, args := `UPDATE notifications SET read_at = $1 WHERE to_id = $2 AND read_at = 0`, []any{Now(), toID}
		if id != 0 {
			query, args = query+` AND id = $3`, append(args, id)
		}
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if marked = int(n); marked == 0 {
			return nil
		}
		events, err = appendInbox(ctx, tx, writes)
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("notifications store: mark read: %w", err)
	}
	return events, marked, nil
}
