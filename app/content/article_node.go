package content

import (
	"context"
	"encoding/json"
	"fmt"

	"souk/app/action"
	"souk/app/internal/gate"
	"souk/app/internal/live"
	"souk/app/internal/richtext"
	"souk/app/member"
	"souk/persistence"
)

// ArticleTerm is a category or a tag as readers get it.
type ArticleTerm struct {
	ID         string `json:"id"`
	DatabaseID string `json:"databaseId"`
	Kind       string `json:"kind" doc:"category or tag"`
	Slug       string `json:"gqSlug"`
	Name       string `json:"name" doc:"in the request's language"`
	URI        string `json:"uri" doc:"the term's page, without the language prefix: /article-archive/{slug}-{id} or /article-tag/{slug}-{id}"`
}

// ArticleImageNode is a featured image.
type ArticleImageNode struct {
	SourceURL string `json:"sourceUrl"`
}

// ArticleImage wraps the featured image as the client reads it.
type ArticleImage struct {
	Node ArticleImageNode `json:"node"`
}

// ArticleVersion is one language version of an article.
type ArticleVersion struct {
	ID    string `json:"id"`
	Lang  string `json:"lang"`
	Slug  string `json:"gqSlug"`
	Title string `json:"title"`
	URI   string `json:"uri" doc:"the version's page with its language prefix"`
}

// ArticleNode is an article as readers get it. Content is empty when the
// article is gated for the viewer: Gate then says how to get in.
type ArticleNode struct {
	ID            string           `json:"id"`
	DatabaseID    string           `json:"databaseId"`
	GroupID       string           `json:"groupId" doc:"the translation group: the id of the first version"`
	Lang          string           `json:"lang"`
	Title         string           `json:"title"`
	Slug          string           `json:"gqSlug"`
	URI           string           `json:"uri" doc:"the article's page with its language prefix"`
	Content       string           `json:"content" doc:"sanitized HTML; empty while gated"`
	Excerpt       string           `json:"excerpt" doc:"plain text"`
	FeaturedImage *ArticleImage    `json:"featuredImage,omitempty"`
	Author        member.Summary   `json:"author"`
	Category      *ArticleTerm     `json:"category,omitempty"`
	Tags          []ArticleTerm    `json:"tags"`
	ViewsCache    int64            `json:"viewsCache"`
	LikeCount     int64            `json:"likeCount"`
	CommentCount  int64            `json:"commentCount"`
	IsLiked       bool             `json:"isLiked" doc:"the viewer likes it"`
	CreatedAt     int64            `json:"createdAt" doc:"epoch milliseconds"`
	UpdatedAt     int64            `json:"updatedAt" doc:"epoch milliseconds"`
	Roles         []gate.Role      `json:"roles" doc:"the gate's entries; empty when anyone may read it"`
	Gated         bool             `json:"gated" doc:"the viewer may not read the content"`
	Gate          *gate.Role       `json:"gate,omitempty" doc:"the entry to offer a viewer who may not read it (SPEC.md §6)"`
	Versions      []ArticleVersion `json:"versions,omitempty" doc:"the article's language versions (single article only)"`
	// TranslationMissing is set when the article was asked for in a
	// language it has no version in: this is the original.
	TranslationMissing bool `json:"translationMissing,omitempty" doc:"no version in the request's language: this is the original"`
}

func articleURI(lang, slug string, id int64) string {
	seg := member.FormatID(id)
	if slug != "" {
		seg = slug + "-" + seg
	}
	return action.LangPrefix(lang) + "/article/" + seg
}

func termNode(t persistence.ArticleTerm, lang string) ArticleTerm {
	id := member.FormatID(t.ID)
	view := "archive"
	if t.Kind == persistence.TermTag {
		view = "tag"
	}
	name := t.Names[lang]
	if name == "" {
		name = t.Names[action.DefaultLang]
	}
	if name == "" {
		name = t.Slug
	}
	return ArticleTerm{ID: id, DatabaseID: id, Kind: t.Kind, Slug: t.Slug, Name: name,
		URI: "/article-" + view + "/" + t.Slug + "-" + id}
}

func decodeRoles(text string) ([]gate.Role, error) {
	roles := []gate.Role{}
	if text == "" {
		return roles, nil
	}
	if err := json.Unmarshal([]byte(text), &roles); err != nil {
		return nil, fmt.Errorf("content: roles: %w", err)
	}
	return roles, nil
}

// articleNodes builds the nodes of articles for viewer in lang: counts,
// likes, terms, authors, and the gate of each.
func (s *Service) articleNodes(ctx context.Context, viewer action.Viewer, lang string, list []persistence.Article) ([]ArticleNode, error) {
	ids := make([]int64, len(list))
	authors := make([]int64, len(list))
	var termIDs []int64
	for i, a := range list {
		ids[i], authors[i] = a.ID, a.AuthorID
		termIDs = append(termIDs, a.CategoryID)
		termIDs = append(termIDs, a.TagIDs...)
	}
	summaries, err := member.Summaries(ctx, s.db, authors...)
	if err != nil {
		return nil, fmt.Errorf("content: article authors: %w", err)
	}
	counts, err := s.db.Counters().Get(ctx, persistence.TargetArticle, ids)
	if err != nil {
		return nil, err
	}
	liked, err := s.db.Likes().Liked(ctx, viewer.UserID, persistence.TargetArticle, ids)
	if err != nil {
		return nil, err
	}
	terms, err := s.db.Articles().Terms(ctx, termIDs)
	if err != nil {
		return nil, err
	}
	nodes := make([]ArticleNode, len(list))
	for i, a := range list {
		roles, err := decodeRoles(a.Roles)
		if err != nil {
			return nil, err
		}
		decision, err := gate.Decide(ctx, s.db, gate.Viewer{UserID: viewer.UserID, IsAdmin: viewer.IsAdmin},
			gate.Content{TargetType: persistence.TargetArticle, TargetID: a.ID, AuthorID: a.AuthorID, Roles: roles}, s.now())
		if err != nil {
			return nil, err
		}
		id := member.FormatID(a.ID)
		n := ArticleNode{ID: id, DatabaseID: id, GroupID: member.FormatID(a.GroupID), Lang: a.Lang, Title: a.Title,
			Slug: a.Slug, URI: articleURI(a.Lang, a.Slug, a.ID), Excerpt: a.Excerpt, Author: summaries[a.AuthorID],
			Tags: []ArticleTerm{}, ViewsCache: a.Views + s.views.pending(a.ID), LikeCount: counts[a.ID].Likes,
			CommentCount: counts[a.ID].Comments, IsLiked: liked[a.ID], CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt,
			Roles: roles, Gated: !decision.Open, Gate: decision.Shown}
		// A gated article's readers outside get only the excerpt its
		// author wrote: one made from the content would leak it.
		if decision.Open {
			n.Content = a.Content
			if n.Excerpt == "" {
				n.Excerpt = richtext.Excerpt(a.Content, ExcerptRunes)
			}
		}
		if a.FeaturedImage != "" {
			n.FeaturedImage = &ArticleImage{Node: ArticleImageNode{SourceURL: a.FeaturedImage}}
		}
		if t, ok := terms[a.CategoryID]; ok {
			node := termNode(t, lang)
			n.Category = &node
		}
		for _, tag := range a.TagIDs {
			if t, ok := terms[tag]; ok {
				n.Tags = append(n.Tags, termNode(t, lang))
			}
		}
		nodes[i] = n
	}
	return nodes, nil
}

// articleAccess is the Access of an article for viewer.
func (s *Service) articleAccess(ctx context.Context, viewer action.Viewer, id int64) (Access, error) {
	a, err := s.db.Articles().Get(ctx, id)
	if err != nil {
		return Access{}, err
	}
	roles, err := decodeRoles(a.Roles)
	if err != nil {
		return Access{}, err
	}
	decision, err := gate.Decide(ctx, s.db, gate.Viewer{UserID: viewer.UserID, IsAdmin: viewer.IsAdmin},
		gate.Content{TargetType: persistence.TargetArticle, TargetID: a.ID, AuthorID: a.AuthorID, Roles: roles}, s.now())
	if err != nil {
		return Access{}, err
	}
	access := Access{AuthorID: a.AuthorID, Read: decision.Open, Comment: decision.Open, Roles: roles,
		Channel: live.Article(a.ID)}
	for _, r := range roles {
		if r.Type == gate.Cmt && !viewer.IsGuest() {
			access.Comment = true
		}
	}
	return access, nil
}
