package builder

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/internal/layout"
	"souk/persistence"
)

// RollbackInput names the version to publish again.
type RollbackInput struct {
	Version       int64 `json:"version" doc:"the older version to publish again"`
	ExpectVersion int64 `json:"expectVersion" doc:"the version published now, as the builder last saw it"`
}

// Validate checks the versions' shape.
func (in *RollbackInput) Validate() error {
	if in.Version <= 0 {
		return action.Required("version")
	}
	if in.ExpectVersion < 0 {
		return action.BadField("expectVersion")
	}
	return nil
}

// Rollback answers builder.rollback: the version's document is checked
// again (what it points at may have been deleted since) and published as
// a new version that restored it; the draft becomes it.
func (s *Service) Rollback(ctx context.Context, in RollbackInput) (VersionReply, error) {
	b, err := s.viewer(ctx)
	if err != nil {
		return VersionReply{}, err
	}
	if err := s.allowWrite(b.userID); err != nil {
		return VersionReply{}, err
	}
	stored, err := s.storedVersion(ctx, in.Version)
	if err != nil {
		return VersionReply{}, err
	}
	// Validate sanitizes doc in place; old, decoded apart from the same
	// read, stays as it was published: restoring keeps its html blocks.
	doc, err := decodeVersion(in.Version, stored)
	if err != nil {
		return VersionReply{}, err
	}
	old, err := decodeVersion(in.Version, stored)
	if err != nil {
		return VersionReply{}, err
	}
	check, err := s.check(ctx, builder{userID: b.userID}, &old)
	if err != nil {
		return VersionReply{}, err
	}
	if err := layout.Validate(ctx, &doc, check); err != nil {
		return VersionReply{}, err
	}
	version, err := layout.Publish(ctx, s.db, doc, layout.PublishOptions{AuthorID: b.userID,
		RestoredFrom: in.Version, ExpectVersion: in.ExpectVersion})
	if err != nil {
		return VersionReply{}, s.publishError(ctx, err)
	}
	if version == in.ExpectVersion {
		// The document is the one published: nothing was written, and
		// the draft still has to become it.
		return VersionReply{Version: version}, s.resetDraft(ctx, b.userID)
	}
	s.published(ctx, version)
	return VersionReply{Version: version}, nil
}

// resetDraft makes the draft the published document, whatever its revision.
func (s *Service) resetDraft(ctx context.Context, userID int64) error {
	d, err := s.db.Layouts().Draft(ctx)
	if errors.Is(err, persistence.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("builder: rollback: %w", err)
	}
	_, err = s.db.Layouts().ResetDraft(ctx, userID, d.Revision)
	if err != nil && !errors.Is(err, persistence.ErrStale) {
		return fmt.Errorf("builder: rollback: %w", err)
	}
	return nil
}
