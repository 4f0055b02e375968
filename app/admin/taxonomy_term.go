package admin

import (
	"context"
	"errors"
	"strconv"

	"souk/app/action"
	"souk/persistence"
)

// termKinds are the article_terms kinds the operators edit.
var termKinds = []string{persistence.TermCategory, persistence.TermTag, persistence.TermShopCategory,
	persistence.TermShopTag}

// TermDraft is an article or shop term as admin.saveTerm takes it and
// admin.term answers it.
type TermDraft struct {
	ID    string            `json:"id,omitempty" doc:"the term's databaseId as decimal text; absent (or empty) to create one"`
	Kind  string            `json:"kind" doc:"category, tag (articles), shop_category or shop_tag; an edit keeps the stored kind"`
	Slug  string            `json:"slug" doc:"lower-case letters and digits in words joined by hyphens, at most 80, unique per kind"`
	Names map[string]string `json:"names" doc:"the name per language code, one for every offered language (at most 60 characters)"`
}

// TermInput names the term an operator opens in the term form.
type TermInput struct {
	ID action.ID `json:"id" doc:"the term's databaseId"`
}

// TermReply is a stored term.
type TermReply struct {
	Term TermDraft `json:"term" doc:"the stored term exactly as admin.saveTerm takes it"`
}

// Term answers admin.term.
func (s *TaxonomyService) Term(ctx context.Context, in TermInput) (TermReply, error) {
	if in.ID <= 0 {
		return TermReply{}, action.Required("id")
	}
	t, err := s.db.Articles().Term(ctx, int64(in.ID))
	if err != nil {
		return TermReply{}, notFoundAs(err)
	}
	return TermReply{Term: draftOfTerm(t)}, nil
}

func draftOfTerm(t persistence.ArticleTerm) TermDraft {
	return TermDraft{ID: idText(t.ID), Kind: t.Kind, Slug: t.Slug, Names: nonNilNames(t.Names)}
}

// SaveTerm answers admin.saveTerm.
func (s *TaxonomyService) SaveTerm(ctx context.Context, in TermDraft) (TermReply, error) {
	id, err := parseID("id", in.ID)
	if err != nil {
		return TermReply{}, err
	}
	t := persistence.ArticleTerm{ID: id, Kind: in.Kind, Slug: in.Slug, Names: trimNames(in.Names)}
	var before any
	if id != 0 {
		stored, err := s.db.Articles().Term(ctx, id)
		if err != nil {
			return TermReply{}, notFoundAs(err)
		}
		before = draftOfTerm(stored)
		if t.Kind == "" {
			t.Kind = stored.Kind
		}
		if t.Kind != stored.Kind {
			return TermReply{}, taxonomyFieldError("kind", "kindFixed")
		}
	}
	if err := checkOneOf("kind", t.Kind, termKinds); err != nil {
		return TermReply{}, err
	}
	if err := checkSlug(t.Slug); err != nil {
		return TermReply{}, err
	}
	offered, err := s.offeredLanguages(ctx)
	if err != nil {
		return TermReply{}, err
	}
	if err := checkTaxonomyNames("names", t.Names, offered); err != nil {
		return TermReply{}, err
	}
	if err := s.db.Articles().SaveTerm(ctx, &t); errors.Is(err, persistence.ErrConflict) {
		return TermReply{}, errSlugTaken(t.Slug)
	} else if err != nil {
		return TermReply{}, notFoundAs(err)
	}
	after := draftOfTerm(t)
	action.AuditChange(ctx, "term:"+strconv.FormatInt(t.ID, 10), before, after)
	return TermReply{Term: after}, nil
}
