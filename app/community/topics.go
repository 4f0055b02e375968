package community

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/internal/picked"
	"souk/app/member"
	"souk/persistence"
)

// TopicsInput asks for a page of topics, site-wide or of one node.
type TopicsInput struct {
	First  int       `json:"first,omitempty" doc:"topics per page, default 20, at most 50"`
	After  string    `json:"after,omitempty" doc:"the endCursor of the page before"`
	NodeID action.ID `json:"nodeId,omitempty" doc:"a node's databaseId: its topics only; absent for every node's"`
	// AuthorID narrows the list to one member's topics (a profile's tab);
	// with NodeID too, their topics of that node.
	AuthorID action.ID `json:"authorId,omitempty" doc:"a member's databaseId: the topics they wrote only (a profile's list)"`
	// IDs asks for these topics only, in this order (a builder's
	// hand-picked list): one page without a cursor; First and After are
	// not used.
	IDs []action.ID `json:"ids,omitempty" doc:"at most 20 topic databaseIds: only these, in this order; unknown, deleted or filtered out ones are left out; absent or empty: the newest first"`
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
	if in.AuthorID < 0 {
		return TopicsReply{}, action.BadField("authorId")
	}
	if !picked.Valid(in.IDs) {
		return TopicsReply{}, action.BadField("ids")
	}
	f := topicFilter{nodeID: nodeID, authorID: int64(in.AuthorID)}
	if len(in.IDs) > 0 {
		page, err := s.pickedTopics(ctx, f, in.IDs)
		if err != nil {
			return TopicsReply{}, err
		}
		return TopicsReply{Topics: *page}, nil
	}
	page, err := s.topicPage(ctx, f, PageArgs{After: in.After, First: in.First})
	if err != nil {
		return TopicsReply{}, err
	}
	return TopicsReply{Topics: *page}, nil
}

// topicFilter selects the topics of a list: one node's (nodeID), one
// author's (authorID), or every one (both 0).
type topicFilter struct{ nodeID, authorID int64 }

// topicPage is a page of topics, newest first, as f selects and in.After
// and in.First ask; the views carry excerpts only.
func (s *Service) topicPage(ctx context.Context, f topicFilter, in PageArgs) (*TopicConnection, error) {
	before, ok := member.ParseCursor(in.After)
	if !ok {
		return nil, ErrBadCursor
	}
	first := clampFirst(in.First)
	var topics []persistence.Topic
	var err error
	if f.authorID != 0 {
		topics, err = s.db.Community().TopicsByAuthor(ctx, f.authorID, f.nodeID, before, first+1)
	} else {
		topics, err = s.db.Community().Topics(ctx, f.nodeID, before, first+1)
	}
	if err != nil {
		return nil, fmt.Errorf("community: %w", err)
	}
	conn := &TopicConnection{Edges: []TopicEdge{}}
	if len(topics) > first {
		topics, conn.PageInfo.HasNextPage = topics[:first], true
	}
	if err := s.addTopicEdges(ctx, conn, topics); err != nil {
		return nil, err
	}
	return conn, nil
}

// addTopicEdges appends the views of topics to conn, excerpts only.
func (s *Service) addTopicEdges(ctx context.Context, conn *TopicConnection, topics []persistence.Topic) error {
	views, err := s.topicViews(ctx, topics, true)
	if err != nil {
		return err
	}
	for i := range views {
		views[i].Content = ""
		conn.Edges = append(conn.Edges, TopicEdge{Cursor: views[i].ID, Node: views[i]})
		conn.PageInfo.EndCursor = views[i].ID
	}
	return nil
}
