package content

import (
	"context"
	"errors"

	"souk/app/action"
	"souk/persistence"
)

// validTargetType reports whether t names a kind of content that takes
// comments and likes.
func validTargetType(t string) bool {
	switch t {
	case persistence.TargetArticle, persistence.TargetTopic, persistence.TargetAnswer, persistence.TargetComment:
		return true
	}
	return false
}

// access tells what viewer may do with a target, whichever feature owns
// it: ErrNotFound when it does not exist or was deleted.
func (s *Service) access(ctx context.Context, viewer action.Viewer, targetType string, id int64) (Access, error) {
	var a Access
	var err error
	switch targetType {
	case persistence.TargetArticle:
		a, err = s.articleAccess(ctx, viewer, id)
	case persistence.TargetComment:
		var c persistence.Comment
		c, err = s.db.Comments().Get(ctx, id)
		if err == nil && c.DeletedAt != 0 {
			err = persistence.ErrNotFound
		}
		if err != nil {
			break
		}
		var parent Access
		parent, err = s.access(ctx, viewer, c.TargetType, c.TargetID)
		a = Access{AuthorID: c.AuthorID, Read: parent.Read, Comment: parent.Comment && parent.Read,
			Channel: parent.Channel}
	default:
		t, ok := s.targets[targetType]
		if !ok {
			return a, action.BadField("targetType")
		}
		a, err = t.Access(ctx, viewer, id)
	}
	if errors.Is(err, persistence.ErrNotFound) {
		return a, ErrNotFound
	}
	return a, err
}
