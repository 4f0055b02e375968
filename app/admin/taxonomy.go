package admin

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"souk/app/action"
	"souk/persistence"
)

// The operators' taxonomy: community categories and nodes (community_nodes)
// and the article and shop terms (article_terms), created and edited here.
// Neither the community nor the content feature keeps a copy of them (their
// pages read the rows on every request, and the search index holds no node
// or term names), so a saved row is what the next page shows.

// Errors of the taxonomy forms; a field's refusal uses the settings'
// reasons (admin.error.settings.*) with the field named.
var (
	errTaxonomyNotFound = action.Errorf(http.StatusNotFound, "admin.error.taxonomy.notFound")
)

// errSlugTaken refuses a slug another row of the kind has (409, field slug).
func errSlugTaken(slug string) *action.Error {
	return action.Errorf(http.StatusConflict, "admin.error.taxonomy.slugTaken", "field", "slug", "value", slug)
}

// taxonomyFieldError refuses field for reason (admin.error.taxonomy.<reason>).
func taxonomyFieldError(field, reason string, pairs ...any) *action.Error {
	return action.Errorf(http.StatusBadRequest, "admin.error.taxonomy."+reason, append([]any{"field", field}, pairs...)...)
}

// TaxonomyConfig wires a TaxonomyService.
type TaxonomyConfig struct {
	DB *persistence.DB
}

// TaxonomyService answers admin.node, admin.saveNode, admin.term and
// admin.saveTerm.
type TaxonomyService struct {
	db *persistence.DB
}

// NewTaxonomy returns the operators' taxonomy service.
func NewTaxonomy(cfg TaxonomyConfig) *TaxonomyService {
	return &TaxonomyService{db: cfg.DB}
}

// Register adds the taxonomy actions to r.
func (s *TaxonomyService) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "admin.node",
		Summary: "A community node or category as admin.saveNode takes it (every language), with the choices of " +
			"its form: the categories, the growth levels and the currencies a paid join may ask.",
		Access: action.Admin,
	}, s.Node)
	action.Register(r, action.Spec{
		Name: "admin.saveNode",
		Summary: "Creates (no id) or edits a community node or category: slug unique per kind, names in every " +
			"offered language, join rules checked; its member and topic counts are kept.",
		Access: action.Admin,
	}, s.SaveNode)
	action.Register(r, action.Spec{
		Name:    "admin.term",
		Summary: "An article or shop category or tag as admin.saveTerm takes it (every language).",
		Access:  action.Admin,
	}, s.Term)
	action.Register(r, action.Spec{
		Name: "admin.saveTerm",
		Summary: "Creates (no id) or edits an article category or tag, or a shop category or tag: slug unique " +
			"per kind, names in every offered language.",
		Access: action.Admin,
	}, s.SaveTerm)
}

// offeredLanguages are the codes of the languages the site offers: every
// name is required in each.
func (s *TaxonomyService) offeredLanguages(ctx context.Context) ([]string, error) {
	list, err := s.db.Languages().List(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(list))
	for _, l := range list {
		out = append(out, l.Code)
	}
	if len(out) == 0 {
		out = append(out, zhHans)
	}
	return out, nil
}

// idText is a databaseId as decimal text, "" for 0.
func idText(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

// parseID reads a databaseId sent as decimal text ("" is 0), refusing
// anything else at field.
func parseID(field, text string) (int64, error) {
	if text == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(text, 10, 64)
	if err != nil || id < 0 {
		return 0, action.BadField(field)
	}
	return id, nil
}

// notFoundAs maps persistence.ErrNotFound to the taxonomy's 404.
func notFoundAs(err error) error {
	if errors.Is(err, persistence.ErrNotFound) {
		return errTaxonomyNotFound
	}
	return err
}
