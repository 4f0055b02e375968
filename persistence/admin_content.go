package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The operators' content list reads every kind of content through one row
// shape (AdminContentRow), newest first, live and soft-deleted rows alike.
// Restoring a soft-deleted row lives here too, beside the deletes of the
// owning stores it undoes: each restore puts back in the same transaction
// what the delete took away (counters, the search index), so that a
// restored row reads exactly as before it was deleted.

// Kinds of content the operators list.
const (
	AdminArticle  = TargetArticle
	AdminTopic    = TargetTopic
	AdminAnswer   = TargetAnswer
	AdminComment  = TargetComment
	AdminProduct  = "product"
	AdminCoupon   = "coupon"
	AdminNode     = NodeKindNode
	AdminCategory = NodeKindCategory
	AdminPage     = "page"
	// AdminTerm is an article_terms row of any kind: an article category
	// or tag, a shop category or tag.
	AdminTerm = "term"
)

// Statuses of the operators' content list.
const (
	AdminStatusLive    = "live"
	AdminStatusDeleted = "deleted"
	AdminStatusAll     = "all"
)

// ErrRestoreCollision is returned when restoring a row would clash with a
// live one (another live version of an article in the same language).
var ErrRestoreCollision = errors.New("persistence: a live row takes the restored row's place")

// AdminContentRow is one row of the operators' content list, whatever its
// kind. Text that is kept per language (products, nodes, categories,
// pages, coupons) comes in Titles and Excerpts instead of Title and Excerpt.
type AdminContentRow struct {
	Kind string
	// ID is the row's id; 0 for a coupon, whose Key is its code.
	ID int64
	// Key is a coupon's code or a page's name; "" for the other kinds.
	Key              string
	Title, Excerpt   string
	Titles, Excerpts map[string]string
	Lang             string
	AuthorID         int64
	Slug             string
	CreatedAt        int64
	UpdatedAt        int64
	DeletedAt        int64
	Extra            map[string]string
}

// AdminContentFilter selects a page of the operators' content list.
type AdminContentFilter struct {
	Kind string
	// Query matches the title (or a comment's or an answer's text, a
	// coupon's code) as a case-insensitive substring, or the id exactly.
	Query string
	// Status is AdminStatusLive (the default), AdminStatusDeleted or
	// AdminStatusAll; kinds that are never soft-deleted have no deleted rows.
	Status string
	// TermKind narrows AdminTerm rows to one kind of term (TermCategory, ...); "" is every kind.
	TermKind string
	// After is the cursor of the last row of the previous page (Cursor); "" is the first page.
	After string
	Limit int
}

// Get returns the row of kind with id (a coupon's code or a page's name
// in key), live or deleted: ErrNotFound when there is none.
func (s AdminContentStore) Get(ctx context.Context, kind string, id int64, key string) (AdminContentRow, error) {
	k, ok := adminKinds[kind]
	if !ok {
		return AdminContentRow{}, fmt.Errorf("admin content: unknown kind %q", kind)
	}
	cond, arg := `t.id = $1`, any(id)
	if kind == AdminCoupon {
		cond, arg = `t.code = $1`, key
	}
	query := `SELECT ` + k.cols + ` FROM ` + k.from + ` WHERE ` + cond
	if k.where != "" {
		query += ` AND ` + k.where
	}
	r, err := scanAdminRow(s.db.reads.QueryRowContext(ctx, query, arg), kind, k)
	if err != nil {
		return r, fmt.Errorf("admin content: get %s %d%s: %w", kind, id, key, mapError(err))
	}
	return r, nil
}

// adminKind is how one kind of content reads as AdminContentRow: cols are
// id, key, title, excerpt, lang, author, slug, created, updated, deleted
// and up to four extra texts, named by extra.
type adminKind struct {
	from string
	cols string
	// match is the text the query matches; deleted the soft-delete column ("" when none).
	match, deleted, where string
	// localized is set when title and excerpt are JSON objects per language.
	localized bool
	extra     []string
	// finish derives what the row shows from its extra texts, if needed.
	finish func(r *AdminContentRow)
}

var adminKinds = map[string]adminKind{
	AdminArticle: {from: `articles t`, match: `t.title`, deleted: `t.deleted_at`, extra: []string{"groupId", "categoryId"},
		cols: `t.id, '', t.title, t.excerpt, t.lang, t.author_id, t.slug, t.created_at, t.updated_at, t.deleted_at,
			CAST(t.group_id AS TEXT), CAST(t.category_id AS TEXT), '', ''`},
	AdminTopic: {from: `community_topics t LEFT JOIN community_nodes n ON n.id = t.node_id`, match: `t.title`,
		deleted: `t.deleted_at`, extra: []string{"nodeId", "node", "type"},
		cols: `t.id, '', t.title, t.excerpt, '', t.author_id, '', t.created_at, t.updated_at, t.deleted_at,
			CAST(t.node_id AS TEXT), COALESCE(n.slug, ''), t.topic_type, ''`},
	AdminAnswer: {from: `community_answers t LEFT JOIN community_topics p ON p.id = t.topic_id`, match: `t.content`,
		deleted: `t.deleted_at`, extra: []string{"topicId"},
		cols: `t.id, '', COALESCE(p.title, ''), t.content, '', t.author_id, '', t.created_at, t.updated_at,
			t.deleted_at, CAST(t.topic_id AS TEXT), '', '', ''`,
		finish: plainExcerpt},
	AdminComment: {from: `comments t LEFT JOIN articles a ON t.target_type = 'article' AND a.id = t.target_id`,
		match: `t.content`, deleted: `t.deleted_at`, extra: []string{"targetType", "targetId", "targetSlug"},
		cols: `t.id, '', '', t.content, COALESCE(a.lang, ''), t.author_id, '', t.created_at, t.created_at,
			t.deleted_at, t.target_type, CAST(t.target_id AS TEXT), COALESCE(a.slug, ''), ''`,
		finish: plainExcerpt},
	AdminProduct: {from: `products t`, match: `t.titles`, deleted: `t.deleted_at`, localized: true,
		extra: []string{"price", "sold", "type"},
		cols: `t.id, '', t.titles, t.descriptions, '', 0, t.slug, t.created_at, t.updated_at, t.deleted_at,
			COALESCE((SELECT v.prices FROM product_variants v WHERE v.product_id = t.id AND v.deleted_at = 0
				ORDER BY v.position LIMIT 1), '{}'), CAST(t.sold AS TEXT), t.kind, ''`},
	AdminCoupon: {from: `coupons t`, match: `t.code`, localized: true,
		extra: []string{"type", "currency", "value", "usedAt"},
		cols: `0, t.code, t.names, t.descriptions, '', t.owner_id, '', t.created_at, t.created_at, 0,
			t.coupon_type, t.face_currency, CAST(t.face_value AS TEXT), CAST(t.used_at AS TEXT) || ':' || CAST(t.expired_at AS TEXT)`,
		finish: finishCoupon},
	AdminNode: {from: `community_nodes t`, where: `t.kind = 'node'`, match: `t.names`, localized: true,
		extra: []string{"topics", "members", "categoryId", "joinType"},
		cols: `t.id, '', t.names, t.descriptions, '', t.owner_id, t.slug, t.created_at, t.updated_at, 0,
			CAST(t.topic_count AS TEXT), CAST(t.member_count AS TEXT), CAST(t.category_id AS TEXT), t.join_type`},
	AdminCategory: {from: `community_nodes t`, where: `t.kind = 'category'`, match: `t.names`, localized: true,
		extra: []string{"nodes"},
		cols: `t.id, '', t.names, t.descriptions, '', t.owner_id, t.slug, t.created_at, t.updated_at, 0,
			CAST((SELECT COUNT(*) FROM community_nodes c WHERE c.kind = 'node' AND c.category_id = t.id) AS TEXT),
			'', '', ''`},
	AdminPage: {from: `pages t`, where: `t.kind IN ('custom', 'docs')`, match: `t.titles`, localized: true,
		extra: []string{"kind"},
		cols:  `t.id, t.name, t.titles, '', '', 0, t.name, t.updated_at, t.updated_at, 0, t.kind, '', '', ''`},
	// Terms are never deleted and keep no update time; items counts the
	// live articles (every language version) or products that use the term.
	AdminTerm: {from: `article_terms t`, match: `t.names || ' ' || t.slug`, localized: true,
		extra: []string{"kind", "items"},
		cols: `t.id, '', t.names, '', '', 0, t.slug, t.created_at, t.created_at, 0, t.kind,
			CAST(CASE t.kind
				WHEN 'category' THEN (SELECT COUNT(*) FROM articles a WHERE a.category_id = t.id AND a.deleted_at = 0)
				WHEN 'tag' THEN (SELECT COUNT(*) FROM article_tags g JOIN articles a ON a.id = g.article_id
					WHERE g.tag_id = t.id AND a.deleted_at = 0)
				WHEN 'shop_category' THEN (SELECT COUNT(*) FROM products p WHERE p.category_id = t.id AND p.deleted_at = 0)
				WHEN 'shop_tag' THEN (SELECT COUNT(*) FROM product_tags g JOIN products p ON p.id = g.product_id
					WHERE g.tag_id = t.id AND p.deleted_at = 0)
				ELSE 0 END AS TEXT), '', ''`},
}

// plainExcerpt makes the excerpt of a row whose text is HTML plain text
// on one line.
func plainExcerpt(r *AdminContentRow) {
	r.Excerpt = strings.Join(strings.Fields(plainText(r.Excerpt)), " ")
}

// finishCoupon turns a coupon's "usedAt:expiredAt" text into its status.
func finishCoupon(r *AdminContentRow) {
	usedText, expiredText, _ := strings.Cut(r.Extra["usedAt"], ":")
	used, _ := strconv.ParseInt(usedText, 10, 64)
	expired, _ := strconv.ParseInt(expiredText, 10, 64)
	delete(r.Extra, "usedAt")
	c := Coupon{Type: r.Extra["type"], UsedAt: used, ExpiredAt: expired}
	r.Extra["status"] = c.Status(Now())
	r.Extra["owner"] = strconv.FormatInt(r.AuthorID, 10)
	r.Extra["code"] = r.Key
	if expired != 0 {
		r.Extra["expiredAt"] = expiredText
	} else {
		delete(r.Extra, "expiredAt")
	}
}

// AdminContentKnown reports whether kind is a kind of content the operators list.
func AdminContentKnown(kind string) bool {
	_, ok := adminKinds[kind]
	return ok
}

// AdminContentStore reads every kind of content for the operators and
// restores what was soft-deleted.
type AdminContentStore struct{ db *DB }

// AdminContent returns the operators' content store.
func (db *DB) AdminContent() AdminContentStore { return AdminContentStore{db: db} }

// Cursor is the cursor of r, for AdminContentFilter.After.
func (r AdminContentRow) Cursor() string {
	if r.Kind == AdminCoupon {
		return strconv.FormatInt(r.CreatedAt, 10) + "." + r.Key
	}
	return strconv.FormatInt(r.ID, 10)
}

// ErrBadCursor is returned for an AdminContentFilter.After that no row made.
var ErrBadCursor = errors.New("persistence: bad cursor")

// List returns a page of f.Kind's rows, newest first (coupons by creation
// time and code, the other kinds by id). ErrBadCursor for a malformed After.
func (s AdminContentStore) List(ctx context.Context, f AdminContentFilter) ([]AdminContentRow, error) {
	k, ok := adminKinds[f.Kind]
	if !ok {
		return nil, fmt.Errorf("admin content: unknown kind %q", f.Kind)
	}
	var conds []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if k.where != "" {
		conds = append(conds, k.where)
	}
	if k.deleted != "" {
		switch f.Status {
		case AdminStatusAll:
		case AdminStatusDeleted:
			conds = append(conds, k.deleted+` <> 0`)
		default:
			conds = append(conds, k.deleted+` = 0`)
		}
	} else if f.Status == AdminStatusDeleted {
		return nil, nil
	}
	if f.Kind == AdminTerm && f.TermKind != "" {
		conds = append(conds, `t.kind = `+arg(f.TermKind))
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		match := `LOWER(` + k.match + `) LIKE ` + arg(LikeContains(strings.ToLower(q))) + ` ESCAPE '\'`
		if id, err := strconv.ParseInt(q, 10, 64); err == nil && id > 0 && f.Kind != AdminCoupon {
			match = `(t.id = ` + arg(id) + ` OR ` + match + `)`
		}
		conds = append(conds, match)
	}
	order := `t.id DESC`
	if f.Kind == AdminCoupon {
		order = `t.created_at DESC, t.code DESC`
	}
	if f.After != "" {
		if f.Kind == AdminCoupon {
			at, code, found := strings.Cut(f.After, ".")
			created, err := strconv.ParseInt(at, 10, 64)
			if !found || err != nil {
				return nil, ErrBadCursor
			}
			conds = append(conds, `(t.created_at < `+arg(created)+` OR (t.created_at = `+arg(created)+
				` AND t.code < `+arg(code)+`))`)
		} else {
			id, err := strconv.ParseInt(f.After, 10, 64)
			if err != nil || id <= 0 {
				return nil, ErrBadCursor
			}
			conds = append(conds, `t.id < `+arg(id))
		}
	}
	query := `SELECT ` + k.cols + ` FROM ` + k.from
	if len(conds) > 0 {
		query += ` WHERE ` + strings.Join(conds, ` AND `)
	}
	query += ` ORDER BY ` + order + ` LIMIT ` + arg(f.Limit)
	list, err := queryList(ctx, s.db.reads, func(row scanner) (AdminContentRow, error) {
		return scanAdminRow(row, f.Kind, k)
	}, query, args...)
	if err != nil {
		return nil, fmt.Errorf("admin content: list %s: %w", f.Kind, err)
	}
	return list, nil
}

func scanAdminRow(row scanner, kind string, k adminKind) (AdminContentRow, error) {
	r := AdminContentRow{Kind: kind, Extra: map[string]string{}}
	var extra [4]string
	err := row.Scan(&r.ID, &r.Key, &r.Title, &r.Excerpt, &r.Lang, &r.AuthorID, &r.Slug, &r.CreatedAt, &r.UpdatedAt,
		&r.DeletedAt, &extra[0], &extra[1], &extra[2], &extra[3])
	if err != nil {
		return r, err
	}
	for i, name := range k.extra {
		if i < len(extra) {
			r.Extra[name] = extra[i]
		}
	}
	if k.localized {
		// Rows written by the features always hold JSON objects here; a
		// damaged one reads as empty rather than hiding the whole page.
		_ = decodeJSON(r.Title, &r.Titles)
		_ = decodeJSON(r.Excerpt, &r.Excerpts)
		r.Title, r.Excerpt = "", ""
	}
	if k.finish != nil {
		k.finish(&r)
	}
	return r, nil
}

// restoreRow clears the deleted_at of one soft-deleted row of table inside tx
// and returns what returning names: ErrNotFound when no deleted row id exists.
func restoreRow(ctx context.Context, tx *sql.Tx, table string, id int64, returning string, into ...any) error {
	err := tx.QueryRowContext(ctx, `UPDATE `+table+` SET deleted_at = 0 WHERE id = $1 AND deleted_at <> 0
		RETURNING `+returning, id).Scan(into...)
	return mapError(err)
}

// RestoreArticle makes the deleted article id live again and puts it back
// in the search index. ErrNotFound when there is no deleted article id,
// ErrRestoreCollision when another version of its group in its language
// is live.
func (s AdminContentStore) RestoreArticle(ctx context.Context, id int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		var back int64
		// The unique index of live versions (articles_version) refuses a
		// second live version of the group in the language.
		if err := restoreRow(ctx, tx, "articles", id, "id", &back); errors.Is(err, ErrConflict) {
			return ErrRestoreCollision
		} else if err != nil {
			return err
		}
		return s.db.indexArticle(ctx, tx, id)
	})
	return restoreError("article", id, err)
}

// RestoreComment makes the deleted comment id live again and counts it on
// its target. ErrNotFound when there is no deleted comment id.
func (s AdminContentStore) RestoreComment(ctx context.Context, id int64) (targetType string, targetID int64, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		if err := restoreRow(ctx, tx, "comments", id, "target_type, target_id", &targetType, &targetID); err != nil {
			return err
		}
		return count(ctx, tx, targetType, targetID, 0, 1)
	})
	return targetType, targetID, restoreError("comment", id, err)
}

// RestoreTopic makes the deleted topic id live again, counts it on its
// node and puts it and its live answers back in the search index.
// ErrNotFound when there is no deleted topic id.
func (s AdminContentStore) RestoreTopic(ctx context.Context, id int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		var nodeID int64
		if err := restoreRow(ctx, tx, "community_topics", id, "node_id", &nodeID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE community_nodes SET topic_count = topic_count + 1 WHERE id = $1`,
			nodeID); err != nil {
			return err
		}
		return s.db.indexTopic(ctx, tx, id)
	})
	return restoreError("topic", id, err)
}

// RestoreAnswer makes the deleted answer id live again, counts it on its
// topic and puts it back in the search index. ErrNotFound when there is no
// deleted answer id.
func (s AdminContentStore) RestoreAnswer(ctx context.Context, id int64) (topicID int64, err error) {
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		if err := restoreRow(ctx, tx, "community_answers", id, "topic_id", &topicID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE community_topics SET answer_count = answer_count + 1 WHERE id = $1`,
			topicID); err != nil {
			return err
		}
		return s.db.indexAnswerOf(ctx, tx, id, topicID)
	})
	return topicID, restoreError("answer", id, err)
}

// RestoreProduct makes the deleted product id live again. ErrNotFound
// when there is no deleted product id.
func (s AdminContentStore) RestoreProduct(ctx context.Context, id int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		var back int64
		return restoreRow(ctx, tx, "products", id, "id", &back)
	})
	return restoreError("product", id, err)
}

func restoreError(kind string, id int64, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("admin content: restore %s %d: %w", kind, id, err)
}
