package follow

import (
	"context"
	"encoding/json"
	"fmt"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// FollowInput asks for a page of a follow list.
type FollowInput struct {
	UserID action.ID `json:"userId" doc:"whose list"`
	Type   string    `json:"type,omitempty" doc:"following (the default) or followers"`
	First  int       `json:"first,omitempty" doc:"page size, 1-50; default 12"`
	After  string    `json:"after,omitempty" doc:"an endCursor: the next page"`
}

// FollowReply is the reply of profile.follow.
type FollowReply struct {
	Follow FollowPage `json:"follow"`
}

// FollowPage is a page of a follow list, the most recent follow first.
type FollowPage struct {
	Edges      []FollowEdge `json:"edges"`
	PageInfo   PageInfo     `json:"pageInfo"`
	TotalCount int          `json:"totalCount" doc:"the whole list's length"`
}

// FollowEdge is one member of the list and its cursor.
type FollowEdge struct {
	Cursor string     `json:"cursor" doc:"the follow's id"`
	Node   FollowNode `json:"node"`
}

// FollowNode is a member of a follow list.
type FollowNode struct {
	member.Summary
	Description string `json:"description"`
	IsFollowing bool   `json:"isFollowing" doc:"the viewer follows this member; false for guests"`
}

// PageInfo says where a page ends and whether more follow.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"cursor of the last entry; pass it as after; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage"`
}

// Follow answers profile.follow.
func (s *Service) Follow(ctx context.Context, in FollowInput) (FollowReply, error) {
	var reply FollowReply
	viewer := action.RequestFrom(ctx).Viewer
	direction := in.Type
	switch direction {
	case "":
		direction = persistence.FollowsFollowing
	case persistence.FollowsFollowing, persistence.FollowsFollowers:
	default:
		return reply, ErrBadType
	}
	after, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	first := in.First
	if first <= 0 || first > MaxPage {
		first = DefaultPage
	}
	owner, err := s.member(ctx, int64(in.UserID))
	if err != nil {
		return reply, err
	}
	list, err := s.db.Follows().List(ctx, owner.ID, direction, after, first+1)
	if err != nil {
		return reply, err
	}
	more := len(list) > first
	if more {
		list = list[:first]
	}
	following := map[int64]bool{}
	if !viewer.IsGuest() {
		ids := make([]int64, 0, len(list))
		for _, e := range list {
			ids = append(ids, e.User.ID)
		}
		if following, err = s.db.Follows().Following(ctx, viewer.UserID, ids); err != nil {
			return reply, err
		}
	}
	page := FollowPage{Edges: make([]FollowEdge, 0, len(list)), PageInfo: PageInfo{HasNextPage: more}}
	for _, e := range list {
		page.Edges = append(page.Edges, FollowEdge{Cursor: member.FormatID(e.ID), Node: FollowNode{
			Summary: member.SummaryOf(e.User), Description: e.User.Description, IsFollowing: following[e.User.ID]}})
	}
	if n := len(page.Edges); n > 0 {
		page.PageInfo.EndCursor = page.Edges[n-1].Cursor
	}
	followers, followings, err := s.db.Follows().Counts(ctx, owner.ID)
	if err != nil {
		return reply, err
	}
	page.TotalCount = followings
	if direction == persistence.FollowsFollowers {
		page.TotalCount = followers
	}
	reply.Follow = page
	return reply, nil
}

func jsonOf(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("follow: encode: %w", err)
	}
	return b, nil
}
