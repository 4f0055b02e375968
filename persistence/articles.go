package persistence

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The kinds of article terms.
const (
	TermCategory = "category"
	TermTag      = "tag"
)

// Article is one language version of an article.
type Article struct {
	// ID is the databaseId, time ordered; Create assigns it when 0.
	ID int64
	// GroupID links the language versions of one article: the ID of the
	// first version (Create sets it to ID when 0).
	GroupID  int64
	Lang     string
	AuthorID int64
	Slug     string
	Title    string
	// Content is sanitized HTML; Excerpt plain text.
	Content       string
	Excerpt       string
	FeaturedImage string
	// CategoryID is the article's category term; 0 for none.
	CategoryID int64
	// TagIDs are its tag terms.
	TagIDs []int64
	// Roles is the gate, JSON (a list of {type, value, currency}); "[]"
	// for none.
	Roles string
	// Views is the count written so far (a node's pending views are not in it).
	Views int64
	// IdemKey makes Create exactly-once; Create sets "article:{id}" when empty.
	IdemKey string
	// CreatedAt, UpdatedAt, DeletedAt are epoch ms; DeletedAt 0 while live.
	CreatedAt, UpdatedAt, DeletedAt int64
}

// ArticleTerm is a category or a tag of articles.
type ArticleTerm struct {
	// ID is the databaseId; UpsertTerm assigns it to a new term.
	ID int64
	// Kind is TermCategory or TermTag.
	Kind string
	Slug string
	// Names is the term's name per language code.
	Names     map[string]string
	CreatedAt int64
}

// ArticleVersion is one language version of an article's group.
type ArticleVersion struct {
	ID    int64
	Lang  string
	Slug  string
	Title string
}

// ArticleFilter selects the live articles of a list.
type ArticleFilter struct {
	Lang string
	// CategoryID, TagID and AuthorID narrow the list; 0 is any.
	CategoryID, TagID, AuthorID int64
	// Before is the id the page starts below; 0 is the newest.
	Before int64
	Limit  int
}

// ArticlesStore keeps the articles, their language versions and terms.
type ArticlesStore struct{ db *DB }

// Articles returns the articles store.
func (db *DB) Articles() ArticlesStore { return ArticlesStore{db: db} }

const articleColumns = `id, group_id, lang, author_id, slug, title, content, excerpt, featured_image, category_id, roles,
	views, idem_key, created_at, updated_at, deleted_at`

func scanArticle(row scanner) (Article, error) {
	var a Article
	err := row.Scan(&a.ID, &a.GroupID, &a.Lang, &a.AuthorID, &a.Slug, &a.Title, &a.Content, &a.Excerpt,
		&a.FeaturedImage, &a.CategoryID, &a.Roles, &a.Views, &a.IdemKey, &a.CreatedAt, &a.UpdatedAt, &a.DeletedAt)
	return a, err
}

// Create stores a with its tags and its search entry in one transaction. It returns
// ErrConflict when a's group has a live version in a's language. When
// a.IdemKey was used before by the same author, a becomes the article
// stored then (tags included) and created is false; by anyone else it is
// ErrConflict.
func (s ArticlesStore) Create(ctx context.Context, a *Article) (created bool, err error) {
	if a.ID == 0 {
		a.ID = s.db.NewID()
	}
	if a.GroupID == 0 {
		a.GroupID = a.ID
	}
	if a.CreatedAt == 0 {
		a.CreatedAt = Now()
	}
	if a.UpdatedAt == 0 {
		a.UpdatedAt = a.CreatedAt
	}
	if a.Roles == "" {
		a.Roles = "[]"
	}
	if a.IdemKey == "" {
		a.IdemKey = "article:" + strconv.FormatInt(a.ID, 10)
	}
	a.DeletedAt = 0
	var first int64
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		created, first = false, 0
		res, err := tx.ExecContext(ctx, `INSERT INTO articles (`+articleColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT (idem_key) DO NOTHING`,
			a.ID, a.GroupID, a.Lang, a.AuthorID, a.Slug, a.Title, a.Content, a.Excerpt, a.FeaturedImage, a.CategoryID,
			a.Roles, a.Views, a.IdemKey, a.CreatedAt, a.UpdatedAt, a.DeletedAt)
		if err != nil {
			return mapError(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return err
			}
			var author int64
			if err := tx.QueryRowContext(ctx, `SELECT id, author_id FROM articles WHERE idem_key = $1`, a.IdemKey).
				Scan(&first, &author); err != nil {
				return mapError(err)
			}
			if author != a.AuthorID {
				return ErrConflict
			}
			return nil
		}
		created = true
		if err := setTags(ctx, tx, a.ID, a.TagIDs); err != nil {
			return err
		}
		return s.db.indexArticle(ctx, tx, a.ID)
	})
	if err != nil {
		return false, fmt.Errorf("articles store: create: %w", err)
	}
	if !created {
		stored, err := s.getAny(ctx, first)
		if err != nil {
			return false, err
		}
		*a = stored
	}
	return created, nil
}

// Update writes a's editable fields (slug, title, content, excerpt,
// featured image, category, tags, roles, updated_at) and its search entry
// in one transaction:
// ErrNotFound when a is not a live article.
func (s ArticlesStore) Update(ctx context.Context, a Article) error {
	if a.Roles == "" {
		a.Roles = "[]"
	}
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE articles SET slug = $2, title = $3, content = $4, excerpt = $5,
			featured_image = $6, category_id = $7, roles = $8, updated_at = $9 WHERE id = $1 AND deleted_at = 0`,
			a.ID, a.Slug, a.Title, a.Content, a.Excerpt, a.FeaturedImage, a.CategoryID, a.Roles, a.UpdatedAt)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return err
			}
			return ErrNotFound
		}
		if err := setTags(ctx, tx, a.ID, a.TagIDs); err != nil {
			return err
		}
		return s.db.indexArticle(ctx, tx, a.ID)
	})
	if err != nil {
		return fmt.Errorf("articles store: update %d: %w", a.ID, err)
	}
	return nil
}

func setTags(ctx context.Context, tx *sql.Tx, articleID int64, tags []int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM article_tags WHERE article_id = $1`, articleID); err != nil {
		return err
	}
	for _, tag := range tags {
		if _, err := tx.ExecContext(ctx, `INSERT INTO article_tags (tag_id, article_id) VALUES ($1, $2)
			ON CONFLICT (tag_id, article_id) DO NOTHING`, tag, articleID); err != nil {
			return err
		}
	}
	return nil
}

// Get returns the live article id with its tags: ErrNotFound when it does
// not exist or was deleted.
func (s ArticlesStore) Get(ctx context.Context, id int64) (Article, error) {
	a, err := s.getAny(ctx, id)
	if err == nil && a.DeletedAt != 0 {
		err = fmt.Errorf("articles store: get %d: %w", id, ErrNotFound)
	}
	return a, err
}

// getAny returns the article id with its tags, deleted or not.
func (s ArticlesStore) getAny(ctx context.Context, id int64) (Article, error) {
	a, err := scanArticle(s.db.reads.QueryRowContext(ctx, `SELECT `+articleColumns+` FROM articles WHERE id = $1`, id))
	if err != nil {
		return a, fmt.Errorf("articles store: get %d: %w", id, mapError(err))
	}
	tags, err := queryList(ctx, s.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT tag_id FROM article_tags WHERE article_id = $1 ORDER BY tag_id`, id)
	if err != nil {
		return a, fmt.Errorf("articles store: tags of %d: %w", id, err)
	}
	a.TagIDs = nonNilSlice(tags)
	return a, nil
}

// Versions returns the live language versions of the group.
func (s ArticlesStore) Versions(ctx context.Context, groupID int64) ([]ArticleVersion, error) {
	list, err := queryList(ctx, s.db.reads, func(row scanner) (ArticleVersion, error) {
		var v ArticleVersion
		return v, row.Scan(&v.ID, &v.Lang, &v.Slug, &v.Title)
	}, `SELECT id, lang, slug, title FROM articles WHERE group_id = $1 AND deleted_at = 0 ORDER BY id`, groupID)
	if err != nil {
		return nil, fmt.Errorf("articles store: versions of %d: %w", groupID, err)
	}
	return list, nil
}

// List returns a page of live articles, the newest first.
func (s ArticlesStore) List(ctx context.Context, f ArticleFilter) ([]Article, error) {
	before := f.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	query := `SELECT ` + articleColumns + ` FROM articles WHERE lang = $1 AND deleted_at = 0 AND id < $2`
	args := []any{f.Lang, before}
	if f.CategoryID != 0 {
		args = append(args, f.CategoryID)
		query += ` AND category_id = $` + strconv.Itoa(len(args))
	}
	if f.AuthorID != 0 {
		args = append(args, f.AuthorID)
		query += ` AND author_id = $` + strconv.Itoa(len(args))
	}
	if f.TagID != 0 {
		args = append(args, f.TagID)
		query += ` AND id IN (SELECT article_id FROM article_tags WHERE tag_id = $` + strconv.Itoa(len(args)) + `)`
	}
	args = append(args, f.Limit)
	query += ` ORDER BY id DESC LIMIT $` + strconv.Itoa(len(args))
	list, err := queryList(ctx, s.db.reads, scanArticle, query, args...)
	if err != nil {
		return nil, fmt.Errorf("articles store: list: %w", err)
	}
	return list, nil
}

// Delete marks the live article id deleted at at: ErrNotFound when there
// is none.
func (s ArticlesStore) Delete(ctx context.Context, id, at int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE articles SET deleted_at = $2 WHERE id = $1 AND deleted_at = 0`, id, at)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return err
			}
			return ErrNotFound
		}
		return unindex(ctx, tx, SearchArticle, id)
	})
	if err != nil {
		return fmt.Errorf("articles store: delete %d: %w", id, err)
	}
	return nil
}

// Views returns the views written so far of the articles ids (absent ids
// are left out).
func (s ArticlesStore) Views(ctx context.Context, ids []int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	marks := make([]string, len(ids))
	for i, id := range ids {
		args[i], marks[i] = id, "$"+strconv.Itoa(i+1)
	}
	type row struct{ id, views int64 }
	list, err := queryList(ctx, s.db.reads, func(sc scanner) (row, error) {
		var r row
		return r, sc.Scan(&r.id, &r.views)
	}, `SELECT id, views FROM articles WHERE id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("articles store: views: %w", err)
	}
	for _, r := range list {
		out[r.id] = r.views
	}
	return out, nil
}

// AddViews adds counted views to the articles, one UPDATE per article, in
// one transaction.
func (s ArticlesStore) AddViews(ctx context.Context, views map[int64]int64) error {
	if len(views) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(views))
	for id := range views {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `UPDATE articles SET views = views + $2 WHERE id = $1`, id, views[id]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("articles store: add views: %w", err)
	}
	return nil
}

const termColumns = `id, kind, slug, names, created_at`

func scanTerm(row scanner) (ArticleTerm, error) {
	var t ArticleTerm
	var names string
	if err := row.Scan(&t.ID, &t.Kind, &t.Slug, &names, &t.CreatedAt); err != nil {
		return t, err
	}
	if err := decodeJSON(names, &t.Names); err != nil {
		return t, err
	}
	t.Names = nonNilMap(t.Names)
	return t, nil
}

// UpsertTerm stores t by its kind and slug: a new term gets t.ID when set
// (the demo's fixed ids, which its menus link to) or a new id, an
// existing one keeps its id and takes t's names. t.ID is set to the
// stored term's id.
func (s ArticlesStore) UpsertTerm(ctx context.Context, t *ArticleTerm) error {
	names, err := encodeJSON(nonNilMap(t.Names))
	if err != nil {
		return fmt.Errorf("articles store: upsert term: %w", err)
	}
	if t.CreatedAt == 0 {
		t.CreatedAt = Now()
	}
	err = s.db.write.QueryRowContext(ctx, `INSERT INTO article_terms (`+termColumns+`) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (kind, slug) DO UPDATE SET names = excluded.names RETURNING id`,
		cmp.Or(t.ID, s.db.NewID()), t.Kind, t.Slug, names, t.CreatedAt).Scan(&t.ID)
	if err != nil {
		return fmt.Errorf("articles store: upsert term: %w", mapError(err))
	}
	return nil
}

// Terms returns the terms of the ids (absent ids are left out).
func (s ArticlesStore) Terms(ctx context.Context, ids []int64) (map[int64]ArticleTerm, error) {
	out := make(map[int64]ArticleTerm, len(ids))
	var want []any
	var marks []string
	for _, id := range ids {
		if id != 0 {
			want = append(want, id)
			marks = append(marks, "$"+strconv.Itoa(len(want)))
		}
	}
	if len(want) == 0 {
		return out, nil
	}
	list, err := queryList(ctx, s.db.reads, scanTerm, `SELECT `+termColumns+` FROM article_terms
		WHERE id IN (`+strings.Join(marks, ", ")+`)`, want...)
	if err != nil {
		return nil, fmt.Errorf("articles store: terms: %w", err)
	}
	for _, t := range list {
		out[t.ID] = t
	}
	return out, nil
}

// TermBySlug returns the term of kind with slug: ErrNotFound when none.
func (s ArticlesStore) TermBySlug(ctx context.Context, kind, slug string) (ArticleTerm, error) {
	t, err := scanTerm(s.db.reads.QueryRowContext(ctx, `SELECT `+termColumns+` FROM article_terms
		WHERE kind = $1 AND slug = $2`, kind, slug))
	if err != nil {
		return t, fmt.Errorf("articles store: term %s %q: %w", kind, slug, mapError(err))
	}
	return t, nil
}
