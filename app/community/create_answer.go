package community

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/internal/mention"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// CreateAnswerInput is an answer to a topic.
type CreateAnswerInput struct {
	TopicID action.ID `json:"topicId" doc:"the topic's databaseId"`
	Content string    `json:"content" maxBytes:"200000" doc:"HTML from the editor; sanitized, its text must not be empty"`
	IdemKey string    `json:"idemKey,omitempty" doc:"8-100 characters of [A-Za-z0-9:_-], one per answer"`
}

// Validate checks what needs no database.
func (in *CreateAnswerInput) Validate() error {
	if in.TopicID <= 0 {
		return action.Required("topicId")
	}
	return checkIdemKey(in.IdemKey)
}

// AnswerReply is the reply of mutates.createAnswer.
type AnswerReply struct {
	Answer AnswerView `json:"answer"`
}

// CreateAnswer answers mutates.createAnswer: a member who may see the
// topic and post in its node answers it while it is open.
func (s *Service) CreateAnswer(ctx context.Context, in CreateAnswerInput) (AnswerReply, error) {
	content := richtext.Sanitize(in.Content)
	if richtext.Text(content) == "" {
		return AnswerReply{}, ErrContent
	}
	author, err := s.poster(ctx)
	if err != nil {
		return AnswerReply{}, err
	}
	t, err := s.topic(ctx, int64(in.TopicID))
	if err != nil {
		return AnswerReply{}, err
	}
	if visible, err := s.maySee(ctx, t); err != nil {
		return AnswerReply{}, err
	} else if !visible {
		return AnswerReply{}, ErrTopicNotFound
	}
	n, err := s.node(ctx, t.NodeID)
	if err != nil {
		return AnswerReply{}, err
	}
	if err := s.mayPost(ctx, n); err != nil {
		return AnswerReply{}, err
	}
	now := s.now().UnixMilli()
	if closed(t, now) {
		return AnswerReply{}, ErrClosed
	}
	content, mentioned, err := mention.Resolve(ctx, s.db, content)
	if err != nil {
		return AnswerReply{}, err
	}
	a := persistence.Answer{TopicID: t.ID, AuthorID: author.ID, Content: content, CreatedAt: now,
		CreationKey: "answer:" + member.IdemKey(author.ID, in.IdemKey)}
	created, err := s.db.Community().CreateAnswer(ctx, &a)
	if err != nil {
		return AnswerReply{}, fmt.Errorf("community: %w", err)
	}
	if created {
		s.answerCreated(ctx, a)
		s.mentioned(ctx, t, &a, mentioned)
	}
	answerID := member.FormatID(a.ID)
	s.notice(ctx, t.AuthorID, a.AuthorID, "answer:"+answerID, t.Title, CommunityContent{Kind: NoticeAnswer,
		TopicID: member.FormatID(t.ID), AnswerID: answerID})
	views, err := s.answerViews(ctx, []persistence.Answer{a})
	if err != nil {
		return AnswerReply{}, err
	}
	return AnswerReply{Answer: views[0]}, nil
}

// closed reports whether a topic takes no more answers: a bounty that was
// settled or claimed, or a bounty or vote past its deadline.
func closed(t persistence.Topic, now int64) bool {
	if t.Type == persistence.TopicBounty && t.BountyState != persistence.BountyOpen {
		return true
	}
	return t.Deadline != 0 && t.Deadline <= now
}
