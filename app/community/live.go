package community

import (
	"context"

	"souk/app/internal/live"
	"souk/app/member"
	"souk/persistence"
)

// The data of the community's live events (souk/app/internal/live). Their
// views are built for a guest: a gated topic comes locked, without its
// excerpt, and its answers never come at all.

// TopicCreatedEvent is the data of topic_created (node:, feed).
type TopicCreatedEvent struct {
	Topic TopicView `json:"topic" doc:"as in a list: the excerpt, no content"`
}

// TopicDeletedEvent is the data of topic_deleted (node:, topic:, feed).
type TopicDeletedEvent struct {
	ID string `json:"id"`
}

// AnswerCreatedEvent is the data of answer_created (topic:).
type AnswerCreatedEvent struct {
	TopicID     string      `json:"topicId"`
	AnswerCount int64       `json:"answerCount"`
	Answer      *AnswerView `json:"answer,omitempty" doc:"absent when the topic is gated"`
}

// VoteTallyEvent is the data of vote_tally (topic:).
type VoteTallyEvent struct {
	TopicID string   `json:"topicId"`
	Vote    VoteView `json:"vote" doc:"voted is always -1"`
}

// BountyChangedEvent is the data of bounty_changed (topic:).
type BountyChangedEvent struct {
	TopicID string     `json:"topicId"`
	Bounty  BountyView `json:"bounty"`
}

// DeletedEvent is the data of deleted (topic:): an answer was deleted.
type DeletedEvent struct {
	TargetType string `json:"targetType"`
	ID         string `json:"id"`
}

// guestTopic is t as a guest sees it in a list; false when it cannot be
// built (logged).
func (s *Service) guestTopic(ctx context.Context, t persistence.Topic, full bool) (TopicView, bool) {
	views, err := s.topicViews(live.AsGuest(ctx), []persistence.Topic{t}, full)
	if err != nil {
		s.log.WarnContext(ctx, "live event not built", "topic", t.ID, "error", err)
		return TopicView{}, false
	}
	views[0].Content = ""
	return views[0], true
}

// topicCreated tells the node's and the site's topic lists of t.
func (s *Service) topicCreated(ctx context.Context, t persistence.Topic) {
	if !s.live.Enabled() {
		return
	}
	if view, ok := s.guestTopic(ctx, t, false); ok {
		s.live.Send(ctx, live.TopicCreated, TopicCreatedEvent{Topic: view}, live.Node(t.NodeID), live.Feed)
	}
}

// topicDeleted tells the lists and the topic's page that t is gone.
func (s *Service) topicDeleted(ctx context.Context, t persistence.Topic) {
	s.live.Send(ctx, live.TopicDeleted, TopicDeletedEvent{ID: member.FormatID(t.ID)},
		live.Node(t.NodeID), live.Topic(t.ID), live.Feed)
}

// answerCreated tells the topic's page of a: the answer itself only when
// the topic is not gated.
func (s *Service) answerCreated(ctx context.Context, a persistence.Answer) {
	if !s.live.Enabled() {
		return
	}
	t, err := s.topic(ctx, a.TopicID)
	if err != nil {
		s.log.WarnContext(ctx, "live event not built", "topic", a.TopicID, "error", err)
		return
	}
	event := AnswerCreatedEvent{TopicID: member.FormatID(t.ID), AnswerCount: t.AnswerCount}
	guest := live.AsGuest(ctx)
	open, err := s.maySee(guest, t)
	if err == nil && open {
		var views []AnswerView
		if views, err = s.answerViews(guest, []persistence.Answer{a}); err == nil {
			event.Answer = &views[0]
		}
	}
	if err != nil {
		s.log.WarnContext(ctx, "live event not built", "answer", a.ID, "error", err)
		return
	}
	s.live.Send(ctx, live.AnswerCreated, event, live.Topic(t.ID))
}

// tallied tells the topic's page of its vote's tallies.
func (s *Service) tallied(ctx context.Context, t persistence.Topic) {
	if !s.live.Enabled() {
		return
	}
	v, err := s.voteView(live.AsGuest(ctx), t, true)
	if err != nil {
		s.log.WarnContext(ctx, "live event not built", "topic", t.ID, "error", err)
		return
	}
	s.live.Send(ctx, live.VoteTally, VoteTallyEvent{TopicID: member.FormatID(t.ID), Vote: *v}, live.Topic(t.ID))
}

// bountyChanged tells the topic's page of its bounty's state; a deleted
// topic has no page to tell.
func (s *Service) bountyChanged(ctx context.Context, topicID int64) {
	if !s.live.Enabled() {
		return
	}
	t, err := s.topic(ctx, topicID)
	if err != nil {
		return
	}
	if view, ok := s.guestTopic(ctx, t, false); ok && view.Bounty != nil {
		s.live.Send(ctx, live.BountyChanged, BountyChangedEvent{TopicID: view.ID, Bounty: *view.Bounty},
			live.Topic(t.ID))
	}
}

// answerDeleted tells the topic's page that an answer is gone.
func (s *Service) answerDeleted(ctx context.Context, a persistence.Answer) {
	s.live.Send(ctx, live.Deleted, DeletedEvent{TargetType: persistence.TargetAnswer, ID: member.FormatID(a.ID)},
		live.Topic(a.TopicID))
}
