package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"souk/app/internal/richtext"
	"souk/persistence"
)

type articlesFile struct {
	Terms []struct {
		// ID is fixed, so that the demo's menus can link to the term's page.
		ID    int64             `json:"id"`
		Kind  string            `json:"kind"`
		Slug  string            `json:"slug"`
		Names map[string]string `json:"names"`
	} `json:"terms"`
	Articles []struct {
		ID            int64             `json:"id"`
		Group         int64             `json:"group"`
		Lang          string            `json:"lang"`
		Author        string            `json:"author"` // a demo user's slug
		Slug          string            `json:"slug"`
		Title         string            `json:"title"`
		Excerpt       string            `json:"excerpt"`
		Content       string            `json:"content"`
		FeaturedImage string            `json:"featuredImage"`
		Category      string            `json:"category"`
		Tags          []string          `json:"tags"`
		Roles         []json.RawMessage `json:"roles"`
	} `json:"articles"`
}

// seedArticles writes the demo articles (fixed ids, so that a second run
// finds them and changes nothing) and their categories and tags (upserted
// by slug).
func seedArticles(ctx context.Context, db *persistence.DB) error {
	var f articlesFile
	if err := load("articles.json", &f); err != nil {
		return err
	}
	terms := map[string]int64{}
	for _, t := range f.Terms {
		term := persistence.ArticleTerm{ID: t.ID, Kind: t.Kind, Slug: t.Slug, Names: t.Names}
		if err := db.Articles().UpsertTerm(ctx, &term); err != nil {
			return fmt.Errorf("demo: term %q: %w", t.Slug, err)
		}
		terms[t.Kind+":"+t.Slug] = term.ID
	}
	for _, a := range f.Articles {
		author, err := db.Users().GetBySlug(ctx, a.Author)
		if err != nil {
			return fmt.Errorf("demo: article %d: author %q: %w", a.ID, a.Author, err)
		}
		roles, err := json.Marshal(append([]json.RawMessage{}, a.Roles...))
		if err != nil {
			return err
		}
		content := richtext.Sanitize(a.Content)
		article := persistence.Article{ID: a.ID, GroupID: a.Group, Lang: a.Lang, AuthorID: author.ID, Slug: a.Slug,
			Title: a.Title, Content: content, Excerpt: a.Excerpt, FeaturedImage: a.FeaturedImage,
			CategoryID: terms[persistence.TermCategory+":"+a.Category], Roles: string(roles)}
		for _, tag := range a.Tags {
			article.TagIDs = append(article.TagIDs, terms[persistence.TermTag+":"+tag])
		}
		switch _, err := db.Articles().Create(ctx, &article); {
		case errors.Is(err, persistence.ErrConflict):
			// Seeded before (or the version's language was taken since).
		case err != nil:
			return fmt.Errorf("demo: article %d: %w", a.ID, err)
		}
	}
	return nil
}
