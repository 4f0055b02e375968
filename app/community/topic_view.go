package community

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/internal/gate"
	"souk/app/member"
	"souk/persistence"
)

// TopicView is a topic as the client reads it.
type TopicView struct {
	ID         string `json:"id"`
	DatabaseID string `json:"databaseId"`
	Title      string `json:"title"`
	// Content is omitted for a viewer the gate keeps out (Locked).
	Content      string         `json:"content,omitempty" doc:"sanitized HTML; omitted when locked"`
	Excerpt      string         `json:"excerpt" doc:"the content's first characters as text; empty when locked"`
	Locked       bool           `json:"locked" doc:"the gate (roles) keeps the viewer from the content and the answers"`
	Roles        []gate.Role    `json:"roles"`
	Gate         *gate.Role     `json:"gate,omitempty" doc:"locked: the entry offered to the viewer (SPEC.md §6's choice)"`
	Type         string         `json:"type" doc:"normal, bounty or vote"`
	Bounty       *BountyView    `json:"bounty,omitempty"`
	Vote         *VoteView      `json:"vote,omitempty"`
	Author       member.Summary `json:"author"`
	NodeID       string         `json:"nodeId"`
	AnswerCount  int64          `json:"answerCount"`
	LikeCount    int64          `json:"likeCount"`
	IsLiked      bool           `json:"isLiked" doc:"the viewer likes it"`
	CommentCount int64          `json:"commentCount"`
	CreatedAt    int64          `json:"createdAt" doc:"epoch ms"`
	UpdatedAt    int64          `json:"updatedAt" doc:"epoch ms"`
}

// BountyView is a topic's bounty.
type BountyView struct {
	Type     string `json:"type" doc:"money or credit"`
	Currency string `json:"currency" doc:"a currency code, or CREDIT"`
	Value    string `json:"value" doc:"decimal text"`
	Deadline int64  `json:"deadline" doc:"epoch ms"`
	State    string `json:"state" doc:"open, awarding, awarded, refunding or refunded"`
	// Awards are the shares of an awarded bounty.
	Awards []AwardView `json:"awards"`
}

// AwardView is an answer's share of a bounty.
type AwardView struct {
	AnswerID string         `json:"answerId"`
	User     member.Summary `json:"user"`
	Value    string         `json:"value"`
}

// VoteView is a vote topic's options and tallies.
type VoteView struct {
	Deadline int64            `json:"deadline" doc:"epoch ms"`
	Closed   bool             `json:"closed" doc:"the deadline passed"`
	Options  []VoteOptionView `json:"value"`
	Total    int64            `json:"total"`
	Voted    int              `json:"voted" doc:"the option the viewer chose, -1 for none"`
}

// VoteOptionView is one option with its tally.
type VoteOptionView struct {
	Text  string `json:"text"`
	Count int64  `json:"count"`
}

// AnswerView is an answer as the client reads it.
type AnswerView struct {
	ID           string         `json:"id"`
	DatabaseID   string         `json:"databaseId"`
	TopicID      string         `json:"topicId"`
	Content      string         `json:"content" doc:"sanitized HTML"`
	Author       member.Summary `json:"author"`
	LikeCount    int64          `json:"likeCount"`
	IsLiked      bool           `json:"isLiked" doc:"the viewer likes it"`
	CommentCount int64          `json:"commentCount"`
	CreatedAt    int64          `json:"createdAt" doc:"epoch ms"`
}

// topicViews builds the client's views of topics for the viewer; full
// adds the vote tallies (a topic's page, and the lists: one count per vote
// topic of the page).
func (s *Service) topicViews(ctx context.Context, topics []persistence.Topic, full bool) ([]TopicView, error) {
	ids := make([]int64, len(topics))
	people := make([]int64, 0, len(topics))
	for i, t := range topics {
		ids[i] = t.ID
		people = append(people, t.AuthorID)
		for _, sh := range t.Award {
			people = append(people, sh.UserID)
		}
	}
	authors, err := member.Summaries(ctx, s.db, people...)
	if err != nil {
		return nil, err
	}
	counters, err := s.db.Counters().Get(ctx, persistence.TargetTopic, ids)
	if err != nil {
		return nil, fmt.Errorf("community: %w", err)
	}
	liked, err := s.db.Likes().Liked(ctx, action.RequestFrom(ctx).Viewer.UserID, persistence.TargetTopic, ids)
	if err != nil {
		return nil, fmt.Errorf("community: %w", err)
	}
	out := make([]TopicView, len(topics))
	for i, t := range topics {
		decision, err := s.decide(ctx, t)
		if err != nil {
			return nil, err
		}
		visible := decision.Open
		id := member.FormatID(t.ID)
		v := TopicView{ID: id, DatabaseID: id, Title: t.Title, Excerpt: t.Excerpt, Locked: !visible,
			Roles: decodeRoles(t.Roles), Type: t.Type, Author: authors[t.AuthorID], NodeID: member.FormatID(t.NodeID),
			AnswerCount: t.AnswerCount, LikeCount: counters[t.ID].Likes, IsLiked: liked[t.ID], CommentCount: counters[t.ID].Comments,
			CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt, Gate: decision.Shown}
		if visible {
			v.Content = t.Content
		} else {
			// The excerpt is made from the content: it is gated with it.
			v.Excerpt = ""
		}
		switch t.Type {
		case persistence.TopicBounty:
			a := s.assetByCode(ctx, t.BountyAsset)
			b := &BountyView{Type: a.kind(), Currency: t.BountyAsset, Value: a.format(t.BountyAmount),
				Deadline: t.Deadline, State: t.BountyState, Awards: []AwardView{}}
			for _, sh := range t.Award {
				b.Awards = append(b.Awards, AwardView{AnswerID: member.FormatID(sh.AnswerID), User: authors[sh.UserID],
					Value: a.format(sh.Amount)})
			}
			v.Bounty = b
		case persistence.TopicVote:
			if v.Vote, err = s.voteView(ctx, t, full); err != nil {
				return nil, err
			}
		}
		out[i] = v
	}
	return out, nil
}

// voteView is a vote's options, with the tallies when tallied.
func (s *Service) voteView(ctx context.Context, t persistence.Topic, tallied bool) (*VoteView, error) {
	v := &VoteView{Deadline: t.Deadline, Closed: t.Deadline <= s.now().UnixMilli(), Voted: -1,
		Options: make([]VoteOptionView, len(t.VoteOptions))}
	counts := map[int]int64{}
	if tallied {
		var err error
		counts, v.Voted, err = s.db.Community().Tally(ctx, t.ID, action.RequestFrom(ctx).Viewer.UserID)
		if err != nil {
			return nil, fmt.Errorf("community: %w", err)
		}
	}
	for i, text := range t.VoteOptions {
		v.Options[i] = VoteOptionView{Text: text, Count: counts[i]}
		v.Total += counts[i]
	}
	return v, nil
}

// topicView is the full view of one topic.
func (s *Service) topicView(ctx context.Context, t persistence.Topic) (TopicView, error) {
	views, err := s.topicViews(ctx, []persistence.Topic{t}, true)
	if err != nil {
		return TopicView{}, err
	}
	return views[0], nil
}

// answerViews builds the client's views of answers.
func (s *Service) answerViews(ctx context.Context, answers []persistence.Answer) ([]AnswerView, error) {
	ids := make([]int64, len(answers))
	people := make([]int64, len(answers))
	for i, a := range answers {
		ids[i], people[i] = a.ID, a.AuthorID
	}
	authors, err := member.Summaries(ctx, s.db, people...)
	if err != nil {
		return nil, err
	}
	counters, err := s.db.Counters().Get(ctx, persistence.TargetAnswer, ids)
	if err != nil {
		return nil, fmt.Errorf("community: %w", err)
	}
	liked, err := s.db.Likes().Liked(ctx, action.RequestFrom(ctx).Viewer.UserID, persistence.TargetAnswer, ids)
	if err != nil {
		return nil, fmt.Errorf("community: %w", err)
	}
	out := make([]AnswerView, len(answers))
	for i, a := range answers {
		id := member.FormatID(a.ID)
		out[i] = AnswerView{ID: id, DatabaseID: id, TopicID: member.FormatID(a.TopicID), Content: a.Content,
			Author: authors[a.AuthorID], LikeCount: counters[a.ID].Likes, IsLiked: liked[a.ID], CommentCount: counters[a.ID].Comments,
			CreatedAt: a.CreatedAt}
	}
	return out, nil
}
