package builder

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"souk/app/internal/layout"
	"souk/persistence"
)

// state is the layout as the builder reads it: what is published and the
// draft.
type state struct {
	// published is the published document and version; version 0 and the
	// imported document when nothing was published yet.
	published     layout.Doc
	publishedData []byte
	version       int64
	// draft is the draft; Revision 0 when there is none.
	draft persistence.LayoutDraft
}

// load reads the published document (or imports the site's current one)
// and the draft.
func (s *Service) load(ctx context.Context) (state, error) {
	var st state
	v, err := s.db.Layouts().Published(ctx)
	switch {
	case err == nil:
		st.version, st.publishedData = v.Version, v.Doc
		if st.published, err = layout.DecodeStored(v.Doc); err != nil {
			return state{}, fmt.Errorf("builder: version %d: %w", v.Version, err)
		}
	case errors.Is(err, persistence.ErrNotFound):
		languages, err := s.languages(ctx)
		if err != nil {
			return state{}, err
		}
		if st.published, err = layout.Import(ctx, s.db, languages); err != nil {
			return state{}, fmt.Errorf("builder: %w", err)
		}
		if st.publishedData, err = layout.Encode(st.published); err != nil {
			return state{}, err
		}
	default:
		return state{}, fmt.Errorf("builder: %w", err)
	}
	st.draft, err = s.db.Layouts().Draft(ctx)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return state{}, fmt.Errorf("builder: %w", err)
	}
	return st, nil
}

// current is the document the builders edit: the draft, else the
// published one.
func (st state) current() (layout.Doc, error) {
	if st.draft.Revision == 0 {
		return st.published, nil
	}
	doc, err := layout.DecodeStored(st.draft.Doc)
	if err != nil {
		return layout.Doc{}, fmt.Errorf("builder: draft: %w", err)
	}
	return doc, nil
}

// dirty reports whether a document differs from the published one.
func (st state) dirty(data []byte) bool {
	return st.version == 0 || !bytes.Equal(data, st.publishedData)
}

// languages are the site's language codes.
func (s *Service) languages(ctx context.Context) ([]string, error) {
	list, err := s.db.Languages().List(ctx)
	if err != nil {
		return nil, fmt.Errorf("builder: languages: %w", err)
	}
	if len(list) == 0 {
		return nil, nil
	}
	codes := make([]string, len(list))
	for i, l := range list {
		codes[i] = l.Code
	}
	return codes, nil
}

// check is what a document the viewer writes is validated against;
// previous is the document they started from.
func (s *Service) check(ctx context.Context, b builder, previous *layout.Doc) (layout.Check, error) {
	languages, err := s.languages(ctx)
	if err != nil {
		return layout.Check{}, err
	}
	return layout.Check{Refs: layout.DBRefs(s.db), CanHTML: b.isAdmin, Previous: previous, Languages: languages}, nil
}
