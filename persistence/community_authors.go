package persistence

import (
	"context"
	"fmt"
)

// TopicsByAuthor returns up to limit topics of one author that were not
// deleted, newest first, older than before (0: from the newest), of one
// node (0: of every node).
func (s CommunityStore) TopicsByAuthor(ctx context.Context, authorID, nodeID, before int64, limit int) ([]Topic, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, scanTopic, `SELECT `+topicColumns+` FROM community_topics
		WHERE author_id = $1 AND deleted_at = 0 AND id < $2 AND (node_id = $3 OR CAST($3 AS BIGINT) = 0)
		ORDER BY id DESC LIMIT $4`, authorID, before, nodeID, limit)
	if err != nil {
		return nil, fmt.Errorf("community store: topics of %d: %w", authorID, err)
	}
	return list, nil
}

// AnswersByAuthor returns up to limit answers of one author that were not
// deleted, to topics that were not deleted, newest first, older than before
// (0: from the newest).
func (s CommunityStore) AnswersByAuthor(ctx context.Context, authorID, before int64, limit int) ([]Answer, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, scanAnswer, `SELECT a.id, a.topic_id, a.author_id, a.creation_key, a.content,
		a.deleted_at, a.created_at, a.updated_at FROM community_answers a
		JOIN community_topics t ON t.id = a.topic_id AND t.deleted_at = 0
		WHERE a.author_id = $1 AND a.deleted_at = 0 AND a.id < $2 ORDER BY a.id DESC LIMIT $3`, authorID, before, limit)
	if err != nil {
		return nil, fmt.Errorf("community store: answers of %d: %w", authorID, err)
	}
	return list, nil
}
