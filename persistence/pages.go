package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Kinds of page.
const (
	// PageHome is the home page; its Name is "".
	PageHome = "home"
	// PageCustom is a custom page at /{Name}.
	PageCustom = "custom"
	// PageDocs is a docs page at /docs/{slug}; its Name is DocsPrefix+slug.
	PageDocs = "docs"
)

// DocsPrefix begins the Name of every docs page.
const DocsPrefix = "docs/"

// Page is a page made with the page builder: the home page, a custom page
// or a docs page (Kind).
type Page struct {
	// ID is the page's databaseId; Upsert assigns one to a new page and
	// keeps the existing one for a known Name.
	ID int64
	// Name is the page's unique URL segment, e.g. "about".
	Name string
	// Titles is the page title per language code.
	Titles map[string]string
	// Kind is PageHome, PageCustom or PageDocs; "" counts as PageCustom.
	Kind string
	// Position orders the docs pages (their side navigation), lowest first.
	Position int
	// Layout is default, docs or account.
	Layout string
	// Modules is the page's blocks per device (the builder's layout
	// document's blocks object), or a legacy module list.
	Modules json.RawMessage
	// UpdatedAt is epoch ms of the last change, set by the store.
	UpdatedAt int64
}

// Variant types.
const (
	// VariantAll applies a variant to every post.
	VariantAll = "all"
	// VariantPostID applies a variant only to the posts listed in its IDs.
	VariantPostID = "postID"
)

// Variant is an alternative rendering of posts, chosen by a ".name" suffix
// after a post id in the URL.
type Variant struct {
	// Name is the suffix, e.g. "amp".
	Name string
	// Type is VariantAll or VariantPostID.
	Type string
	// IDs lists the posts a VariantPostID variant applies to.
	IDs []int64
}

// PagesStore keeps custom pages and variants.
type PagesStore struct{ db *DB }

// Pages returns the pages store.
func (db *DB) Pages() PagesStore { return PagesStore{db: db} }

const pageColumns = `id, name, kind, position, titles, layout, modules, updated_at`

func scanPage(row scanner) (Page, error) {
	var p Page
	var titles, modules string
	if err := row.Scan(&p.ID, &p.Name, &p.Kind, &p.Position, &titles, &p.Layout, &modules, &p.UpdatedAt); err != nil {
		return p, err
	}
	p.Modules = json.RawMessage(modules)
	return p, decodeJSON(titles, &p.Titles)
}

// Upsert creates the page or replaces the one with the same Name, and sets
// p.ID and p.UpdatedAt. An unchanged page leaves the row untouched.
func (s PagesStore) Upsert(ctx context.Context, p *Page) error {
	titles, err := encodeJSON(nonNilMap(p.Titles))
	if err != nil {
		return fmt.Errorf("pages store: upsert %q: %w", p.Name, err)
	}
	modules := "[]"
	if len(p.Modules) > 0 {
		if !json.Valid(p.Modules) {
			return fmt.Errorf("pages store: upsert %q: modules are not valid JSON", p.Name)
		}
		modules = string(p.Modules)
	}
	if p.Kind == "" {
		p.Kind = PageCustom
	}
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `
			INSERT INTO pages (id, name, kind, position, titles, layout, modules, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
			ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, position = excluded.position, titles = excluded.titles,
				layout = excluded.layout, modules = excluded.modules, updated_at = excluded.updated_at
			WHERE (pages.kind, pages.position, pages.titles, pages.layout, pages.modules) <>
				(excluded.kind, excluded.position, excluded.titles, excluded.layout, excluded.modules)
			RETURNING id, updated_at`,
			s.db.NewID(), p.Name, p.Kind, p.Position, titles, p.Layout, modules, Now()).Scan(&p.ID, &p.UpdatedAt)
		if errors.Is(err, sql.ErrNoRows) {
			// Unchanged: the conflicting row was left as it was.
			err = tx.QueryRowContext(ctx, `SELECT id, updated_at FROM pages WHERE name = $1`, p.Name).
				Scan(&p.ID, &p.UpdatedAt)
		}
		return mapError(err)
	})
	s.db.cache.pages.invalidate()
	if err != nil {
		return fmt.Errorf("pages store: upsert %q: %w", p.Name, err)
	}
	return nil
}

// GetByName returns the page with the name, or ErrNotFound.
func (s PagesStore) GetByName(ctx context.Context, name string) (Page, error) {
	p, err := scanPage(s.db.reads.QueryRowContext(ctx, `SELECT `+pageColumns+` FROM pages WHERE name = $1`, name))
	if err != nil {
		return Page{}, fmt.Errorf("pages store: get %q: %w", name, mapError(err))
	}
	return p, nil
}

// List returns every page ordered by ID, which is creation order. It
// answers from a copy up to SnapshotTTL old (see SnapshotTTL).
func (s PagesStore) List(ctx context.Context) ([]Page, error) {
	return s.db.cache.pages.get(ctx, s.db.clock, s.list)
}

func (s PagesStore) list(ctx context.Context) ([]Page, error) {
	list, err := queryList(ctx, s.db.reads, scanPage, `SELECT `+pageColumns+` FROM pages ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("pages store: list: %w", err)
	}
	return list, nil
}

// UpsertVariant creates the variant or replaces the one with the same Name.
// An unchanged variant leaves the row untouched.
func (s PagesStore) UpsertVariant(ctx context.Context, v Variant) error {
	if v.Type != VariantAll && v.Type != VariantPostID {
		return fmt.Errorf("pages store: upsert variant %q: unknown type %q", v.Name, v.Type)
	}
	ids, err := encodeJSON(nonNilSlice(v.IDs))
	if err != nil {
		return fmt.Errorf("pages store: upsert variant %q: %w", v.Name, err)
	}
	_, err = s.db.write.ExecContext(ctx, `
		INSERT INTO page_variants (name, type, ids, updated_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (name) DO UPDATE SET type = excluded.type, ids = excluded.ids, updated_at = excluded.updated_at
		WHERE (page_variants.type, page_variants.ids) <> (excluded.type, excluded.ids)`,
		v.Name, v.Type, ids, Now())
	s.db.cache.variants.invalidate()
	if err != nil {
		return fmt.Errorf("pages store: upsert variant %q: %w", v.Name, mapError(err))
	}
	return nil
}

// Variants returns every variant ordered by name, in byte order. It
// answers from a copy up to SnapshotTTL old (see SnapshotTTL).
func (s PagesStore) Variants(ctx context.Context) ([]Variant, error) {
	return s.db.cache.variants.get(ctx, s.db.clock, s.variants)
}

func (s PagesStore) variants(ctx context.Context) ([]Variant, error) {
	list, err := queryList(ctx, s.db.reads, func(row scanner) (Variant, error) {
		var v Variant
		var ids string
		if err := row.Scan(&v.Name, &v.Type, &ids); err != nil {
			return v, err
		}
		return v, decodeJSON(ids, &v.IDs)
	}, `SELECT name, type, ids FROM page_variants`)
	if err != nil {
		return nil, fmt.Errorf("pages store: variants: %w", err)
	}
	// Sorted here: PostgreSQL would order by its locale collation.
	slices.SortFunc(list, func(a, b Variant) int { return strings.Compare(a.Name, b.Name) })
	return list, nil
}
