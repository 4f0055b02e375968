package search

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// SearchUserInput asks search.user for members.
type SearchUserInput struct {
	Key   string `json:"key" maxBytes:"65536" doc:"a name or slug, or part of one, at most 100 characters; a blank key finds nobody"`
	First int    `json:"first,omitempty" doc:"how many, 10 by default, at most 20"`
}

// Validate trims the key and checks the input's bounds.
func (in *SearchUserInput) Validate() error {
	if err := checkKey(&in.Key); err != nil {
		return err
	}
	if in.First < 0 || in.First > MaxMembers {
		return action.BadField("first")
	}
	if in.First == 0 {
		in.First = DefaultMembers
	}
	return nil
}

// SearchUserReply is the reply of search.user.
type SearchUserReply struct {
	Users UserList `json:"users"`
}

// UserList are the members found, the closest first.
type UserList struct {
	Nodes []member.Summary `json:"nodes"`
}

// SearchUser answers search.user; banned members are not found.
func (s *Service) SearchUser(ctx context.Context, in SearchUserInput) (SearchUserReply, error) {
	reply := SearchUserReply{Users: UserList{Nodes: []member.Summary{}}}
	if in.Key == "" {
		return reply, nil
	}
	if err := s.allow(action.RequestFrom(ctx)); err != nil {
		return reply, err
	}
	users, err := s.db.Search().Members(ctx, in.Key, in.First)
	if err != nil {
		return reply, err
	}
	for _, u := range users {
		reply.Users.Nodes = append(reply.Users.Nodes, member.SummaryOf(u))
	}
	return reply, nil
}
