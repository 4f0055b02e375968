package community

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/internal/picked"
	"souk/persistence"
)

// pickedTopics is the one page of the topics ids that were not deleted,
// in their order, as f selects them; unknown ids and repeats are left out.
func (s *Service) pickedTopics(ctx context.Context, f topicFilter, ids []action.ID) (*TopicConnection, error) {
	topics := make([]persistence.Topic, 0, len(ids))
	for _, id := range picked.Keys(ids) {
		t, err := s.db.Community().Topic(ctx, id)
		if errors.Is(err, persistence.ErrNotFound) {
			continue
		} else if err != nil {
			return nil, fmt.Errorf("community: %w", err)
		}
		if (f.nodeID != 0 && t.NodeID != f.nodeID) || (f.authorID != 0 && t.AuthorID != f.authorID) {
			continue
		}
		topics = append(topics, t)
	}
	conn := &TopicConnection{Edges: []TopicEdge{}}
	if err := s.addTopicEdges(ctx, conn, topics); err != nil {
		return nil, err
	}
	return conn, nil
}
