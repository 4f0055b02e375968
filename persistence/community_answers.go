package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrVoted is returned by CommunityStore.Vote when the member voted on
// the topic before.
var ErrVoted = errors.New("persistence: already voted")

// Answer is an answer to a topic.
type Answer struct {
	// ID is the databaseId; CreateAnswer assigns one when 0.
	ID       int64
	TopicID  int64
	AuthorID int64
	// CreationKey is the author-scoped idempotency key it was created under.
	CreationKey string
	// Content is sanitized HTML.
	Content   string
	DeletedAt int64
	CreatedAt int64
	UpdatedAt int64
}

const answerColumns = `id, topic_id, author_id, creation_key, content, deleted_at, created_at, updated_at`

func scanAnswer(row scanner) (Answer, error) {
	var a Answer
	err := row.Scan(&a.ID, &a.TopicID, &a.AuthorID, &a.CreationKey, &a.Content, &a.DeletedAt, &a.CreatedAt, &a.UpdatedAt)
	return a, mapError(err)
}

// CreateAnswer writes a once per CreationKey, counts it on its topic and
// indexes it for search:
// created is false when the key was used before, and a is then the answer
// written the first time.
func (s CommunityStore) CreateAnswer(ctx context.Context, a *Answer) (created bool, err error) {
	if a.ID == 0 {
		a.ID = s.db.NewID()
	}
	if a.CreatedAt == 0 {
		a.CreatedAt = Now()
	}
	a.UpdatedAt = a.CreatedAt
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO community_answers (`+answerColumns+`)
			VALUES ($1, $2, $3, $4, $5, 0, $6, $6) ON CONFLICT (creation_key) DO NOTHING`,
			a.ID, a.TopicID, a.AuthorID, a.CreationKey, a.Content, a.CreatedAt)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			*a, err = scanAnswer(tx.QueryRowContext(ctx, `SELECT `+answerColumns+` FROM community_answers
				WHERE creation_key = $1`, a.CreationKey))
			return err
		}
		created = true
		if _, err := tx.ExecContext(ctx, `UPDATE community_topics SET answer_count = answer_count + 1 WHERE id = $1`,
			a.TopicID); err != nil {
			return err
		}
		return s.db.indexAnswerOf(ctx, tx, a.ID, a.TopicID)
	})
	if err != nil {
		return false, fmt.Errorf("community store: create answer: %w", err)
	}
	return created, nil
}

// Answer returns an answer that was not deleted, or ErrNotFound.
func (s CommunityStore) Answer(ctx context.Context, id int64) (Answer, error) {
	a, err := scanAnswer(s.db.reads.QueryRowContext(ctx, `SELECT `+answerColumns+` FROM community_answers
		WHERE id = $1 AND deleted_at = 0`, id))
	if err != nil {
		return a, fmt.Errorf("community store: answer %d: %w", id, err)
	}
	return a, nil
}

// Answers returns up to limit answers of a topic that were not deleted,
// oldest first, after the answer id after (0: from the oldest).
func (s CommunityStore) Answers(ctx context.Context, topicID, after int64, limit int) ([]Answer, error) {
	list, err := queryList(ctx, s.db.reads, scanAnswer, `SELECT `+answerColumns+` FROM community_answers
		WHERE topic_id = $1 AND deleted_at = 0 AND id > $2 ORDER BY id LIMIT $3`, topicID, after, limit)
	if err != nil {
		return nil, fmt.Errorf("community store: answers: %w", err)
	}
	return list, nil
}

// DeleteAnswer marks an answer deleted, uncounts it from its topic and
// removes it from the search index, once: deleted is false when it was deleted before or does not exist.
func (s CommunityStore) DeleteAnswer(ctx context.Context, id, at int64) (deleted bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		var topicID int64
		err := tx.QueryRowContext(ctx, `UPDATE community_answers SET deleted_at = $2 WHERE id = $1 AND deleted_at = 0
			RETURNING topic_id`, id, at).Scan(&topicID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return err
		}
		deleted = true
		if _, err := tx.ExecContext(ctx, `UPDATE community_topics SET answer_count = answer_count - 1 WHERE id = $1`,
			topicID); err != nil {
			return err
		}
		return unindex(ctx, tx, SearchAnswer, id)
	})
	if err != nil {
		return false, fmt.Errorf("community store: delete answer %d: %w", id, err)
	}
	return deleted, nil
}

// Vote records the member's vote for option (an index of the topic's
// options), once: ErrVoted when they voted before.
func (s CommunityStore) Vote(ctx context.Context, topicID, userID int64, option int, at int64) error {
	res, err := s.db.write.ExecContext(ctx, `INSERT INTO community_votes (topic_id, user_id, option_idx, created_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (topic_id, user_id) DO NOTHING`, topicID, userID, option, at)
	if err != nil {
		return fmt.Errorf("community store: vote on %d: %w", topicID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return fmt.Errorf("community store: vote on %d: %w", topicID, ErrVoted)
	}
	return nil
}

// Tally counts a vote's ballots per option index; voted is the option the
// member chose (-1: none, or userID 0).
func (s CommunityStore) Tally(ctx context.Context, topicID, userID int64) (counts map[int]int64, voted int, err error) {
	type row struct {
		option int
		count  int64
	}
	rows, err := queryList(ctx, s.db.reads, func(sc scanner) (row, error) {
		var r row
		return r, sc.Scan(&r.option, &r.count)
	}, `SELECT option_idx, COUNT(*) FROM community_votes WHERE topic_id = $1 GROUP BY option_idx`, topicID)
	if err != nil {
		return nil, -1, fmt.Errorf("community store: tally %d: %w", topicID, err)
	}
	counts = make(map[int]int64, len(rows))
	for _, r := range rows {
		counts[r.option] = r.count
	}
	voted = -1
	if userID == 0 {
		return counts, voted, nil
	}
	err = s.db.reads.QueryRowContext(ctx, `SELECT option_idx FROM community_votes WHERE topic_id = $1 AND user_id = $2`,
		topicID, userID).Scan(&voted)
	if errors.Is(err, sql.ErrNoRows) {
		return counts, -1, nil
	} else if err != nil {
		return nil, -1, fmt.Errorf("community store: tally %d: %w", topicID, err)
	}
	return counts, voted, nil
}
