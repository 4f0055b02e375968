package admin

import (
	"context"
	"fmt"
	"slices"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// memberFilters are the filters admin.members knows.
var memberFilters = []string{persistence.MembersAll, persistence.MembersAdmins, persistence.MembersBuilders,
	persistence.MembersBanned, persistence.MembersVIP}

// MembersInput asks for a page of members.
type MembersInput struct {
	Q      string `json:"q,omitempty" maxBytes:"200" doc:"an id, an email or phone (exact), a slug (prefix) or a part of a name"`
	Filter string `json:"filter,omitempty" doc:"all (default), admins, builders, banned or vip"`
	After  string `json:"after,omitempty" doc:"an endCursor: the next (older) page"`
	First  int    `json:"first,omitempty" doc:"page size, 1-100; default 50"`
}

// Validate checks what needs no database.
func (in *MembersInput) Validate() error {
	if in.Filter != "" && !slices.Contains(memberFilters, in.Filter) {
		return action.BadField("filter")
	}
	return checkFirst(in.First)
}

// MemberEdge is one member of a page.
type MemberEdge struct {
	Node AdminMemberRow `json:"node"`
}

// MembersReply is the reply of admin.members.
type MembersReply struct {
	Edges    []MemberEdge `json:"edges"`
	PageInfo PageInfo     `json:"pageInfo"`
}

// List answers admin.members.
func (m *Members) List(ctx context.Context, in MembersInput) (MembersReply, error) {
	reply := MembersReply{Edges: []MemberEdge{}}
	before, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	names, err := m.levelNames(ctx)
	if err != nil {
		return reply, err
	}
	now, first := m.now(), pageSize(in.First)
	list, err := m.cfg.DB.AdminMembers().List(ctx, persistence.MembersQuery{Query: in.Q, Filter: in.Filter, Now: now,
		Before: before, Limit: first + 1})
	if err != nil {
		return reply, fmt.Errorf("admin: members: %w", err)
	}
	list, reply.PageInfo.HasNextPage = trimPage(list, first)
	for _, a := range list {
		reply.Edges = append(reply.Edges, MemberEdge{Node: names.row(a, now)})
	}
	if n := len(reply.Edges); n > 0 {
		reply.PageInfo.EndCursor = reply.Edges[n-1].Node.DatabaseID
	}
	return reply, nil
}
