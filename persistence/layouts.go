package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

// ErrStale is returned when a layout write expected a draft revision or a
// published version that another write has since replaced.
var ErrStale = errors.New("persistence: stale")

// AnyLayoutVersion as LayoutPublish.ExpectVersion publishes whatever version
// is published now.
const AnyLayoutVersion = -1

// draftID is the id of the builders' one shared draft.
const draftID = "site"

// LayoutVersion is one published site layout.
type LayoutVersion struct {
	// Version numbers the publishes from 1; the highest is published now.
	Version int64
	// Doc is the layout document; Versions leaves it empty.
	Doc json.RawMessage
	// Note is the publisher's note, possibly empty.
	Note string
	// AuthorID is the publisher's user id; 0 for the system (the demo).
	AuthorID int64
	// RestoredFrom is the version a rollback published again, else 0.
	RestoredFrom int64
	// CreatedAt is epoch ms of the publish.
	CreatedAt int64
}

// LayoutDraft is the builders' shared draft of the next layout.
type LayoutDraft struct {
	// Doc is the draft layout document.
	Doc json.RawMessage
	// BaseVersion is the published version the draft started from.
	BaseVersion int64
	// Revision numbers the draft's saves from 1; 0 means there is no draft.
	Revision int64
	// AuthorID is the last saver's user id.
	AuthorID int64
	// UpdatedAt is epoch ms of the last save.
	UpdatedAt int64
}

// LayoutPublish is what LayoutsStore.Publish writes in one transaction.
type LayoutPublish struct {
	// Doc is the layout document in its canonical encoding: a document
	// byte-equal to the published one is not published again.
	Doc json.RawMessage
	// PageSettings is stored as the page_settings setting.
	PageSettings json.RawMessage
	// Pages replace every page row: those named here are upserted, the
	// others deleted.
	Pages []Page
	// Note, AuthorID and RestoredFrom are recorded with the version.
	Note         string
	AuthorID     int64
	RestoredFrom int64
	// ExpectVersion is the version that must be published now, else the
	// publish fails with ErrStale; AnyLayoutVersion skips the check.
	ExpectVersion int64
	// FromDraft publishes the draft: its revision must be DraftRevision
	// (else ErrStale), and it keeps its document and revision with the new
	// version as its base. Otherwise an existing draft is replaced by Doc,
	// its revision bumped so that a builder holding the old one reloads.
	FromDraft     bool
	DraftRevision int64
}

// LayoutsStore keeps the published layout versions and the builders' draft.
type LayoutsStore struct{ db *DB }

// Layouts returns the layouts store.
func (db *DB) Layouts() LayoutsStore { return LayoutsStore{db: db} }

const layoutColumns = `version, doc, note, author_id, restored_from, created_at`

func scanLayoutVersion(row scanner) (LayoutVersion, error) {
	var v LayoutVersion
	var doc string
	err := row.Scan(&v.Version, &doc, &v.Note, &v.AuthorID, &v.RestoredFrom, &v.CreatedAt)
	if doc != "" {
		v.Doc = json.RawMessage(doc)
	}
	return v, err
}

// Version returns the version published now, 0 when none is.
func (s LayoutsStore) Version(ctx context.Context) (int64, error) {
	var v int64
	err := s.db.reads.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM layout_versions`).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("layouts store: version: %w", mapError(err))
	}
	return v, nil
}

// Published returns the version published now, or ErrNotFound when none is.
func (s LayoutsStore) Published(ctx context.Context) (LayoutVersion, error) {
	v, err := scanLayoutVersion(s.db.reads.QueryRowContext(ctx,
		`SELECT `+layoutColumns+` FROM layout_versions ORDER BY version DESC LIMIT 1`))
	if err != nil {
		return LayoutVersion{}, fmt.Errorf("layouts store: published: %w", mapError(err))
	}
	return v, nil
}

// Get returns the version, or ErrNotFound.
func (s LayoutsStore) Get(ctx context.Context, version int64) (LayoutVersion, error) {
	v, err := scanLayoutVersion(s.db.reads.QueryRowContext(ctx,
		`SELECT `+layoutColumns+` FROM layout_versions WHERE version = $1`, version))
	if err != nil {
		return LayoutVersion{}, fmt.Errorf("layouts store: get %d: %w", version, mapError(err))
	}
	return v, nil
}

// Versions returns up to first versions older than before (every version
// when before is 0), newest first, without their documents.
func (s LayoutsStore) Versions(ctx context.Context, before int64, first int) ([]LayoutVersion, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, scanLayoutVersion, `
		SELECT version, '', note, author_id, restored_from, created_at FROM layout_versions
		WHERE version < $1 ORDER BY version DESC LIMIT $2`, before, first)
	if err != nil {
		return nil, fmt.Errorf("layouts store: versions: %w", mapError(err))
	}
	return list, nil
}

// Draft returns the draft, or ErrNotFound when there is none.
func (s LayoutsStore) Draft(ctx context.Context) (LayoutDraft, error) {
	d, err := scanDraft(s.db.reads.QueryRowContext(ctx,
		`SELECT doc, base_version, revision, author_id, updated_at FROM layout_drafts WHERE id = $1`, draftID))
	if err != nil {
		return LayoutDraft{}, fmt.Errorf("layouts store: draft: %w", mapError(err))
	}
	return d, nil
}

func scanDraft(row scanner) (LayoutDraft, error) {
	var d LayoutDraft
	var doc string
	err := row.Scan(&doc, &d.BaseVersion, &d.Revision, &d.AuthorID, &d.UpdatedAt)
	d.Doc = json.RawMessage(doc)
	return d, err
}

// SaveDraft replaces the draft's document with d.Doc when its revision is
// expectRevision (0: there is no draft yet), else it fails with ErrStale.
// d.BaseVersion is kept for a new draft; an existing draft keeps its own.
// It returns the saved draft, its revision one more.
func (s LayoutsStore) SaveDraft(ctx context.Context, d LayoutDraft, expectRevision int64) (LayoutDraft, error) {
	var saved LayoutDraft
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		var err error
		saved, err = saveDraft(ctx, tx, d, expectRevision, nil)
		return err
	})
	if err != nil {
		return LayoutDraft{}, fmt.Errorf("layouts store: save draft: %w", err)
	}
	return saved, nil
}

// ResetDraft replaces the draft's document with the published one when its
// revision is expectRevision (0: there is no draft), else it fails with
// ErrStale. With nothing published it deletes the draft.
func (s LayoutsStore) ResetDraft(ctx context.Context, authorID, expectRevision int64) (LayoutDraft, error) {
	var saved LayoutDraft
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		pub, err := scanLayoutVersion(tx.QueryRowContext(ctx,
			`SELECT `+layoutColumns+` FROM layout_versions ORDER BY version DESC LIMIT 1`))
		if errors.Is(err, sql.ErrNoRows) {
			cur, err := draftRevision(ctx, tx)
			if err != nil {
				return err
			}
			if cur != expectRevision {
				return ErrStale
			}
			_, err = tx.ExecContext(ctx, `DELETE FROM layout_drafts WHERE id = $1`, draftID)
			return err
		}
		if err != nil {
			return err
		}
		base := pub.Version
		saved, err = saveDraft(ctx, tx, LayoutDraft{Doc: pub.Doc, AuthorID: authorID}, expectRevision, &base)
		return err
	})
	if err != nil {
		return LayoutDraft{}, fmt.Errorf("layouts store: reset draft: %w", mapError(err))
	}
	return saved, nil
}

// draftRevision reads the draft's revision in tx, 0 when there is none.
func draftRevision(ctx context.Context, tx *sql.Tx) (int64, error) {
	var rev int64
	err := tx.QueryRowContext(ctx, `SELECT revision FROM layout_drafts WHERE id = $1`, draftID).Scan(&rev)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return rev, err
}

// saveDraft writes d as the draft at expectRevision+1 in tx; base, when
// set, replaces the base version of an existing draft too.
func saveDraft(ctx context.Context, tx *sql.Tx, d LayoutDraft, expectRevision int64, base *int64) (LayoutDraft, error) {
	if !json.Valid(d.Doc) {
		return LayoutDraft{}, errors.New("document is not valid JSON")
	}
	now := Now()
	var res sql.Result
	var err error
	switch {
	case expectRevision == 0:
		if base != nil {
			d.BaseVersion = *base
		}
		res, err = tx.ExecContext(ctx, `
			INSERT INTO layout_drafts (id, doc, base_version, revision, author_id, updated_at) VALUES ($1, $2, $3, 1, $4, $5)
			ON CONFLICT (id) DO NOTHING`, draftID, string(d.Doc), d.BaseVersion, d.AuthorID, now)
	case base != nil:
		res, err = tx.ExecContext(ctx, `
			UPDATE layout_drafts SET doc = $1, base_version = $2, revision = revision + 1, author_id = $3, updated_at = $4
			WHERE id = $5 AND revision = $6`, string(d.Doc), *base, d.AuthorID, now, draftID, expectRevision)
	default:
		res, err = tx.ExecContext(ctx, `
			UPDATE layout_drafts SET doc = $1, revision = revision + 1, author_id = $2, updated_at = $3
			WHERE id = $4 AND revision = $5`, string(d.Doc), d.AuthorID, now, draftID, expectRevision)
	}
	if err != nil {
		return LayoutDraft{}, mapError(err)
	}
	// No row written: another save came first and the revision moved on.
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return LayoutDraft{}, errors.Join(ErrStale, err)
	}
	saved, err := scanDraft(tx.QueryRowContext(ctx,
		`SELECT doc, base_version, revision, author_id, updated_at FROM layout_drafts WHERE id = $1`, draftID))
	if err != nil {
		return LayoutDraft{}, mapError(err)
	}
	return saved, nil
}

// Publish writes p as a new version in one transaction: the version row,
// the page_settings setting, the page rows and the draft (see
// LayoutPublish). It returns the new version; a document equal to the
// published one writes nothing and returns the published version. A
// publish that lost a race with another fails with ErrStale.
func (s LayoutsStore) Publish(ctx context.Context, p LayoutPublish) (int64, error) {
	if !json.Valid(p.Doc) || !json.Valid(p.PageSettings) {
		return 0, errors.New("layouts store: publish: document is not valid JSON")
	}
	var version int64
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		var err error
		version, err = s.publish(ctx, tx, p)
		return err
	})
	s.db.cache.pages.invalidate()
	s.db.cache.settings.invalidate()
	if err != nil {
		return 0, fmt.Errorf("layouts store: publish: %w", err)
	}
	return version, nil
}

func (s LayoutsStore) publish(ctx context.Context, tx *sql.Tx, p LayoutPublish) (int64, error) {
	var current int64
	var currentDoc string
	err := tx.QueryRowContext(ctx, `SELECT version, doc FROM layout_versions ORDER BY version DESC LIMIT 1`).
		Scan(&current, &currentDoc)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if p.ExpectVersion != AnyLayoutVersion && p.ExpectVersion != current {
		return 0, ErrStale
	}
	if p.FromDraft {
		rev, err := draftRevision(ctx, tx)
		if err != nil {
			return 0, err
		}
		if rev != p.DraftRevision {
			return 0, ErrStale
		}
	}
	if current > 0 && currentDoc == string(p.Doc) {
		return current, nil
	}
	version := current + 1
	now := Now()
	_, err = tx.ExecContext(ctx, `
		INSERT INTO layout_versions (version, doc, note, author_id, restored_from, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		version, string(p.Doc), p.Note, p.AuthorID, p.RestoredFrom, now)
	if err != nil {
		if err = mapError(err); errors.Is(err, ErrConflict) {
			return 0, ErrStale
		}
		return 0, err
	}
	_, err = tx.ExecContext(ctx, `
		INSERT INTO settings (setting_key, value, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (setting_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
		WHERE settings.value <> excluded.value`,
		"page_settings", string(p.PageSettings), now)
	if err != nil {
		return 0, fmt.Errorf("page settings: %w", mapError(err))
	}
	if err := s.replacePages(ctx, tx, p.Pages, now); err != nil {
		return 0, err
	}
	if p.FromDraft {
		_, err = tx.ExecContext(ctx, `UPDATE layout_drafts SET base_version = $1 WHERE id = $2`, version, draftID)
	} else {
		_, err = tx.ExecContext(ctx, `
			UPDATE layout_drafts SET doc = $1, base_version = $2, revision = revision + 1, author_id = $3, updated_at = $4
			WHERE id = $5`, string(p.Doc), version, p.AuthorID, now, draftID)
	}
	if err != nil {
		return 0, fmt.Errorf("draft: %w", mapError(err))
	}
	return version, nil
}

// replacePages upserts pages by name and deletes every other page row.
func (s LayoutsStore) replacePages(ctx context.Context, tx *sql.Tx, pages []Page, now int64) error {
	keep := make(map[string]bool, len(pages))
	for _, p := range pages {
		keep[p.Name] = true
		titles, err := encodeJSON(nonNilMap(p.Titles))
		if err != nil {
			return fmt.Errorf("page %q: %w", p.Name, err)
		}
		modules := "{}"
		if len(p.Modules) > 0 {
			if !json.Valid(p.Modules) {
				return fmt.Errorf("page %q: blocks are not valid JSON", p.Name)
			}
			modules = string(p.Modules)
		}
		kind := p.Kind
		if kind == "" {
			kind = PageCustom
		}
		_, err = tx.ExecContext(ctx, `
			INSERT INTO pages (id, name, kind, position, titles, layout, modules, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
			ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, position = excluded.position, titles = excluded.titles,
				layout = excluded.layout, modules = excluded.modules, updated_at = excluded.updated_at
			WHERE (pages.kind, pages.position, pages.titles, pages.layout, pages.modules) <>
				(excluded.kind, excluded.position, excluded.titles, excluded.layout, excluded.modules)`,
			s.db.NewID(), p.Name, kind, p.Position, titles, p.Layout, modules, now)
		if err != nil {
			return fmt.Errorf("page %q: %w", p.Name, mapError(err))
		}
	}
	names, err := queryList(ctx, tx, func(row scanner) (string, error) {
		var name string
		return name, row.Scan(&name)
	}, `SELECT name FROM pages`)
	if err != nil {
		return fmt.Errorf("pages: %w", err)
	}
	for _, name := range names {
		if keep[name] {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM pages WHERE name = $1`, name); err != nil {
			return fmt.Errorf("delete page %q: %w", name, mapError(err))
		}
	}
	return nil
}
