package community

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// maxAwarded bounds the answers one bounty is shared among.
const maxAwarded = 20

// AwardInput shares a bounty among answers.
type AwardInput struct {
	TopicID   action.ID   `json:"topicId" doc:"the viewer's bounty topic"`
	AnswerIDs []action.ID `json:"answerIds" doc:"1-20 answers of other members to the topic"`
	Shares    []Amount    `json:"shares,omitempty" doc:"each answer's part (decimal text, in order), adding up to the bounty; absent: equal parts"`
}

// Validate checks what needs no database.
func (in *AwardInput) Validate() error {
	if in.TopicID <= 0 {
		return action.Required("topicId")
	}
	if len(in.AnswerIDs) == 0 {
		return action.Required("answerIds")
	}
	if len(in.AnswerIDs) > maxAwarded {
		return action.BadField("answerIds")
	}
	return nil
}

// Award answers community.award: the author shares the bounty among
// answers before the deadline. The claim of the bounty is one conditional
// update (so an award never meets a refund or a second award), then the
// money moves from escrow under award:{topic}, exactly once.
func (s *Service) Award(ctx context.Context, in AwardInput) (TopicReply, error) {
	t, err := s.topic(ctx, int64(in.TopicID))
	if err != nil {
		return TopicReply{}, err
	}
	if t.AuthorID != action.RequestFrom(ctx).Viewer.UserID {
		return TopicReply{}, ErrNotAuthor
	}
	if t.Type != persistence.TopicBounty {
		return TopicReply{}, ErrNotBounty
	}
	if t.BountyState != persistence.BountyOpen {
		if err := s.settle(ctx, t); err != nil {
			return TopicReply{}, err
		}
		return TopicReply{}, ErrSettled
	}
	now := s.now().UnixMilli()
	if t.Deadline <= now {
		return TopicReply{}, ErrExpired
	}
	shares, err := s.shares(ctx, t, in)
	if err != nil {
		return TopicReply{}, err
	}
	err = s.db.Community().ClaimBounty(ctx, t.ID, persistence.BountyAwarding, shares, now)
	if errors.Is(err, persistence.ErrBountyClaimed) {
		return TopicReply{}, ErrSettled
	} else if err != nil {
		return TopicReply{}, fmt.Errorf("community: %w", err)
	}
	t.BountyState, t.Award = persistence.BountyAwarding, shares
	if err := s.settle(ctx, t); err != nil {
		return TopicReply{}, err
	}
	if t, err = s.topic(ctx, t.ID); err != nil {
		return TopicReply{}, err
	}
	view, err := s.topicView(ctx, t)
	return TopicReply{Topic: view}, err
}

// shares checks the answers named and splits the bounty among them: the
// shares given, or equal parts with the remainder's units to the first.
func (s *Service) shares(ctx context.Context, t persistence.Topic, in AwardInput) ([]persistence.Share, error) {
	if len(in.Shares) > 0 && len(in.Shares) != len(in.AnswerIDs) {
		return nil, ErrShares
	}
	a := s.assetByCode(ctx, t.BountyAsset)
	out := make([]persistence.Share, len(in.AnswerIDs))
	seen := map[int64]bool{}
	var sum int64
	for i, id := range in.AnswerIDs {
		if seen[int64(id)] {
			return nil, action.BadField("answerIds")
		}
		seen[int64(id)] = true
		answer, err := s.db.Community().Answer(ctx, int64(id))
		if errors.Is(err, persistence.ErrNotFound) || (err == nil && answer.TopicID != t.ID) {
			return nil, ErrAnswerNotFound
		} else if err != nil {
			return nil, fmt.Errorf("community: %w", err)
		}
		if answer.AuthorID == t.AuthorID {
			return nil, ErrSelfAward
		}
		out[i] = persistence.Share{AnswerID: answer.ID, UserID: answer.AuthorID}
		if len(in.Shares) > 0 {
			amount, ok := a.parse(string(in.Shares[i]))
			if !ok {
				return nil, ErrShares
			}
			out[i].Amount = amount
			sum += amount
		}
	}
	if len(in.Shares) > 0 {
		if sum != t.BountyAmount {
			return nil, ErrShares
		}
		return out, nil
	}
	n := int64(len(out))
	if t.BountyAmount < n {
		return nil, ErrShares
	}
	for i := range out {
		out[i].Amount = t.BountyAmount / n
		if int64(i) < t.BountyAmount%n {
			out[i].Amount++
		}
	}
	return out, nil
}

// settle moves the money of a claimed bounty out of escrow (to the
// answers' authors, or back to the author) and records it; a bounty that
// is not claimed is left alone. Settling again replays the ledger
// operation under the same key, so the money moves once.
func (s *Service) settle(ctx context.Context, t persistence.Topic) error {
	ref := member.FormatID(t.ID)
	escrow := persistence.Posting{UserID: persistence.AccountEscrow, Asset: t.BountyAsset, Amount: -t.BountyAmount}
	var op persistence.WalletOp
	switch t.BountyState {
	case persistence.BountyAwarding:
		op = persistence.WalletOp{IdemKey: "award:" + ref, UserID: t.AuthorID, Reason: persistence.ReasonBountyAward,
			Ref: ref, Postings: []persistence.Posting{escrow}}
		perUser := map[int64]int64{}
		var order []int64
		for _, sh := range t.Award {
			if _, ok := perUser[sh.UserID]; !ok {
				order = append(order, sh.UserID)
			}
			perUser[sh.UserID] += sh.Amount
		}
		for _, id := range order {
			op.Postings = append(op.Postings, persistence.Posting{UserID: id, Asset: t.BountyAsset, Amount: perUser[id]})
		}
	case persistence.BountyRefunding:
		op = persistence.WalletOp{IdemKey: "refund:" + ref, UserID: t.AuthorID, Reason: persistence.ReasonRefund,
			Ref: ref, Postings: []persistence.Posting{escrow,
				{UserID: t.AuthorID, Asset: t.BountyAsset, Amount: t.BountyAmount}}}
	default:
		return nil
	}
	op.At = s.now().UnixMilli()
	if _, err := s.apply(ctx, op, t.BountyAsset); err != nil {
		return err
	}
	if err := s.db.Community().SettleBounty(ctx, t.ID, op.At); err != nil {
		return fmt.Errorf("community: %w", err)
	}
	s.settledNotices(ctx, t)
	s.bountyChanged(ctx, t.ID)
	return nil
}
