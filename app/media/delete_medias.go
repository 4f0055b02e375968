package media

import (
	"context"
	"errors"
	"log/slog"

	"souk/app/action"
	"souk/persistence"
)

// DeleteMediasInput names the items to delete.
type DeleteMediasInput struct {
	IDs []action.ID `json:"ids" doc:"media item ids, at most 100"`
}

// Validate checks the list's size.
func (in DeleteMediasInput) Validate() error {
	if len(in.IDs) == 0 {
		return action.Required("ids")
	}
	if len(in.IDs) > MaxDelete {
		return action.BadField("ids")
	}
	return nil
}

// DeleteMediasReply is the reply of mutates.deleteMedias.
type DeleteMediasReply struct {
	GqDeleteMedias DeleteMediasResult `json:"gqDeleteMedias"`
}

// DeleteMediasResult says what was deleted.
type DeleteMediasResult struct {
	Success bool     `json:"success"`
	IDs     []string `json:"ids" doc:"the ids deleted"`
}

// DeleteMedias answers mutates.deleteMedias. Every id must exist and be
// the viewer's (any, for an admin), or nothing is deleted.
func (s *Service) DeleteMedias(ctx context.Context, in DeleteMediasInput) (DeleteMediasReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	ids := make([]int64, 0, len(in.IDs))
	for _, id := range in.IDs {
		item, err := s.db.Media().Item(ctx, int64(id))
		if errors.Is(err, persistence.ErrNotFound) {
			return DeleteMediasReply{}, ErrNotFound
		}
		if err != nil {
			return DeleteMediasReply{}, err
		}
		if item.OwnerID != viewer.UserID && !viewer.IsAdmin {
			return DeleteMediasReply{}, ErrForbidden
		}
		ids = append(ids, item.ID)
	}
	owner := viewer.UserID
	if viewer.IsAdmin {
		owner = 0
	}
	deleted, err := s.db.Media().Delete(ctx, ids, owner)
	if err != nil {
		return DeleteMediasReply{}, err
	}
	reply := DeleteMediasReply{GqDeleteMedias: DeleteMediasResult{Success: true, IDs: make([]string, 0, len(deleted))}}
	for _, m := range deleted {
		reply.GqDeleteMedias.IDs = append(reply.GqDeleteMedias.IDs, itemOf(m).ID)
		if err := s.uploads.Blobs().Delete(ctx, m.StorageKey); err != nil {
			slog.WarnContext(ctx, "media: delete file", "media", m.ID, "err", err)
		}
	}
	return reply, nil
}
