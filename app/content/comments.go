package content

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// CommentsInput asks for a page of a target's comments.
type CommentsInput struct {
	TargetType string    `json:"targetType" doc:"article, topic or answer"`
	TargetID   action.ID `json:"targetId"`
	First      int       `json:"first,omitempty" doc:"page size, 20 by default, at most 50"`
	After      string    `json:"after,omitempty" doc:"endCursor of the page before"`
}

// Validate checks the input's shape.
func (in *CommentsInput) Validate() error {
	switch {
	case in.TargetType == "comment" || !validTargetType(in.TargetType):
		return action.BadField("targetType")
	case in.TargetID <= 0:
		return action.Required("targetId")
	case in.First < 0 || in.First > MaxPage:
		return action.BadField("first")
	}
	if _, ok := member.ParseCursor(in.After); !ok {
		return action.BadField("after")
	}
	if in.First == 0 {
		in.First = DefaultPage
	}
	return nil
}

// CommentEdge is one comment of a page.
type CommentEdge struct {
	Cursor string      `json:"cursor"`
	Node   CommentNode `json:"node"`
}

// CommentsPageInfo tells how to read on.
type CommentsPageInfo struct {
	EndCursor   string `json:"endCursor" doc:"pass it as after for the next page; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage"`
}

// CommentsPage is a page of comments, the oldest first.
type CommentsPage struct {
	Edges    []CommentEdge    `json:"edges"`
	PageInfo CommentsPageInfo `json:"pageInfo"`
}

// CommentsReply is the reply of content.comments.
type CommentsReply struct {
	Comments     CommentsPage `json:"comments"`
	CommentCount int64        `json:"commentCount" doc:"the target's live comments"`
}

// Comments answers content.comments.
func (s *Service) Comments(ctx context.Context, in CommentsInput) (CommentsReply, error) {
	reply := CommentsReply{Comments: CommentsPage{Edges: []CommentEdge{}}}
	if err := in.Validate(); err != nil {
		return reply, err
	}
	viewer := action.RequestFrom(ctx).Viewer
	access, err := s.access(ctx, viewer, in.TargetType, int64(in.TargetID))
	if err != nil {
		return reply, err
	}
	if !access.Read {
		return reply, ErrGated
	}
	after, _ := member.ParseCursor(in.After)
	list, err := s.db.Comments().List(ctx, in.TargetType, int64(in.TargetID), after, in.First+1)
	if err != nil {
		return reply, err
	}
	if len(list) > in.First {
		list, reply.Comments.PageInfo.HasNextPage = list[:in.First], true
	}
	nodes, err := s.commentNodes(ctx, viewer.UserID, list)
	if err != nil {
		return reply, err
	}
	for _, n := range nodes {
		reply.Comments.Edges = append(reply.Comments.Edges, CommentEdge{Cursor: n.DatabaseID, Node: n})
		reply.Comments.PageInfo.EndCursor = n.DatabaseID
	}
	counts, err := s.db.Counters().Get(ctx, in.TargetType, []int64{int64(in.TargetID)})
	if err != nil {
		return reply, err
	}
	reply.CommentCount = counts[int64(in.TargetID)].Comments
	return reply, nil
}
