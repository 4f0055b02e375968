package builder

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/internal/layout"
)

// PublishInput publishes the draft.
type PublishInput struct {
	Revision int64  `json:"revision" doc:"the draft's current revision (0: no draft, the document shown now is published)"`
	Note     string `json:"note,omitempty" doc:"what changed, at most 200 characters"`
}

// Validate checks what needs no database.
func (in *PublishInput) Validate() error {
	in.Note = strings.TrimSpace(in.Note)
	if utf8.RuneCountInString(in.Note) > MaxNote {
		return action.BadField("note")
	}
	if in.Revision < 0 {
		return action.BadField("revision")
	}
	return nil
}

// VersionReply names the version published.
type VersionReply struct {
	Version int64 `json:"version" doc:"the version published now"`
}

// Publish answers builder.publish: the draft is validated again (what it
// points at may have been deleted since it was saved) and published in
// one transaction; a concurrent publish makes one of them 409
// builder.error.stale.
func (s *Service) Publish(ctx context.Context, in PublishInput) (VersionReply, error) {
	b, err := s.viewer(ctx)
	if err != nil {
		return VersionReply{}, err
	}
	if err := s.allowWrite(b.userID); err != nil {
		return VersionReply{}, err
	}
	st, err := s.load(ctx)
	if err != nil {
		return VersionReply{}, err
	}
	if st.draft.Revision != in.Revision {
		return VersionReply{}, errStale(st.draft.Revision)
	}
	doc, err := st.current()
	if err != nil {
		return VersionReply{}, err
	}
	// The draft's html blocks were checked as it was saved: publishing
	// keeps them as they are, whoever publishes.
	saved, err := st.current()
	if err != nil {
		return VersionReply{}, err
	}
	check, err := s.check(ctx, builder{userID: b.userID}, &saved)
	if err != nil {
		return VersionReply{}, err
	}
	if err := layout.Validate(ctx, &doc, check); err != nil {
		return VersionReply{}, err
	}
	version, err := layout.Publish(ctx, s.db, doc, layout.PublishOptions{AuthorID: b.userID, Note: in.Note,
		ExpectVersion: st.version, FromDraft: true, DraftRevision: in.Revision})
	if err != nil {
		return VersionReply{}, s.publishError(ctx, err)
	}
	if version != st.version {
		s.published(ctx, version)
	}
	return VersionReply{Version: version}, nil
}

// publishError is what the client sees of a failed publish.
func (s *Service) publishError(ctx context.Context, err error) error {
	if errors.Is(err, layout.ErrStale) {
		return s.stale(ctx)
	}
	return fmt.Errorf("builder: publish: %w", err)
}
