package community

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/persistence"
)

// DeleteContent soft-deletes the topic or answer id for the administrator
// the request carries, as mutates.deleteAction does (node and topic
// counts, search index, live pages). persistence.ErrNotFound when there
// is none.
func (s *Service) DeleteContent(ctx context.Context, kind string, id int64) error {
	viewer := action.RequestFrom(ctx).Viewer
	switch kind {
	case persistence.TargetTopic:
		return s.DeleteTopic(ctx, viewer, id)
	case persistence.TargetAnswer:
		return s.DeleteAnswer(ctx, viewer, id)
	}
	return fmt.Errorf("community: %s is not community's to delete", kind)
}

// RestoreContent makes the soft-deleted topic or answer id live again,
// counted on its node or topic and back in the search index.
// persistence.ErrNotFound when there is no deleted one. A bounty the
// sweep refunded while its topic was deleted stays refunded.
func (s *Service) RestoreContent(ctx context.Context, kind string, id int64) error {
	switch kind {
	case persistence.TargetTopic:
		return s.db.AdminContent().RestoreTopic(ctx, id)
	case persistence.TargetAnswer:
		_, err := s.db.AdminContent().RestoreAnswer(ctx, id)
		return err
	}
	return fmt.Errorf("community: %s is not community's to restore", kind)
}
