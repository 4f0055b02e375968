package content

import (
	"context"
	"errors"

	"souk/app/action"
	"souk/persistence"
)

// DeleteActionInput names the content to delete.
type DeleteActionInput struct {
	ID   action.ID `json:"id"`
	Type string    `json:"type" doc:"article, topic, answer or comment"`
}

// Validate checks the input's shape.
func (in *DeleteActionInput) Validate() error {
	switch {
	case !validTargetType(in.Type):
		return action.BadField("type")
	case in.ID <= 0:
		return action.Required("id")
	}
	return nil
}

// DeleteActionResult says the content is gone.
type DeleteActionResult struct {
	Success bool `json:"success"`
}

// DeleteActionReply is the reply of mutates.deleteAction.
type DeleteActionReply struct {
	GqDeleteAction DeleteActionResult `json:"gqDeleteAction"`
}

// DeleteAction answers mutates.deleteAction: the author or an
// administrator soft-deletes the content, through the feature that owns
// its type.
func (s *Service) DeleteAction(ctx context.Context, in DeleteActionInput) (DeleteActionReply, error) {
	var reply DeleteActionReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	viewer := action.RequestFrom(ctx).Viewer
	id := int64(in.ID)
	var err error
	switch in.Type {
	case persistence.TargetArticle:
		err = s.deleteArticle(ctx, viewer, id)
	case persistence.TargetComment:
		err = s.deleteComment(ctx, viewer, id)
	default:
		t, ok := s.targets[in.Type]
		if !ok {
			return reply, action.BadField("type")
		}
		err = t.Delete(ctx, viewer, id)
	}
	if errors.Is(err, persistence.ErrNotFound) {
		return reply, ErrNotFound
	}
	if err != nil {
		return reply, err
	}
	reply.GqDeleteAction.Success = true
	return reply, nil
}

func (s *Service) deleteComment(ctx context.Context, viewer action.Viewer, id int64) error {
	c, err := s.liveComment(ctx, id)
	if err != nil {
		return err
	}
	if c.AuthorID != viewer.UserID && !viewer.IsAdmin {
		return action.ErrForbidden
	}
	if err := s.db.Comments().Delete(ctx, id, persistence.Millis(s.now())); err != nil {
		return err
	}
	if s.live.Enabled() {
		if target, err := s.access(ctx, action.Viewer{}, c.TargetType, c.TargetID); err == nil {
			s.deleted(ctx, persistence.TargetComment, id, target.Channel)
		}
	}
	return nil
}
