package builder

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/persistence"
)

// DiscardInput names the draft to throw away.
type DiscardInput struct {
	Revision int64 `json:"revision" doc:"the draft's current revision; 0 when there is none"`
}

// Validate checks what needs no database.
func (in *DiscardInput) Validate() error {
	if in.Revision < 0 {
		return action.BadField("revision")
	}
	return nil
}

// Discard answers builder.discard: the draft becomes the published
// document again (or goes, when nothing was published).
func (s *Service) Discard(ctx context.Context, in DiscardInput) (DraftReply, error) {
	b, err := s.viewer(ctx)
	if err != nil {
		return DraftReply{}, err
	}
	if err := s.allowWrite(b.userID); err != nil {
		return DraftReply{}, err
	}
	_, err = s.db.Layouts().ResetDraft(ctx, b.userID, in.Revision)
	if errors.Is(err, persistence.ErrStale) {
		return DraftReply{}, s.stale(ctx)
	}
	if err != nil {
		return DraftReply{}, fmt.Errorf("builder: discard: %w", err)
	}
	st, err := s.load(ctx)
	if err != nil {
		return DraftReply{}, err
	}
	return st.reply(b)
}
