package community

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/persistence"
)

// CastVoteInput is a member's vote.
type CastVoteInput struct {
	TopicID action.ID `json:"topicId" doc:"the vote topic's databaseId"`
	Option  *int      `json:"option" doc:"the index of the option chosen, from 0"`
}

// Validate checks what needs no database.
func (in *CastVoteInput) Validate() error {
	if in.TopicID <= 0 {
		return action.Required("topicId")
	}
	if in.Option == nil {
		return action.Required("option")
	}
	return nil
}

// VoteReply is the reply of community.vote.
type VoteReply struct {
	Vote VoteView `json:"vote" doc:"the tallies after the vote"`
}

// Vote answers community.vote: one vote per member and topic, before the
// deadline, by a member who may see the topic.
func (s *Service) Vote(ctx context.Context, in CastVoteInput) (VoteReply, error) {
	t, err := s.topic(ctx, int64(in.TopicID))
	if err != nil {
		return VoteReply{}, err
	}
	if visible, err := s.maySee(ctx, t); err != nil {
		return VoteReply{}, err
	} else if !visible {
		return VoteReply{}, ErrTopicNotFound
	}
	n, err := s.node(ctx, t.NodeID)
	if err != nil {
		return VoteReply{}, err
	}
	if err := s.mayPost(ctx, n); err != nil {
		return VoteReply{}, err
	}
	if t.Type != persistence.TopicVote {
		return VoteReply{}, ErrNotVote
	}
	if *in.Option < 0 || *in.Option >= len(t.VoteOptions) {
		return VoteReply{}, ErrOption
	}
	now := s.now().UnixMilli()
	if t.Deadline <= now {
		return VoteReply{}, ErrVoteEnded
	}
	err = s.db.Community().Vote(ctx, t.ID, action.RequestFrom(ctx).Viewer.UserID, *in.Option, now)
	if errors.Is(err, persistence.ErrVoted) {
		return VoteReply{}, ErrVoted
	} else if err != nil {
		return VoteReply{}, fmt.Errorf("community: %w", err)
	}
	s.tallied(ctx, t)
	v, err := s.voteView(ctx, t, true)
	if err != nil {
		return VoteReply{}, err
	}
	return VoteReply{Vote: *v}, nil
}
