package content

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/persistence"
)

// DeleteContent soft-deletes the article or comment id for the
// administrator the request carries, through the same path as
// mutates.deleteAction (search index, counters and live pages kept right).
// persistence.ErrNotFound when there is no live one.
func (s *Service) DeleteContent(ctx context.Context, kind string, id int64) error {
	viewer := action.RequestFrom(ctx).Viewer
	switch kind {
	case persistence.TargetArticle:
		return s.deleteArticle(ctx, viewer, id)
	case persistence.TargetComment:
		return s.deleteComment(ctx, viewer, id)
	}
	return fmt.Errorf("content: %s is not content's to delete", kind)
}

// RestoreContent makes the soft-deleted article or comment id live again,
// with its search entry or its count on its target.
// persistence.ErrNotFound when there is no deleted one,
// persistence.ErrRestoreCollision when another live version of the
// article holds its language.
func (s *Service) RestoreContent(ctx context.Context, kind string, id int64) error {
	switch kind {
	case persistence.TargetArticle:
		return s.db.AdminContent().RestoreArticle(ctx, id)
	case persistence.TargetComment:
		_, _, err := s.db.AdminContent().RestoreComment(ctx, id)
		return err
	}
	return fmt.Errorf("content: %s is not content's to restore", kind)
}
