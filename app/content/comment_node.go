package content

import (
	"context"
	"fmt"

	"souk/app/member"
	"souk/persistence"
)

// CommentNode is a comment as readers get it.
type CommentNode struct {
	ID         string         `json:"id"`
	DatabaseID string         `json:"databaseId"`
	TargetType string         `json:"targetType"`
	TargetID   string         `json:"targetId"`
	ReplyTo    string         `json:"replyTo,omitempty" doc:"the comment this one answers; absent for a top-level comment"`
	Content    string         `json:"content" doc:"sanitized HTML"`
	Author     member.Summary `json:"author"`
	CreatedAt  int64          `json:"createdAt" doc:"epoch milliseconds"`
	LikeCount  int64          `json:"likeCount"`
	IsLiked    bool           `json:"isLiked" doc:"the viewer likes it"`
}

// commentNodes turns comments into nodes for viewerID (0: a guest).
func (s *Service) commentNodes(ctx context.Context, viewerID int64, list []persistence.Comment) ([]CommentNode, error) {
	ids := make([]int64, len(list))
	authors := make([]int64, len(list))
	for i, c := range list {
		ids[i], authors[i] = c.ID, c.AuthorID
	}
	summaries, err := member.Summaries(ctx, s.db, authors...)
	if err != nil {
		return nil, fmt.Errorf("content: comment authors: %w", err)
	}
	counts, err := s.db.Counters().Get(ctx, persistence.TargetComment, ids)
	if err != nil {
		return nil, fmt.Errorf("content: comment counts: %w", err)
	}
	liked, err := s.db.Likes().Liked(ctx, viewerID, persistence.TargetComment, ids)
	if err != nil {
		return nil, fmt.Errorf("content: comment likes: %w", err)
	}
	nodes := make([]CommentNode, len(list))
	for i, c := range list {
		id := member.FormatID(c.ID)
		n := CommentNode{ID: id, DatabaseID: id, TargetType: c.TargetType, TargetID: member.FormatID(c.TargetID),
			Content: c.Content, Author: summaries[c.AuthorID], CreatedAt: c.CreatedAt,
			LikeCount: counts[c.ID].Likes, IsLiked: liked[c.ID]}
		if c.ReplyTo != 0 {
			n.ReplyTo = member.FormatID(c.ReplyTo)
		}
		nodes[i] = n
	}
	return nodes, nil
}
