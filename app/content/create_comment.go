package content

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/internal/mention"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// CreateCommentInput is a member's comment.
type CreateCommentInput struct {
	TargetType string    `json:"targetType" doc:"article, topic, answer, or comment (a reply to that comment)"`
	TargetID   action.ID `json:"targetId"`
	Content    string    `json:"content" maxBytes:"65536" doc:"HTML from the editor; sanitized, at most 5000 characters of text"`
	ReplyTo    action.ID `json:"replyTo,omitempty" doc:"a comment of the same target this one answers"`
	ClientID   string    `json:"clientId,omitempty" doc:"the client's id of this send: a retry with it stores one comment"`
}

// Validate checks what needs no database and sanitizes the content.
func (in *CreateCommentInput) Validate() error {
	in.Content = richtext.Sanitize(in.Content)
	in.ClientID = strings.TrimSpace(in.ClientID)
	text := richtext.Text(in.Content)
	switch {
	case !validTargetType(in.TargetType):
		return action.BadField("targetType")
	case in.TargetID <= 0:
		return action.Required("targetId")
	case in.ReplyTo < 0:
		return action.BadField("replyTo")
	case len(in.ClientID) > 64:
		return action.BadField("clientId")
	case text == "" && !richtext.HasMedia(in.Content):
		return ErrContent
	case utf8.RuneCountInString(text) > MaxCommentRunes:
		return ErrTooLong
	}
	return nil
}

// CreateCommentResult is the comment stored.
type CreateCommentResult struct {
	Success bool        `json:"success"`
	Comment CommentNode `json:"comment"`
}

// CreateCommentReply is the reply of mutates.createComment.
type CreateCommentReply struct {
	GqCreateComment CreateCommentResult `json:"gqCreateComment"`
}

// CreateComment answers mutates.createComment.
func (s *Service) CreateComment(ctx context.Context, in CreateCommentInput) (CreateCommentReply, error) {
	var reply CreateCommentReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	viewer := action.RequestFrom(ctx).Viewer
	targetType, targetID, replyTo := in.TargetType, int64(in.TargetID), int64(in.ReplyTo)
	if targetType == persistence.TargetComment {
		parent, err := s.liveComment(ctx, targetID)
		if err != nil {
			return reply, err
		}
		targetType, targetID, replyTo = parent.TargetType, parent.TargetID, parent.ID
	}
	access, err := s.access(ctx, viewer, targetType, targetID)
	if err != nil {
		return reply, err
	}
	if !access.Comment {
		if !access.Read {
			return reply, ErrGated
		}
		return reply, ErrClosed
	}
	if replyTo != 0 {
		parent, err := s.liveComment(ctx, replyTo)
		if err != nil || parent.TargetType != targetType || parent.TargetID != targetID {
			if err != nil && !errors.Is(err, ErrNotFound) {
				return reply, err
			}
			return reply, ErrReplyTo
		}
	}
	if !s.comments.Allow(member.FormatID(viewer.UserID), s.now()) {
		return reply, ErrThrottled
	}
	linked, mentioned, err := mention.Resolve(ctx, s.db, in.Content)
	if err != nil {
		return reply, err
	}
	c := persistence.Comment{ID: s.db.NewID(), TargetType: targetType, TargetID: targetID, AuthorID: viewer.UserID, ReplyTo: replyTo,
		Content: linked, CreatedAt: persistence.Millis(s.now())}
	if in.ClientID != "" {
		c.IdemKey = "comment:" + member.IdemKey(viewer.UserID, in.ClientID)
	}
	summaries, err := member.Summaries(ctx, s.db, viewer.UserID)
	if err != nil {
		return reply, err
	}
	notices, err := s.commentNotices(ctx, summaries[viewer.UserID], viewer.UserID, c, access.AuthorID, mentioned)
	if err != nil {
		return reply, err
	}
	_, events, err := s.db.Comments().CreateNotifying(ctx, &c, notices)
	if errors.Is(err, persistence.ErrConflict) {
		return reply, ErrDuplicate
	}
	if err != nil {
		return reply, err
	}
	if len(events) > 0 {
		s.notify.Push(ctx, events)
	}
	s.commentCreated(ctx, c, access)
	nodes, err := s.commentNodes(ctx, viewer.UserID, []persistence.Comment{c})
	if err != nil {
		return reply, err
	}
	reply.GqCreateComment = CreateCommentResult{Success: true, Comment: nodes[0]}
	return reply, nil
}

// liveComment reads a comment that was not deleted: ErrNotFound otherwise.
func (s *Service) liveComment(ctx context.Context, id int64) (persistence.Comment, error) {
	c, err := s.db.Comments().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) || (err == nil && c.DeletedAt != 0) {
		return c, ErrNotFound
	}
	return c, err
}
