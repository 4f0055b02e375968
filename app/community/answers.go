package community

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// AnswersInput asks for a page of one member's answers.
type AnswersInput struct {
	AuthorID action.ID `json:"authorId" doc:"the member whose answers are listed (a profile's tab)"`
	First    int       `json:"first,omitempty" doc:"answers per page, default 20, at most 50"`
	After    string    `json:"after,omitempty" doc:"the endCursor of the page before"`
}

// TopicRef names the topic an answer belongs to.
type TopicRef struct {
	ID         string `json:"id"`
	DatabaseID string `json:"databaseId"`
	Title      string `json:"title"`
}

// AuthoredAnswerView is an answer of a member's list with its topic; the
// answer's content is empty while the topic's gate keeps the viewer out,
// as the topic's page keeps its answers.
type AuthoredAnswerView struct {
	AnswerView
	Topic  TopicRef `json:"topic"`
	Locked bool     `json:"locked" doc:"the topic's gate keeps the viewer from the answer: content is empty"`
}

// AuthoredAnswerEdge is one answer of a page.
type AuthoredAnswerEdge struct {
	Cursor string             `json:"cursor"`
	Node   AuthoredAnswerView `json:"node"`
}

// AuthoredAnswerConnection is a Relay page of a member's answers, newest first.
type AuthoredAnswerConnection struct {
	Edges    []AuthoredAnswerEdge `json:"edges"`
	PageInfo PageInfo             `json:"pageInfo"`
}

// AnswersReply is the reply of community.answers.
type AnswersReply struct {
	Answers AuthoredAnswerConnection `json:"answers"`
}

// Answers answers community.answers: a member's answers, newest first,
// each with its topic's title, the content only where the topic is open to
// the viewer. Answers of deleted topics are not listed.
func (s *Service) Answers(ctx context.Context, in AnswersInput) (AnswersReply, error) {
	reply := AnswersReply{Answers: AuthoredAnswerConnection{Edges: []AuthoredAnswerEdge{}}}
	if in.AuthorID <= 0 {
		return reply, action.Required("authorId")
	}
	before, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	first := clampFirst(in.First)
	answers, err := s.db.Community().AnswersByAuthor(ctx, int64(in.AuthorID), before, first+1)
	if err != nil {
		return reply, fmt.Errorf("community: %w", err)
	}
	if len(answers) > first {
		answers, reply.Answers.PageInfo.HasNextPage = answers[:first], true
	}
	views, err := s.answerViews(ctx, answers)
	if err != nil {
		return reply, err
	}
	topics := make(map[int64]topicAccess, len(answers))
	for i, a := range answers {
		access, ok := topics[a.TopicID]
		if !ok {
			if access, err = s.topicAccess(ctx, a.TopicID); err != nil {
				return reply, err
			}
			topics[a.TopicID] = access
		}
		v := AuthoredAnswerView{AnswerView: views[i], Locked: !access.open, Topic: access.ref}
		if !access.open {
			v.Content = ""
		}
		reply.Answers.Edges = append(reply.Answers.Edges, AuthoredAnswerEdge{Cursor: v.ID, Node: v})
		reply.Answers.PageInfo.EndCursor = v.ID
	}
	return reply, nil
}

// topicAccess is a topic's name and whether the viewer may read it.
type topicAccess struct {
	ref  TopicRef
	open bool
}

func (s *Service) topicAccess(ctx context.Context, id int64) (topicAccess, error) {
	t, err := s.db.Community().Topic(ctx, id)
	if err != nil {
		// Deleted between the two reads: listed as closed, without a title.
		return topicAccess{ref: TopicRef{ID: member.FormatID(id), DatabaseID: member.FormatID(id)}}, ignoreNotFound(err)
	}
	d, err := s.decide(ctx, t)
	if err != nil {
		return topicAccess{}, err
	}
	ref := TopicRef{ID: member.FormatID(t.ID), DatabaseID: member.FormatID(t.ID), Title: t.Title}
	return topicAccess{ref: ref, open: d.Open}, nil
}

// ignoreNotFound is nil for the store's not found, else err wrapped.
func ignoreNotFound(err error) error {
	if errors.Is(err, persistence.ErrNotFound) {
		return nil
	}
	return fmt.Errorf("community: %w", err)
}
