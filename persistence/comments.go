package persistence

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// The kinds of things members comment on and like (Comment.TargetType,
// the likes and counters of a target).
const (
	TargetArticle = "article"
	TargetTopic   = "topic"
	TargetAnswer  = "answer"
	TargetComment = "comment"
)

// Comment is a member's comment on a target (an article, a topic, an
// answer), a reply to another comment of the same target when ReplyTo is
// set.
type Comment struct {
	// ID is the databaseId, time ordered; Create assigns it when 0.
	ID         int64
	TargetType string
	TargetID   int64
	AuthorID   int64
	// ReplyTo is the comment this one answers; 0 for a top-level comment.
	ReplyTo int64
	// Content is sanitized HTML.
	Content string
	// IdemKey makes Create exactly-once per client send.
	IdemKey string
	// CreatedAt and DeletedAt are epoch ms; DeletedAt is 0 while live.
	CreatedAt, DeletedAt int64
}

// CommentsStore keeps the comments of every kind of target, and their
// counts in counters (see CountersStore).
type CommentsStore struct{ db *DB }

// Comments returns the comments store.
func (db *DB) Comments() CommentsStore { return CommentsStore{db: db} }

const commentColumns = `id, target_type, target_id, author_id, reply_to, content, idem_key, created_at, deleted_at`

func scanComment(row scanner) (Comment, error) {
	var c Comment
	err := row.Scan(&c.ID, &c.TargetType, &c.TargetID, &c.AuthorID, &c.ReplyTo, &c.Content, &c.IdemKey, &c.CreatedAt,
		&c.DeletedAt)
	return c, err
}

// Notice is a notification a change creates in its own transaction, with
// the inbox event that announces it.
type Notice struct {
	Notification *Notification
	Write        InboxWrite
}

// Create stores c and counts it on its target, in one transaction. When
// c.IdemKey was used before by the same author on the same target, c
// becomes the comment stored then and created is false; by anyone else it
// is ErrConflict.
func (s CommentsStore) Create(ctx context.Context, c *Comment) (created bool, err error) {
	created, _, err = s.CreateNotifying(ctx, c, nil)
	return created, err
}

// CreateNotifying is Create that also creates notices (each once per its
// idempotency key) when the comment is new, in the same transaction, and
// returns their inbox events.
func (s CommentsStore) CreateNotifying(ctx context.Context, c *Comment, notices []Notice) (created bool, events []InboxEvent, err error) {
	if c.ID == 0 {
		c.ID = s.db.NewID()
	}
	if c.CreatedAt == 0 {
		c.CreatedAt = Now()
	}
	if c.IdemKey == "" {
		c.IdemKey = "comment:" + strconv.FormatInt(c.ID, 10)
	}
	c.DeletedAt = 0
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		created, events = false, nil
		res, err := tx.ExecContext(ctx, `INSERT INTO comments (`+commentColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (idem_key) DO NOTHING`,
			c.ID, c.TargetType, c.TargetID, c.AuthorID, c.ReplyTo, c.Content, c.IdemKey, c.CreatedAt, c.DeletedAt)
		if err != nil {
			return mapError(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return err
			}
			first, err := scanComment(tx.QueryRowContext(ctx, `SELECT `+commentColumns+` FROM comments WHERE idem_key = $1`,
				c.IdemKey))
			if err != nil {
				return mapError(err)
			}
			if first.AuthorID != c.AuthorID || first.TargetType != c.TargetType || first.TargetID != c.TargetID {
				return ErrConflict
			}
			*c = first
			return nil
		}
		created = true
		if err := count(ctx, tx, c.TargetType, c.TargetID, 0, 1); err != nil {
			return err
		}
		events, err = notify(ctx, s.db, tx, notices)
		return err
	})
	if err != nil {
		return false, nil, fmt.Errorf("comments store: create: %w", err)
	}
	return created, events, nil
}

// notify creates notices inside tx and returns their inbox events.
func notify(ctx context.Context, db *DB, tx *sql.Tx, notices []Notice) ([]InboxEvent, error) {
	var events []InboxEvent
	for _, n := range notices {
		created, _, err := createNotification(ctx, db, tx, n.Notification, []InboxWrite{n.Write})
		if err != nil {
			return nil, err
		}
		events = append(events, created...)
	}
	return events, nil
}

// Get returns the comment id, deleted or not.
func (s CommentsStore) Get(ctx context.Context, id int64) (Comment, error) {
	c, err := scanComment(s.db.reads.QueryRowContext(ctx, `SELECT `+commentColumns+` FROM comments WHERE id = $1`, id))
	if err != nil {
		return c, fmt.Errorf("comments store: get %d: %w", id, mapError(err))
	}
	return c, nil
}

// List returns up to limit live comments of a target, the oldest first,
// after the comment id after (0: from the first).
func (s CommentsStore) List(ctx context.Context, targetType string, targetID, after int64, limit int) ([]Comment, error) {
	list, err := queryList(ctx, s.db.reads, scanComment, `SELECT `+commentColumns+` FROM comments
		WHERE target_type = $1 AND target_id = $2 AND id > $3 AND deleted_at = 0 ORDER BY id LIMIT $4`,
		targetType, targetID, after, limit)
	if err != nil {
		return nil, fmt.Errorf("comments store: list %s %d: %w", targetType, targetID, err)
	}
	return list, nil
}

// HasCommented reports whether userID has a live comment on the target
// (the "comment" gate of gated content).
func (s CommentsStore) HasCommented(ctx context.Context, userID int64, targetType string, targetID int64) (bool, error) {
	var n int
	err := s.db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM comments
		WHERE author_id = $1 AND target_type = $2 AND target_id = $3 AND deleted_at = 0`,
		userID, targetType, targetID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("comments store: has commented: %w", err)
	}
	return n > 0, nil
}

// Delete marks the comment id deleted at at (epoch ms) and uncounts it,
// in one transaction. It returns ErrNotFound when there is no live
// comment id.
func (s CommentsStore) Delete(ctx context.Context, id, at int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		var targetType string
		var targetID int64
		err := tx.QueryRowContext(ctx, `UPDATE comments SET deleted_at = $2 WHERE id = $1 AND deleted_at = 0
			RETURNING target_type, target_id`, id, at).Scan(&targetType, &targetID)
		if err != nil {
			return mapError(err)
		}
		return count(ctx, tx, targetType, targetID, 0, -1)
	})
	if err != nil {
		return fmt.Errorf("comments store: delete %d: %w", id, err)
	}
	return nil
}

// Counter is a target's like and comment counts.
type Counter struct {
	Likes    int64
	Comments int64
}

// CountersStore reads the counts of likes and comments per target, kept
// by CommentsStore and LikesStore in the transaction of each change.
type CountersStore struct{ db *DB }

// Counters returns the counters store.
func (db *DB) Counters() CountersStore { return CountersStore{db: db} }

// Get returns the counts of the targets ids of targetType; a target
// without likes or comments is absent (its zero Counter).
func (s CountersStore) Get(ctx context.Context, targetType string, ids []int64) (map[int64]Counter, error) {
	out := make(map[int64]Counter, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{targetType}
	marks := make([]string, len(ids))
	for i, id := range ids {
		args = append(args, id)
		marks[i] = "$" + strconv.Itoa(i+2)
	}
	rows, err := s.db.reads.QueryContext(ctx, `SELECT target_id, likes, comments FROM counters
		WHERE target_type = $1 AND target_id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("counters store: get: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var c Counter
		if err := rows.Scan(&id, &c.Likes, &c.Comments); err != nil {
			return nil, fmt.Errorf("counters store: get: %w", err)
		}
		out[id] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("counters store: get: %w", err)
	}
	return out, nil
}

// count adds likes and comments to a target's counters inside tx.
func count(ctx context.Context, tx *sql.Tx, targetType string, targetID, likes, comments int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO counters (target_type, target_id, likes, comments) VALUES ($1, $2, $3, $4)
		ON CONFLICT (target_type, target_id) DO UPDATE SET likes = counters.likes + excluded.likes,
		comments = counters.comments + excluded.comments`, targetType, targetID, likes, comments)
	if err != nil {
		return fmt.Errorf("count: %w", err)
	}
	return nil
}
