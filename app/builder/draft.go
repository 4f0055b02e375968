package builder

import (
	"context"

	"souk/app/internal/layout"
)

// DraftInput is builder.draft's: nothing.
type DraftInput struct{}

// DraftReply is the draft as the builder edits it (models/builder.ts DraftReply).
type DraftReply struct {
	Doc              layout.Doc `json:"doc"`
	Revision         int64      `json:"revision" doc:"numbers the draft's saves; 0 when there is no draft"`
	BaseVersion      int64      `json:"baseVersion" doc:"the published version the draft started from"`
	PublishedVersion int64      `json:"publishedVersion" doc:"the version published now; 0 when none"`
	UpdatedAt        int64      `json:"updatedAt" doc:"epoch ms of the last save; 0 when there is no draft"`
	Dirty            bool       `json:"dirty" doc:"whether the draft differs from the published document"`
	CanHTML          bool       `json:"canHtml" doc:"whether the viewer may add or change html blocks (administrators)"`
}

// Draft answers builder.draft.
func (s *Service) Draft(ctx context.Context, _ DraftInput) (DraftReply, error) {
	b, err := s.viewer(ctx)
	if err != nil {
		return DraftReply{}, err
	}
	st, err := s.load(ctx)
	if err != nil {
		return DraftReply{}, err
	}
	return st.reply(b)
}

// reply is the DraftReply of st for b.
func (st state) reply(b builder) (DraftReply, error) {
	doc, err := st.current()
	if err != nil {
		return DraftReply{}, err
	}
	r := DraftReply{Doc: doc, PublishedVersion: st.version, BaseVersion: st.version, CanHTML: b.isAdmin}
	if st.draft.Revision > 0 {
		r.Revision, r.BaseVersion, r.UpdatedAt = st.draft.Revision, st.draft.BaseVersion, st.draft.UpdatedAt
		r.Dirty = st.dirty(st.draft.Doc)
	} else {
		r.Dirty = st.version == 0
	}
	return r, nil
}
