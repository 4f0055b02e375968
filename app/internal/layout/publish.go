package layout

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"souk/persistence"
)

// AnyVersion as PublishOptions.ExpectVersion publishes over whatever
// version is published now.
const AnyVersion = persistence.AnyLayoutVersion

// PublishOptions say who publishes and over which version.
type PublishOptions struct {
	// AuthorID is the publisher's user id; 0 for the system (the demo).
	AuthorID int64
	// Note is recorded with the version.
	Note string
	// RestoredFrom is the version a rollback publishes again, else 0.
	RestoredFrom int64
	// ExpectVersion must be the version published now (0: none yet), else
	// Publish fails with ErrStale; AnyVersion skips the check.
	ExpectVersion int64
	// FromDraft publishes the builders' draft, whose revision must still
	// be DraftRevision (else ErrStale); the draft then keeps its document
	// and revision. Otherwise an existing draft is replaced by doc.
	FromDraft     bool
	DraftRevision int64
}

// Encode returns doc's canonical encoding: equal documents encode equal.
func Encode(doc Doc) ([]byte, error) {
	data, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("layout: encode: %w", err)
	}
	return data, nil
}

// Publish publishes doc, which must have passed Validate, as a new version
// in one transaction: the version, the page_settings setting and the page
// rows (see Pages). A document equal to the published one writes nothing
// and returns the published version. It fails with ErrStale when the
// version or the draft is not the expected one, or another publish won a
// race with this one.
func Publish(ctx context.Context, db *persistence.DB, doc Doc, opts PublishOptions) (int64, error) {
	data, err := Encode(doc)
	if err != nil {
		return 0, err
	}
	settings, err := json.Marshal(doc.PageSettings)
	if err != nil {
		return 0, fmt.Errorf("layout: encode page settings: %w", err)
	}
	pages, err := Pages(doc)
	if err != nil {
		return 0, err
	}
	version, err := db.Layouts().Publish(ctx, persistence.LayoutPublish{
		Doc:           data,
		PageSettings:  settings,
		Pages:         pages,
		Note:          opts.Note,
		AuthorID:      opts.AuthorID,
		RestoredFrom:  opts.RestoredFrom,
		ExpectVersion: opts.ExpectVersion,
		FromDraft:     opts.FromDraft,
		DraftRevision: opts.DraftRevision,
	})
	if errors.Is(err, persistence.ErrStale) {
		return 0, ErrStale
	}
	if err != nil {
		return 0, fmt.Errorf("layout: %w", err)
	}
	return version, nil
}

// Pages returns the page rows of doc: the home page named "", custom
// pages by name, docs pages named persistence.DocsPrefix+slug and
// positioned in their order; each row's Modules is the page's Blocks.
func Pages(doc Doc) ([]persistence.Page, error) {
	pages := make([]persistence.Page, 0, len(doc.Pages))
	docs := 0
	for _, p := range doc.Pages {
		blocks, err := json.Marshal(p.Blocks)
		if err != nil {
			return nil, fmt.Errorf("layout: encode blocks of %q: %w", p.Name, err)
		}
		row := persistence.Page{Name: p.Name, Titles: p.Titles, Layout: p.Layout, Modules: blocks}
		switch p.Kind {
		case KindHome:
			row.Kind, row.Name = persistence.PageHome, ""
		case KindDocs:
			row.Kind, row.Name, row.Position = persistence.PageDocs, persistence.DocsPrefix+p.Name, docs
			docs++
		default:
			row.Kind = persistence.PageCustom
		}
		pages = append(pages, row)
	}
	return pages, nil
}

// Published returns the published document and its version, or
// persistence.ErrNotFound when nothing was published yet.
func Published(ctx context.Context, db *persistence.DB) (Doc, int64, error) {
	v, err := db.Layouts().Published(ctx)
	if err != nil {
		return Doc{}, 0, fmt.Errorf("layout: %w", err)
	}
	doc, err := DecodeStored(v.Doc)
	if err != nil {
		return Doc{}, 0, fmt.Errorf("layout: version %d: %w", v.Version, err)
	}
	return doc, v.Version, nil
}

// DecodeStored reads a document as stored (a version's or the draft's).
func DecodeStored(data []byte) (Doc, error) {
	var doc Doc
	if err := json.Unmarshal(data, &doc); err != nil {
		return Doc{}, fmt.Errorf("layout: decode: %w", err)
	}
	return doc, nil
}
