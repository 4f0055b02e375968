package community

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/internal/mention"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// CreateTopicInput is a topic submission (SPEC.md §3).
type CreateTopicInput struct {
	ID      action.ID  `json:"id,omitempty" doc:"the viewer's topic to edit (title, content, roles); absent for a new topic"`
	Title   string     `json:"title" doc:"1-120 characters"`
	Content string     `json:"content" maxBytes:"200000" doc:"HTML from the editor; sanitized, its text must not be empty"`
	Roles   Roles      `json:"roles,omitempty" doc:"who may see the content and the answers (gated content): one {type, value, currency} or a list; empty is free"`
	Cat     action.ID  `json:"cat,omitempty" doc:"the node's databaseId (a new topic)"`
	Types   TopicTypes `json:"types" doc:"the topic's type and its bounty or vote"`
	IdemKey string     `json:"idemKey,omitempty" doc:"8-100 characters of [A-Za-z0-9:_-], one per topic: a retry creates (and escrows) once"`
}

// TopicTypes is a topic's type with its details.
type TopicTypes struct {
	Type   string       `json:"type,omitempty" doc:"normal (default), bounty or vote"`
	Bounty *BountyInput `json:"bounty,omitempty"`
	Vote   *VoteInput   `json:"vote,omitempty"`
}

// BountyInput is a bounty's value and deadline.
type BountyInput struct {
	Deadline int64  `json:"deadline" doc:"epoch ms, in the future (within a year)"`
	Type     string `json:"type" doc:"money or credit"`
	Currency string `json:"currency,omitempty" doc:"money: a site currency code; default the request's currency"`
	Value    Amount `json:"value" doc:"decimal text (credit: an integer), above 0; escrowed from the author's wallet"`
}

// VoteInput is a vote's options and deadline.
type VoteInput struct {
	Deadline int64        `json:"deadline" doc:"epoch ms, in the future (within a year)"`
	Type     string       `json:"type,omitempty" doc:"single (one option per member)"`
	Value    []VoteOption `json:"value" doc:"2-20 options, each with text"`
}

// VoteOption is one option of a vote.
type VoteOption struct {
	Text string `json:"text" doc:"1-200 characters"`
}

// Validate checks the idemKey's shape.
func (in *CreateTopicInput) Validate() error {
	return checkIdemKey(in.IdemKey)
}

// TopicReply is the reply of mutates.createTopic.
type TopicReply struct {
	Topic TopicView `json:"topic"`
}

// CreateTopic answers mutates.createTopic. The checks run in the order of
// the form (SPEC.md §5): title, content, then the bounty's value and
// deadline or the vote's options and deadline; a bounty's escrow is taken
// with the topic, in one transaction, under the topic's creation key.
func (s *Service) CreateTopic(ctx context.Context, in CreateTopicInput) (TopicReply, error) {
	title := member.PlainText(in.Title, false)
	if title == "" {
		return TopicReply{}, ErrTitle
	}
	if utf8.RuneCountInString(title) > MaxTitle {
		return TopicReply{}, ErrTitleLength(MaxTitle)
	}
	content := richtext.Sanitize(in.Content)
	if richtext.Text(content) == "" {
		return TopicReply{}, ErrContent
	}
	if err := s.checkRoles(ctx, in.Roles); err != nil {
		return TopicReply{}, err
	}
	author, err := s.poster(ctx)
	if err != nil {
		return TopicReply{}, err
	}
	content, mentioned, err := mention.Resolve(ctx, s.db, content)
	if err != nil {
		return TopicReply{}, err
	}
	t := persistence.Topic{Title: title, Content: content, Excerpt: richtext.Excerpt(content, excerptRunes),
		Roles: encodeRoles(in.Roles)}
	if in.ID > 0 {
		return s.editTopic(ctx, int64(in.ID), in.Types.Type, t, mentioned)
	}
	if err := s.topicType(ctx, in.Types, &t); err != nil {
		return TopicReply{}, err
	}
	if in.Cat <= 0 {
		return TopicReply{}, action.Required("cat")
	}
	n, err := s.node(ctx, int64(in.Cat))
	if err != nil {
		return TopicReply{}, err
	}
	if err := s.mayPost(ctx, n); err != nil {
		return TopicReply{}, err
	}
	t.NodeID, t.AuthorID = n.ID, author.ID
	t.CreationKey = "topic:" + member.IdemKey(author.ID, in.IdemKey)
	t.CreatedAt = s.now().UnixMilli()
	created, err := s.createTopic(ctx, &t)
	if err != nil {
		return TopicReply{}, err
	}
	if created {
		s.topicCreated(ctx, t)
		s.mentioned(ctx, t, nil, mentioned)
	}
	view, err := s.topicView(ctx, t)
	return TopicReply{Topic: view}, err
}

// createTopic writes a new topic once per its creation key; a bounty's
// escrow is taken from the author in the same step.
func (s *Service) createTopic(ctx context.Context, t *persistence.Topic) (bool, error) {
	if t.Type != persistence.TopicBounty {
		created, err := s.db.Community().CreateTopic(ctx, t)
		if err != nil {
			return false, fmt.Errorf("community: %w", err)
		}
		return created, nil
	}
	escrow := persistence.WalletOp{IdemKey: t.CreationKey, UserID: t.AuthorID, Reason: persistence.ReasonBountyEscrow,
		Ref: t.CreationKey, At: t.CreatedAt, Postings: []persistence.Posting{
			{UserID: t.AuthorID, Asset: t.BountyAsset, Amount: -t.BountyAmount},
			{UserID: persistence.AccountEscrow, Asset: t.BountyAsset, Amount: t.BountyAmount},
		}}
	created, res, err := s.db.Community().CreateBountyTopic(ctx, t, escrow)
	switch {
	case errors.Is(err, persistence.ErrInsufficientFunds):
		return false, ErrInsufficient(t.BountyAsset)
	case errors.Is(err, persistence.ErrIdemMismatch):
		return false, ErrIdemMismatch
	case err != nil:
		return false, fmt.Errorf("community: %w", err)
	}
	if s.balances != nil && !res.Replayed {
		s.balances.Changed(ctx, res)
	}
	return created, nil
}

// topicType checks the type's details and fills them into t.
func (s *Service) topicType(ctx context.Context, types TopicTypes, t *persistence.Topic) error {
	now := s.now().UnixMilli()
	switch types.Type {
	case "", persistence.TopicNormal:
		t.Type = persistence.TopicNormal
		return nil
	case persistence.TopicBounty:
		b := types.Bounty
		if b == nil || b.Value == "" {
			return ErrMoney
		}
		currency := b.Currency
		if currency == "" {
			currency = action.RequestFrom(ctx).Currency
		}
		a, err := s.assetOf(ctx, b.Type, currency)
		if err != nil {
			return err
		}
		amount, ok := a.parse(string(b.Value))
		if !ok {
			return ErrMoney
		}
		if b.Deadline == 0 {
			return ErrBountyDeadline
		}
		if err := s.checkDeadline(b.Deadline, now); err != nil {
			return err
		}
		t.Type, t.BountyAsset, t.BountyAmount, t.BountyState, t.Deadline =
			persistence.TopicBounty, a.code, amount, persistence.BountyOpen, b.Deadline
		return nil
	case persistence.TopicVote:
		v := types.Vote
		if v == nil || len(v.Value) < 2 {
			return ErrVoteCount
		}
		if len(v.Value) > MaxVoteOptions {
			return action.BadField("types.vote.value")
		}
		options := make([]string, len(v.Value))
		for i, o := range v.Value {
			options[i] = member.PlainText(o.Text, false)
			if options[i] == "" {
				return ErrVoteContent
			}
			if utf8.RuneCountInString(options[i]) > MaxOptionText {
				return action.BadField("types.vote.value")
			}
		}
		if v.Deadline == 0 {
			return ErrVoteDeadline
		}
		if err := s.checkDeadline(v.Deadline, now); err != nil {
			return err
		}
		t.Type, t.VoteOptions, t.Deadline = persistence.TopicVote, options, v.Deadline
		return nil
	}
	return action.BadField("types.type")
}

// checkDeadline requires a deadline after now and within MaxDeadline.
func (s *Service) checkDeadline(deadline, now int64) error {
	if deadline <= now || deadline > now+MaxDeadline.Milliseconds() {
		return ErrDeadline
	}
	return nil
}

// editTopic changes the title, content and roles of the viewer's topic
// (an administrator's too); its type and node stay. The members the new
// content names hear of it (each once per topic).
func (s *Service) editTopic(ctx context.Context, id int64, typ string, changes persistence.Topic, mentioned []persistence.User) (TopicReply, error) {
	t, err := s.topic(ctx, id)
	if err != nil {
		return TopicReply{}, err
	}
	v := action.RequestFrom(ctx).Viewer
	if t.AuthorID != v.UserID && !v.IsAdmin {
		return TopicReply{}, ErrNotAuthor
	}
	if typ != "" && typ != t.Type {
		return TopicReply{}, ErrTypeChange
	}
	t.Title, t.Content, t.Excerpt, t.Roles = changes.Title, changes.Content, changes.Excerpt, changes.Roles
	t.UpdatedAt = s.now().UnixMilli()
	if err := s.db.Community().EditTopic(ctx, t, t.UpdatedAt); err != nil {
		return TopicReply{}, fmt.Errorf("community: %w", err)
	}
	s.mentioned(ctx, t, nil, mentioned)
	view, err := s.topicView(ctx, t)
	return TopicReply{Topic: view}, err
}

// checkIdemKey accepts an empty key (one is made up) or 8 to 100
// characters of [A-Za-z0-9:_-].
func checkIdemKey(key string) error {
	if key == "" {
		return nil
	}
	if len(key) < 8 || len(key) > 100 || strings.Trim(key, idemChars) != "" {
		return action.BadField("idemKey")
	}
	return nil
}

const idemChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:_-"
