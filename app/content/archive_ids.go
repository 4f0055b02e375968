package content

import (
	"context"
	"errors"

	"souk/app/action"
	"souk/app/internal/picked"
	"souk/persistence"
)

// pickedArticles reads the live articles ids in their order, each replaced by its
// version in f.Lang when there is one, keeping those f's category, tag
// and author select. Unknown and deleted ids are left out, and so is an
// article met twice (a repeated id, or two ids of one group). Like List,
// it leaves the tags out.
func (s *Service) pickedArticles(ctx context.Context, f persistence.ArticleFilter, ids []action.ID) ([]persistence.Article, error) {
	list := make([]persistence.Article, 0, len(ids))
	seen := map[int64]bool{}
	for _, id := range picked.Keys(ids) {
		a, err := s.inLang(ctx, id, f.Lang)
		if errors.Is(err, persistence.ErrNotFound) {
			continue
		} else if err != nil {
			return nil, err
		}
		if seen[a.ID] || !selects(f, a) {
			continue
		}
		seen[a.ID] = true
		a.TagIDs = nil
		list = append(list, a)
	}
	return list, nil
}

// inLang returns the live article id, or its group's live version in lang
// when it has one.
func (s *Service) inLang(ctx context.Context, id int64, lang string) (persistence.Article, error) {
	a, err := s.db.Articles().Get(ctx, id)
	if err != nil || a.Lang == lang {
		return a, err
	}
	versions, err := s.db.Articles().Versions(ctx, a.GroupID)
	if err != nil {
		return a, err
	}
	for _, v := range versions {
		if v.Lang == lang {
			return s.db.Articles().Get(ctx, v.ID)
		}
	}
	return a, nil
}

// selects reports whether a passes f's category, tag and author.
func selects(f persistence.ArticleFilter, a persistence.Article) bool {
	switch {
	case f.CategoryID != 0 && a.CategoryID != f.CategoryID, f.AuthorID != 0 && a.AuthorID != f.AuthorID:
		return false
	case f.TagID == 0:
		return true
	}
	for _, tag := range a.TagIDs {
		if tag == f.TagID {
			return true
		}
	}
	return false
}
