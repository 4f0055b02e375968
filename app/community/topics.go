package community

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/member"
)

// TopicsInput asks for a page of topics, site-wide or of one node.
type TopicsInput struct {
	First  int       `json:"first,omitempty" doc:"topics per page, default 20, at most 50"`
	After  string    `json:"after,omitempty" doc:"the endCursor of the page before"`
	NodeID action.ID `json:"nodeId,omitempty" doc:"a node's databaseId: its topics only; absent for every node's"`
}

// TopicsReply is the reply of community.topics.
type TopicsReply struct {
	Topics TopicConnection `json:"topics"`
}

// Topics answers community.topics: the newest topics first, of one node
// or of the whole site, each with its excerpt and without its content.
func (s *Service) Topics(ctx context.Context, in TopicsInput) (TopicsReply, error) {
	var nodeID int64
	if in.NodeID > 0 {
		n, err := s.node(ctx, int64(in.NodeID))
		if err != nil {
			return TopicsReply{}, err
		}
		nodeID = n.ID
	}
	page, err := s.topicPage(ctx, nodeID, PageArgs{After: in.After, First: in.First})
	if err != nil {
		return TopicsReply{}, err
	}
	return TopicsReply{Topics: *page}, nil
}

// topicPage is a page of topics, newest first, of one node (0: of every
// node), as in.After and in.First ask; the views carry excerpts only.
func (s *Service) topicPage(ctx context.Context, nodeID int64, in PageArgs) (*TopicConnection, error) {
	before, ok := member.ParseCursor(in.After)
	if !ok {
		return nil, ErrBadCursor
	}
	first := clampFirst(in.First)
	topics, err := s.db.Community().Topics(ctx, nodeID, before, first+1)
	if err != nil {
		return nil, fmt.Errorf("community: %w", err)
	}
	conn := &TopicConnection{Edges: []TopicEdge{}}
	if len(topics) > first {
		topics, conn.PageInfo.HasNextPage = topics[:first], true
	}
	views, err := s.topicViews(ctx, topics, true)
	if err != nil {
		return nil, err
	}
	for i := range views {
		views[i].Content = ""
		conn.Edges = append(conn.Edges, TopicEdge{Cursor: views[i].ID, Node: views[i]})
		conn.PageInfo.EndCursor = views[i].ID
	}
	return conn, nil
}
