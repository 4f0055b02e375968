package builder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/internal/layout"
	"souk/persistence"
)

// SaveDraftInput is the draft to save.
type SaveDraftInput struct {
	Doc      json.RawMessage `json:"doc" maxBytes:"1048576" doc:"the layout document (models/builder.ts LayoutDoc), at most 512 KB"`
	Revision int64           `json:"revision" doc:"the draft's revision the edit started from; 0 when there was no draft"`
}

// Validate checks what needs no database.
func (in *SaveDraftInput) Validate() error {
	if len(in.Doc) == 0 {
		return action.Required("doc")
	}
	if in.Revision < 0 {
		return action.BadField("revision")
	}
	return nil
}

// SaveDraftReply is the saved draft's.
type SaveDraftReply struct {
	Revision  int64 `json:"revision" doc:"the draft's new revision, to send with the next save"`
	UpdatedAt int64 `json:"updatedAt" doc:"epoch ms of the save"`
	Dirty     bool  `json:"dirty" doc:"whether the draft differs from the published document"`
}

// SaveDraft answers builder.saveDraft: the document is decoded strictly,
// validated (its refs read from the database, html blocks admins' only)
// and stored sanitized.
func (s *Service) SaveDraft(ctx context.Context, in SaveDraftInput) (SaveDraftReply, error) {
	b, err := s.viewer(ctx)
	if err != nil {
		return SaveDraftReply{}, err
	}
	if err := s.allowWrite(b.userID); err != nil {
		return SaveDraftReply{}, err
	}
	doc, err := layout.Decode(in.Doc)
	if err != nil {
		return SaveDraftReply{}, err
	}
	st, err := s.load(ctx)
	if err != nil {
		return SaveDraftReply{}, err
	}
	if st.draft.Revision != in.Revision {
		return SaveDraftReply{}, errStale(st.draft.Revision)
	}
	previous, err := st.current()
	if err != nil {
		return SaveDraftReply{}, err
	}
	check, err := s.check(ctx, b, &previous)
	if err != nil {
		return SaveDraftReply{}, err
	}
	if err := layout.Validate(ctx, &doc, check); err != nil {
		return SaveDraftReply{}, err
	}
	data, err := layout.Encode(doc)
	if err != nil {
		return SaveDraftReply{}, err
	}
	saved, err := s.db.Layouts().SaveDraft(ctx,
		persistence.LayoutDraft{Doc: data, BaseVersion: st.version, AuthorID: b.userID}, in.Revision)
	if errors.Is(err, persistence.ErrStale) {
		return SaveDraftReply{}, s.stale(ctx)
	}
	if err != nil {
		return SaveDraftReply{}, fmt.Errorf("builder: save draft: %w", err)
	}
	return SaveDraftReply{Revision: saved.Revision, UpdatedAt: saved.UpdatedAt, Dirty: st.dirty(data)}, nil
}

// stale is the refusal of a write that lost to another, naming the
// draft's revision now.
func (s *Service) stale(ctx context.Context) error {
	d, err := s.db.Layouts().Draft(ctx)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return fmt.Errorf("builder: %w", err)
	}
	return errStale(d.Revision)
}
