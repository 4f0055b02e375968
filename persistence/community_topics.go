package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Types of a topic (Topic.Type).
const (
	TopicNormal = "normal"
	TopicBounty = "bounty"
	TopicVote   = "vote"
)

// States of a bounty (Topic.BountyState); "" for other topics.
const (
	BountyOpen      = "open"
	BountyAwarding  = "awarding"
	BountyAwarded   = "awarded"
	BountyRefunding = "refunding"
	BountyRefunded  = "refunded"
)

// ErrBountyClaimed is returned by ClaimBounty when the bounty is no longer
// open (awarded or refunded, or being so), or when its deadline does not
// allow the claim.
var ErrBountyClaimed = errors.New("persistence: bounty already settled")

// Share is an answer's part of an awarded bounty.
type Share struct {
	AnswerID int64 `json:"answerId"`
	UserID   int64 `json:"userId"`
	Amount   int64 `json:"amount"`
}

// Topic is a community topic.
type Topic struct {
	// ID is the databaseId; CreateTopic assigns one when 0.
	ID       int64
	NodeID   int64
	AuthorID int64
	// CreationKey is the author-scoped idempotency key it was created under.
	CreationKey string
	Title       string
	// Content is sanitized HTML; Excerpt its plain text, cut.
	Content string
	Excerpt string
	// Roles is the gated-content rule as the client sent it (JSON).
	Roles string
	// Type is TopicNormal, TopicBounty or TopicVote.
	Type string
	// BountyAsset and BountyAmount are a bounty's value (minor units).
	BountyAsset  string
	BountyAmount int64
	BountyState  string
	// Award are the shares of an awarded (or awarding) bounty.
	Award []Share
	// VoteOptions are a vote's option texts.
	VoteOptions []string
	// Deadline is a bounty's or vote's end, epoch ms; 0 for normal topics.
	Deadline    int64
	AnswerCount int64
	// DeletedAt is 0 unless deleted (the stores hide deleted rows).
	DeletedAt int64
	CreatedAt int64
	UpdatedAt int64
}

const topicColumns = `id, node_id, author_id, creation_key, title, content, excerpt, roles, topic_type, bounty_asset,
	bounty_amount, bounty_state, award, vote_options, deadline, answer_count, deleted_at, created_at, updated_at`

func scanTopic(row scanner) (Topic, error) {
	var t Topic
	var award, options string
	err := row.Scan(&t.ID, &t.NodeID, &t.AuthorID, &t.CreationKey, &t.Title, &t.Content, &t.Excerpt, &t.Roles, &t.Type,
		&t.BountyAsset, &t.BountyAmount, &t.BountyState, &award, &options, &t.Deadline, &t.AnswerCount, &t.DeletedAt,
		&t.CreatedAt, &t.UpdatedAt)
	if err != nil {
		return t, mapError(err)
	}
	if err := decodeJSON(award, &t.Award); err != nil {
		return t, err
	}
	return t, decodeJSON(options, &t.VoteOptions)
}

// CreateTopic writes t once per CreationKey, counts it in its node and
// indexes it for search:
// created is false when the key was used before, and t is then the topic
// written the first time.
func (s CommunityStore) CreateTopic(ctx context.Context, t *Topic) (created bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		created, err = s.insertTopic(ctx, tx, t)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("community store: create topic: %w", err)
	}
	return created, nil
}

// insertTopic is CreateTopic's work inside tx.
func (s CommunityStore) insertTopic(ctx context.Context, tx *sql.Tx, t *Topic) (created bool, err error) {
	if t.ID == 0 {
		t.ID = s.db.NewID()
	}
	if t.CreatedAt == 0 {
		t.CreatedAt = Now()
	}
	t.UpdatedAt = t.CreatedAt
	award, err := encodeJSON(nonNilSlice(t.Award))
	if err != nil {
		return false, err
	}
	options, err := encodeJSON(nonNilSlice(t.VoteOptions))
	if err != nil {
		return false, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO community_topics (`+topicColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0, 0, $16, $16)
		ON CONFLICT (creation_key) DO NOTHING`,
		t.ID, t.NodeID, t.AuthorID, t.CreationKey, t.Title, t.Content, t.Excerpt, t.Roles, t.Type, t.BountyAsset,
		t.BountyAmount, t.BountyState, award, options, t.Deadline, t.CreatedAt)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return false, err
	} else if n == 0 {
		*t, err = scanTopic(tx.QueryRowContext(ctx, `SELECT `+topicColumns+` FROM community_topics
			WHERE creation_key = $1`, t.CreationKey))
		return false, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE community_nodes SET topic_count = topic_count + 1 WHERE id = $1`,
		t.NodeID); err != nil {
		return false, err
	}
	return true, s.db.indexTopic(ctx, tx, t.ID)
}

// EditTopic changes a topic's title, content, excerpt and roles, and the
// search entries of the topic and its answers; ErrNotFound when it does not
// exist or was deleted.
func (s CommunityStore) EditTopic(ctx context.Context, t Topic, at int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE community_topics SET title = $2, content = $3, excerpt = $4, roles = $5,
			updated_at = $6 WHERE id = $1 AND deleted_at = 0`, t.ID, t.Title, t.Content, t.Excerpt, t.Roles, at)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNotFound
		}
		return s.db.indexTopic(ctx, tx, t.ID)
	})
	if err != nil {
		return fmt.Errorf("community store: edit topic %d: %w", t.ID, err)
	}
	return nil
}

// Topic returns a topic that was not deleted, or ErrNotFound.
func (s CommunityStore) Topic(ctx context.Context, id int64) (Topic, error) {
	t, err := scanTopic(s.db.reads.QueryRowContext(ctx, `SELECT `+topicColumns+` FROM community_topics
		WHERE id = $1 AND deleted_at = 0`, id))
	if err != nil {
		return t, fmt.Errorf("community store: topic %d: %w", id, err)
	}
	return t, nil
}

// Topics returns up to limit topics that were not deleted, newest first,
// older than before (0: from the newest), of one node (0: of every node).
func (s CommunityStore) Topics(ctx context.Context, nodeID, before int64, limit int) ([]Topic, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, scanTopic, `SELECT `+topicColumns+` FROM community_topics
		WHERE deleted_at = 0 AND id < $1 AND (node_id = $2 OR CAST($2 AS BIGINT) = 0) ORDER BY id DESC LIMIT $3`, before, nodeID, limit)
	if err != nil {
		return nil, fmt.Errorf("community store: topics: %w", err)
	}
	return list, nil
}

// DeleteTopic marks a topic deleted, uncounts it from its node and removes
// it and its answers from the search index, once:
// deleted is false when it was deleted before or does not exist.
func (s CommunityStore) DeleteTopic(ctx context.Context, id, at int64) (deleted bool, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		var nodeID int64
		err := tx.QueryRowContext(ctx, `UPDATE community_topics SET deleted_at = $2 WHERE id = $1 AND deleted_at = 0
			RETURNING node_id`, id, at).Scan(&nodeID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return err
		}
		deleted = true
		if _, err := tx.ExecContext(ctx, `UPDATE community_nodes SET topic_count = topic_count - 1 WHERE id = $1`,
			nodeID); err != nil {
			return err
		}
		return s.db.indexTopic(ctx, tx, id)
	})
	if err != nil {
		return false, fmt.Errorf("community store: delete topic %d: %w", id, err)
	}
	return deleted, nil
}

// ClaimBounty moves an open bounty to state (BountyAwarding with the
// shares, or BountyRefunding), the one step that decides between an award
// and a refund: an award only before the deadline, a refund only from it
// (now, epoch ms). ErrBountyClaimed when the bounty is not open or the
// deadline does not allow it; ErrNotFound when there is no such bounty.
func (s CommunityStore) ClaimBounty(ctx context.Context, topicID int64, state string, shares []Share, now int64) error {
	award, err := encodeJSON(nonNilSlice(shares))
	if err != nil {
		return err
	}
	res, err := s.db.write.ExecContext(ctx, `UPDATE community_topics SET bounty_state = $2, award = $3, updated_at = $4
		WHERE id = $1 AND topic_type = 'bounty' AND bounty_state = 'open'
		AND (($2 = 'awarding' AND deadline > $4) OR ($2 = 'refunding' AND deadline <= $4))`,
		topicID, state, award, now)
	if err != nil {
		return fmt.Errorf("community store: claim bounty %d: %w", topicID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 1 {
		return nil
	}
	var exists int
	err = s.db.write.QueryRowContext(ctx, `SELECT 1 FROM community_topics WHERE id = $1 AND topic_type = 'bounty'`,
		topicID).Scan(&exists)
	if err != nil {
		return fmt.Errorf("community store: claim bounty %d: %w", topicID, mapError(err))
	}
	return fmt.Errorf("community store: claim bounty %d: %w", topicID, ErrBountyClaimed)
}

// SettleBounty records that the money of a claimed bounty moved: awarding
// becomes awarded, refunding refunded. Settling twice changes nothing.
func (s CommunityStore) SettleBounty(ctx context.Context, topicID int64, at int64) error {
	_, err := s.db.write.ExecContext(ctx, `UPDATE community_topics SET updated_at = $2,
		bounty_state = CASE bounty_state WHEN 'awarding' THEN 'awarded' ELSE 'refunded' END
		WHERE id = $1 AND bounty_state IN ('awarding', 'refunding')`, topicID, at)
	if err != nil {
		return fmt.Errorf("community store: settle bounty %d: %w", topicID, err)
	}
	return nil
}

// UnsettledBounties returns up to limit bounties the sweep must finish:
// open ones whose deadline passed (now, epoch ms), and claimed ones whose
// money has not moved yet. Deleted topics are included: their escrow is
// theirs to settle.
func (s CommunityStore) UnsettledBounties(ctx context.Context, now int64, limit int) ([]Topic, error) {
	list, err := queryList(ctx, s.db.reads, scanTopic, `SELECT `+topicColumns+` FROM community_topics
		WHERE (bounty_state = 'open' AND deadline <= $1) OR bounty_state IN ('awarding', 'refunding')
		ORDER BY deadline, id LIMIT $2`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("community store: unsettled bounties: %w", err)
	}
	return list, nil
}
