package admin

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// The operators' content screen: every kind of content listed the same
// way (admin.content), deleted and restored in bulk (admin.contentBulk)
// through the features that own each kind, so that their counters, search
// index and live pages stay right. The features are reached through
// ContentOwner, wired by the binary; this package never imports them.

// ContentOwner deletes and restores the kinds of content a feature owns.
// Both act for the administrator the request carries; both return
// persistence.ErrNotFound when there is no such row in the state the
// change starts from, and RestoreContent persistence.ErrRestoreCollision
// when a live row takes the restored one's place.
type ContentOwner interface {
	DeleteContent(ctx context.Context, kind string, id int64) error
	RestoreContent(ctx context.Context, kind string, id int64) error
}

// ContentTranslator writes a message key in a language (the site's i18n
// catalog); the per-row failures of a bulk change are sent as text.
type ContentTranslator interface {
	Translate(lang, key string, args map[string]any) string
}

// ContentConfig wires a ContentService.
type ContentConfig struct {
	DB *persistence.DB
	// Owners are the features that delete and restore each kind; a kind
	// without an owner cannot be deleted here.
	Owners map[string]ContentOwner
	// Translator writes the failures' messages; nil sends their keys.
	Translator ContentTranslator
	// Logger receives the failures that are not the caller's; nil is slog.Default().
	Logger *slog.Logger
}

// ContentService answers admin.content and admin.contentBulk.
type ContentService struct {
	db     *persistence.DB
	owners map[string]ContentOwner
	tr     ContentTranslator
	log    *slog.Logger
}

// NewContent returns the operators' content service.
func NewContent(cfg ContentConfig) *ContentService {
	s := &ContentService{db: cfg.DB, owners: cfg.Owners, tr: cfg.Translator, log: cfg.Logger}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}

// Register adds the content actions to r.
func (s *ContentService) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "admin.content",
		Summary: "Lists one kind of content for the operators, newest first: live, deleted or both, matched by title " +
			"(an answer's or a comment's text, a coupon's code, a term's names or slug) or id, with where a reader sees it and where it is edited.",
		Access: action.Admin,
	}, s.Content)
	action.Register(r, action.Spec{
		Name: "admin.contentBulk",
		Summary: "Deletes (soft) or restores up to 100 rows of one kind through the feature that owns them; each row " +
			"succeeds or fails on its own (failed carries the translated reason). Coupons, nodes, categories, " +
			"pages and terms are refused: they are not deleted here.",
		Access: action.Admin,
	}, s.ContentBulk)
}

// The content refusals.
var (
	// ErrContentNotFound is a row that does not exist.
	ErrContentNotFound = action.Errorf(http.StatusNotFound, "admin.error.content.notFound")
	// ErrContentAlreadyDeleted is a delete of a row deleted before.
	ErrContentAlreadyDeleted = action.Errorf(http.StatusConflict, "admin.error.content.alreadyDeleted")
	// ErrContentNotDeleted is a restore of a live row.
	ErrContentNotDeleted = action.Errorf(http.StatusConflict, "admin.error.content.notDeleted")
	// ErrContentCollision is a restore of an article version whose language
	// another live version of the article holds.
	ErrContentCollision = action.Errorf(http.StatusConflict, "admin.error.content.restoreCollision")
	// ErrChangeFailed is a row of a bulk change the server failed to change (logged).
	ErrChangeFailed = action.Errorf(http.StatusInternalServerError, "admin.error.changeFailed")
)

// contentUnsupported says why a kind is not deleted nor restored here.
var contentUnsupported = map[string]*action.Error{
	// A coupon is a member's money's worth: it expires or is used, never deleted.
	persistence.AdminCoupon: action.Errorf(http.StatusConflict, "admin.error.content.couponNoDelete"),
	// Nodes and categories have no soft delete; removing one would orphan
	// its topics, members and paid joins.
	persistence.AdminNode:     action.Errorf(http.StatusConflict, "admin.error.content.nodeNoDelete"),
	persistence.AdminCategory: action.Errorf(http.StatusConflict, "admin.error.content.nodeNoDelete"),
	// Pages are part of the published layout: the page builder removes them.
	persistence.AdminPage: action.Errorf(http.StatusConflict, "admin.error.content.pageNoDelete"),
	// Terms have no soft delete; removing one would leave articles and
	// products pointing at a category or tag that is gone.
	persistence.AdminTerm: action.Errorf(http.StatusConflict, "admin.error.content.termNoDelete"),
}

// AdminContentRow is one row of the operators' content list.
type AdminContentRow struct {
	Kind    string     `json:"kind" doc:"article, topic, answer, comment, product, coupon, node, category, page or term (an article or shop category or tag)"`
	ID      string     `json:"id" doc:"the databaseId as a decimal string; a coupon's code"`
	Title   string     `json:"title" doc:"in the request's language where the content has several; an answer's topic title; empty for a comment; a term's name"`
	Excerpt string     `json:"excerpt" doc:"plain text, at most 600 bytes"`
	Lang    string     `json:"lang" doc:"an article's language (a comment's: its article's); empty for the other kinds"`
	Author  *ActorView `json:"author" doc:"null for kinds without one (products, pages) or a template coupon"`
	URL     string     `json:"url" doc:"where a reader sees it, a path with the language prefix; empty when it has no page"`
	EditURL string     `json:"editUrl" doc:"where it is edited in the site; empty when the site's editors cannot open it"`
	// CreatedAt and the others are epoch ms.
	CreatedAt int64             `json:"createdAt" doc:"epoch ms"`
	UpdatedAt int64             `json:"updatedAt" doc:"epoch ms"`
	DeletedAt int64             `json:"deletedAt" doc:"epoch ms; 0 while live"`
	Extra     map[string]string `json:"extra" doc:"per kind: article groupId, categoryId; topic node (slug), nodeId, type; answer topicId; comment targetType, targetId, targetSlug (an article's); product price (JSON {asset: minor units} of its first variant), sold, type; coupon code, owner, status, type, currency, value, expiredAt; node topics, members, categoryId, joinType; category nodes; page kind (custom or docs); term kind (category, tag, shop_category or shop_tag), items (live articles or products using it)"`
}

// contentID is a row's id as the wire carries it.
func contentID(r persistence.AdminContentRow) string {
	if r.Kind == persistence.AdminCoupon {
		return r.Key
	}
	return strconv.FormatInt(r.ID, 10)
}

// contentTarget names a row in the audit log, e.g. "article:456".
func contentTarget(kind, id string) string { return kind + ":" + id }

// excerptBytes bounds a row's excerpt (about 200 characters of Chinese).
const excerptBytes = 600

// contentView is the wire row of r in lang, with its author.
func contentView(r persistence.AdminContentRow, lang string, authors map[int64]member.Summary) AdminContentRow {
	title, excerpt := r.Title, r.Excerpt
	if r.Titles != nil || r.Excerpts != nil {
		title, excerpt = localName(r.Titles, lang), localName(r.Excerpts, lang)
	}
	v := AdminContentRow{Kind: r.Kind, ID: contentID(r), Title: title,
		Excerpt: action.Truncate(strings.TrimSpace(excerpt), excerptBytes), Lang: r.Lang, CreatedAt: r.CreatedAt,
		UpdatedAt: r.UpdatedAt, DeletedAt: r.DeletedAt, Extra: r.Extra}
	if a, ok := authors[r.AuthorID]; ok && r.AuthorID != 0 {
		v.Author = &ActorView{DatabaseID: a.DatabaseID, Name: a.Name, Slug: a.GqSlug}
	}
	v.URL, v.EditURL = contentURLs(r, lang)
	return v
}
