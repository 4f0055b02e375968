package community

import (
	"context"

	"souk/app/action"
	"souk/app/internal/mention"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// TypeMention is the type of the notification of a member named by @slug
// in a topic or an answer, as souk/app/content names its comments'.
const TypeMention = "mention"

// MentionContent is the content of a mention notification: the shape of
// souk/app/content's NoticeContent, which the client reads for both.
type MentionContent struct {
	TargetType string `json:"targetType" doc:"topic or answer"`
	TargetID   string `json:"targetId"`
	// TopicID is the topic of an answer (the topic's own id for a topic).
	TopicID string `json:"topicId"`
	Excerpt string `json:"excerpt,omitempty" doc:"the text's first words"`
}

// mentionExcerpt is how much of the text a mention notification carries.
const mentionExcerpt = 100

// mentioned tells the members a new topic (answer 0) or answer of t names,
// each once, at most mention.MaxNotified, and never the author or a member
// the topic's gate keeps out. A failure is only logged: the text is stored.
func (s *Service) mentioned(ctx context.Context, t persistence.Topic, answer *persistence.Answer, members []persistence.User) {
	if s.notify == nil || len(members) == 0 {
		return
	}
	from, content := t.AuthorID, MentionContent{TargetType: persistence.TargetTopic, TargetID: member.FormatID(t.ID),
		TopicID: member.FormatID(t.ID), Excerpt: richtext.Excerpt(t.Content, mentionExcerpt)}
	if answer != nil {
		from = answer.AuthorID
		content.TargetType, content.TargetID = persistence.TargetAnswer, member.FormatID(answer.ID)
		content.Excerpt = richtext.Excerpt(answer.Content, mentionExcerpt)
	}
	people, err := member.Summaries(ctx, s.db, from)
	if err != nil {
		s.log.Warn("community mentions failed", "error", err)
		return
	}
	for i, u := range members {
		if i == mention.MaxNotified {
			break
		}
		if u.ID == from {
			continue
		}
		// A mention never carries gated words to a member the gate keeps out.
		access, err := s.access(ctx, action.Viewer{UserID: u.ID, IsAdmin: u.IsAdmin}, t, t.AuthorID)
		if err == nil && !access.Read {
			continue
		}
		if err == nil {
			err = s.sendNotice(ctx, u.ID, from, TypeMention, TypeMention+":"+content.TargetType+":"+content.TargetID+":"+
				member.FormatID(u.ID), people[from].Name, content)
		}
		if err != nil {
			s.log.Warn("community mention failed", "error", err, "to", u.ID)
		}
	}
}
