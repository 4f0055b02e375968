package content

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/internal/gate"
	"souk/app/internal/live"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// TermInput names a category or a tag; a new one is created.
type TermInput struct {
	Slug  string            `json:"slug" doc:"letters, digits and single hyphens, at most 60 characters"`
	Names map[string]string `json:"names,omitempty" doc:"the name per language; sets it when given, the slug names a new term otherwise"`
}

// SaveArticleInput creates or edits an article, or adds a language version.
type SaveArticleInput struct {
	ID            action.ID   `json:"id,omitempty" doc:"the version to edit; absent creates one"`
	Group         action.ID   `json:"group,omitempty" doc:"with no id: any version of the article this one translates (a new language version of its group)"`
	Lang          string      `json:"lang,omitempty" doc:"the version's language (zh-hans, en, es); the request's by default; fixed once created"`
	Title         string      `json:"title" doc:"1-200 characters"`
	Slug          string      `json:"slug,omitempty" doc:"the URL's slug; made from the title when empty"`
	Content       string      `json:"content" maxBytes:"1048576" doc:"HTML from the editor; sanitized"`
	Excerpt       string      `json:"excerpt,omitempty" doc:"plain text, at most 300 characters, shown to readers the gate keeps out too; readers who may read the article get one made from the content when empty"`
	FeaturedImage string      `json:"featuredImage,omitempty" doc:"an https URL or this site's /api/media/ path"`
	Category      *TermInput  `json:"category,omitempty"`
	Tags          []TermInput `json:"tags,omitempty" doc:"at most 10"`
	Roles         []gate.Role `json:"roles,omitempty" doc:"the gate: any one entry lets a reader in; empty is free"`
	ClientID      string      `json:"clientId,omitempty" doc:"the client's id of this save: a retried create with it stores one article"`
}

var (
	slugPattern  = regexp.MustCompile(`^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$`)
	imagePattern = regexp.MustCompile(`^(https://[^\s"'<>]+|/api/media/[^\s"'<>]+)$`)
)

const (
	maxSlugRunes    = 60
	maxExcerptRunes = 300
)

// Validate checks what needs no database and sanitizes the content.
func (in *SaveArticleInput) Validate() error {
	in.Title = member.PlainText(in.Title, false)
	in.Excerpt = member.PlainText(in.Excerpt, false)
	in.Slug = strings.ToLower(strings.TrimSpace(in.Slug))
	in.FeaturedImage = strings.TrimSpace(in.FeaturedImage)
	in.ClientID = strings.TrimSpace(in.ClientID)
	in.Content = richtext.Sanitize(in.Content)
	text := richtext.Text(in.Content)
	if in.Slug == "" {
		in.Slug = slugOf(in.Title)
	}
	switch {
	case in.ID < 0:
		return action.BadField("id")
	case in.Group < 0 || (in.Group != 0 && in.ID != 0):
		return action.BadField("group")
	case in.Lang != "" && action.NormalizeLang(in.Lang) != in.Lang:
		return action.BadField("lang")
	case in.Title == "" || utf8.RuneCountInString(in.Title) > MaxTitleRunes:
		return ErrTitle
	case !validSlug(in.Slug):
		return action.BadField("slug")
	case text == "" && !richtext.HasMedia(in.Content):
		return ErrContent
	case utf8.RuneCountInString(text) > MaxArticleRunes:
		return ErrTooLong
	case utf8.RuneCountInString(in.Excerpt) > maxExcerptRunes:
		return ErrTooLong
	case in.FeaturedImage != "" && !imagePattern.MatchString(in.FeaturedImage):
		return ErrImage
	case len(in.Tags) > MaxTags:
		return action.BadField("tags")
	case len(in.Roles) > gate.MaxRoles:
		return ErrRoles
	case len(in.ClientID) > 64:
		return action.BadField("clientId")
	}
	if in.Category != nil && !validSlug(in.Category.Slug) {
		return ErrCategory
	}
	for _, t := range in.Tags {
		if !validSlug(t.Slug) {
			return ErrCategory
		}
	}
	return nil
}

func validSlug(s string) bool {
	return s != "" && utf8.RuneCountInString(s) <= maxSlugRunes && slugPattern.MatchString(s)
}

// slugOf makes a slug of a title: its letters and digits, lower case,
// words joined by hyphens, cut to the slug's limit.
func slugOf(title string) string {
	words := strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r)
	})
	slug := strings.Join(words, "-")
	if r := []rune(slug); len(r) > maxSlugRunes {
		slug = strings.Trim(string(r[:maxSlugRunes]), "-")
	}
	return slug
}

// SaveArticleResult is the article saved.
type SaveArticleResult struct {
	Success bool        `json:"success"`
	Article ArticleNode `json:"article"`
}

// SaveArticleReply is the reply of mutates.saveArticle.
type SaveArticleReply struct {
	GqSaveArticle SaveArticleResult `json:"gqSaveArticle"`
}

// SaveArticle answers mutates.saveArticle.
func (s *Service) SaveArticle(ctx context.Context, in SaveArticleInput) (SaveArticleReply, error) {
	var reply SaveArticleReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	req := action.RequestFrom(ctx)
	if err := gate.Check(ctx, s.db, in.Roles); err != nil {
		if errors.Is(err, gate.ErrInvalid) {
			return reply, ErrRoles
		}
		return reply, err
	}
	roles, err := json.Marshal(nonNilRoles(in.Roles))
	if err != nil {
		return reply, err
	}
	lang := in.Lang
	if lang == "" {
		lang = action.NormalizeLang(req.Lang)
	}
	a := persistence.Article{Lang: lang, AuthorID: req.Viewer.UserID, Slug: in.Slug, Title: in.Title,
		Content: in.Content, Excerpt: in.Excerpt, FeaturedImage: in.FeaturedImage, Roles: string(roles),
		UpdatedAt: persistence.Millis(s.now())}
	switch {
	case in.ID != 0:
		old, err := s.db.Articles().Get(ctx, int64(in.ID))
		if err != nil {
			return reply, errNotFound(err)
		}
		a.ID, a.GroupID, a.Lang, a.AuthorID, a.CreatedAt = old.ID, old.GroupID, old.Lang, old.AuthorID, old.CreatedAt
	case in.Group != 0:
		group, err := s.db.Articles().Get(ctx, int64(in.Group))
		if err != nil {
			return reply, errNotFound(err)
		}
		a.GroupID = group.GroupID
	}
	if a.CategoryID, a.TagIDs, err = s.terms(ctx, lang, in.Category, in.Tags); err != nil {
		return reply, err
	}
	if in.ID != 0 {
		err = s.db.Articles().Update(ctx, a)
	} else {
		a.CreatedAt = a.UpdatedAt
		if in.ClientID != "" {
			a.IdemKey = "article:" + member.IdemKey(req.Viewer.UserID, in.ClientID)
		}
		var created bool
		created, err = s.db.Articles().Create(ctx, &a)
		if err == nil && !created && a.DeletedAt != 0 {
			err = persistence.ErrNotFound
		}
	}
	switch {
	case errors.Is(err, persistence.ErrConflict):
		return reply, ErrVersionExists
	case err != nil:
		return reply, errNotFound(err)
	}
	nodes, err := s.articleNodes(ctx, req.Viewer, lang, []persistence.Article{a})
	if err != nil {
		return reply, err
	}
	reply.GqSaveArticle = SaveArticleResult{Success: true, Article: nodes[0]}
	return reply, nil
}

func nonNilRoles(roles []gate.Role) []gate.Role {
	if roles == nil {
		return []gate.Role{}
	}
	return roles
}

// terms stores the category and tags named (new ones named by their slug
// in lang) and returns their ids.
func (s *Service) terms(ctx context.Context, lang string, category *TermInput, tags []TermInput) (int64, []int64, error) {
	var categoryID int64
	if category != nil {
		id, err := s.term(ctx, persistence.TermCategory, lang, *category)
		if err != nil {
			return 0, nil, err
		}
		categoryID = id
	}
	tagIDs := []int64{}
	for _, t := range tags {
		id, err := s.term(ctx, persistence.TermTag, lang, t)
		if err != nil {
			return 0, nil, err
		}
		tagIDs = append(tagIDs, id)
	}
	return categoryID, tagIDs, nil
}

func (s *Service) term(ctx context.Context, kind, lang string, in TermInput) (int64, error) {
	if len(in.Names) == 0 {
		t, err := s.db.Articles().TermBySlug(ctx, kind, in.Slug)
		if err == nil {
			return t.ID, nil
		}
		if !errors.Is(err, persistence.ErrNotFound) {
			return 0, err
		}
		in.Names = map[string]string{lang: in.Slug}
	}
	names := make(map[string]string, len(in.Names))
	for l, n := range in.Names {
		n = member.PlainText(n, false)
		if action.NormalizeLang(l) != l || n == "" || utf8.RuneCountInString(n) > maxSlugRunes {
			return 0, ErrCategory
		}
		names[l] = n
	}
	t := persistence.ArticleTerm{Kind: kind, Slug: in.Slug, Names: names}
	if err := s.db.Articles().UpsertTerm(ctx, &t); err != nil {
		return 0, err
	}
	return t.ID, nil
}

// deleteArticle soft-deletes the article id for its author or an
// administrator.
func (s *Service) deleteArticle(ctx context.Context, viewer action.Viewer, id int64) error {
	a, err := s.db.Articles().Get(ctx, id)
	if err != nil {
		return err
	}
	if a.AuthorID != viewer.UserID && !viewer.IsAdmin {
		return action.ErrForbidden
	}
	if err := s.db.Articles().Delete(ctx, id, persistence.Millis(s.now())); err != nil {
		return err
	}
	s.deleted(ctx, persistence.TargetArticle, id, live.Article(id))
	return nil
}
