package media

import (
	"context"
	"log/slog"
)

// DeleteAsModerator deletes media item id whoever owns it (a report
// resolved by deleting the content), as an administrator's
// mutates.deleteMedias does. An item that does not exist or was deleted
// before is no error.
func (s *Service) DeleteAsModerator(ctx context.Context, id int64) error {
	deleted, err := s.db.Media().Delete(ctx, []int64{id}, 0)
	if err != nil {
		return err
	}
	for _, m := range deleted {
		if err := s.uploads.Blobs().Delete(ctx, m.StorageKey); err != nil {
			slog.WarnContext(ctx, "media: delete file", "media", m.ID, "err", err)
		}
	}
	return nil
}
