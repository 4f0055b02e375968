package community

import (
	"context"
	"encoding/json"
	"fmt"

	"souk/app/member"
	"souk/persistence"
)

// Notifier writes and delivers the notifications of the community: the
// notify service is one (cmd/souk wires it).
type Notifier interface {
	// NotificationWrite is the inbox event of n, for the store to append in
	// the transaction that creates n; from is its author, nil for the site.
	NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite
	// Push delivers stored inbox events live; a failure is only logged.
	Push(ctx context.Context, events []persistence.InboxEvent)
}

// TypeCommunity is the type of the notifications of the community.
const TypeCommunity = "community"

// Kinds of community notification (CommunityContent.Kind).
const (
	// NoticeAnswer tells a topic's author of a new answer.
	NoticeAnswer = "answer"
	// NoticeAward tells an answer's author of their share of a bounty.
	NoticeAward = "award"
	// NoticeRefund tells a bounty's author that nothing was awarded by the
	// deadline and the bounty came back.
	NoticeRefund = "refund"
)

// CommunityContent is the content of a community notification.
type CommunityContent struct {
	Kind     string `json:"kind" doc:"answer, award or refund"`
	TopicID  string `json:"topicId"`
	AnswerID string `json:"answerId,omitempty"`
	// Value is an award's share or a refund's amount, with Currency.
	Value    string `json:"value,omitempty"`
	Currency string `json:"currency,omitempty"`
}

// notice stores a notification once per idemKey and delivers it; nothing
// is sent without a notifier or to oneself. A failure is only logged: the
// change it tells of is done.
func (s *Service) notice(ctx context.Context, to, from int64, idemKey, title string, content CommunityContent) {
	if s.notify == nil || to == from {
		return
	}
	if err := s.sendNotice(ctx, to, from, TypeCommunity, idemKey, title, content); err != nil {
		s.log.Warn("community notification failed", "error", err, "to", to, "kind", content.Kind)
	}
}

// sendNotice stores a notification of typ with content (JSON) once per
// idemKey and delivers it.
func (s *Service) sendNotice(ctx context.Context, to, from int64, typ, idemKey, title string, content any) error {
	body, err := json.Marshal(content)
	if err != nil {
		return err
	}
	n := persistence.Notification{ToID: to, FromID: from, Type: typ, Title: title, Content: body,
		IdemKey: idemKey}
	var sender *member.Summary
	if from != 0 {
		people, err := member.Summaries(ctx, s.db, from)
		if err != nil {
			return err
		}
		u := people[from]
		sender = &u
	}
	events, _, err := s.db.Notifications().Create(ctx, &n, s.notify.NotificationWrite(&n, sender))
	if err != nil {
		return fmt.Errorf("community: notify: %w", err)
	}
	s.notify.Push(ctx, events)
	return nil
}

// settledNotices tell the members a settled bounty paid: each awarded
// answer's author, or the author of a refunded one.
func (s *Service) settledNotices(ctx context.Context, t persistence.Topic) {
	a := s.assetByCode(ctx, t.BountyAsset)
	topicID := member.FormatID(t.ID)
	switch t.BountyState {
	case persistence.BountyAwarding, persistence.BountyAwarded:
		for _, sh := range t.Award {
			answerID := member.FormatID(sh.AnswerID)
			s.notice(ctx, sh.UserID, t.AuthorID, "award:"+topicID+":"+answerID, t.Title, CommunityContent{Kind: NoticeAward,
				TopicID: topicID, AnswerID: answerID, Value: a.format(sh.Amount), Currency: t.BountyAsset})
		}
	case persistence.BountyRefunding, persistence.BountyRefunded:
		s.notice(ctx, t.AuthorID, 0, "refund:"+topicID, t.Title, CommunityContent{Kind: NoticeRefund, TopicID: topicID,
			Value: a.format(t.BountyAmount), Currency: t.BountyAsset})
	}
}
